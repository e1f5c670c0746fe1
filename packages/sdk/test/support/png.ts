import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { crc32 } from '../../src/zip-store.ts';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A size×size RGBA PNG: transparent, with a filled square of `rgba` at (x, y) of side `side`. */
export function squarePng(size: number, rgba: [number, number, number, number], x = 0, y = 0, side = size) {
  const rows: Buffer[] = [];
  for (let row = 0; row < size; row++) {
    const line = Buffer.alloc(1 + size * 4);
    for (let column = 0; column < size; column++) {
      if (column >= x && column < x + side && row >= y && row < y + side) {
        line.set(rgba, 1 + column * 4);
      }
    }
    rows.push(line);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Writes a HashLips `layers/` folder into `dir`: Background (3 colours), Body (3), Eyes (2 + a rare one),
 * 27 combinations in all, each trait named `Name#weight.png`.
 */
export function writeLayersFolder(dir: string, size = 32): string {
  const layers = join(dir, 'layers');
  const write = (layer: string, file: string, png: Buffer) => {
    mkdirSync(join(layers, layer), { recursive: true });
    writeFileSync(join(layers, layer, file), png);
  };
  write('Background', 'Red#30.png', squarePng(size, [220, 40, 40, 255]));
  write('Background', 'Green#30.png', squarePng(size, [40, 180, 60, 255]));
  write('Background', 'Blue#40.png', squarePng(size, [40, 60, 200, 255]));
  write('Body', 'Round#50.png', squarePng(size, [250, 250, 250, 255], 8, 8, 16));
  write('Body', 'Tall#30.png', squarePng(size, [20, 20, 20, 255], 12, 4, 8));
  write('Body', 'Wide#20.png', squarePng(size, [120, 120, 120, 255], 4, 12, 24));
  write('Eyes', 'Open#60.png', squarePng(size, [255, 230, 0, 255], 10, 10, 4));
  write('Eyes', 'Closed#30.png', squarePng(size, [0, 0, 0, 255], 10, 12, 4));
  write('Eyes', 'Laser#10.png', squarePng(size, [255, 0, 0, 255], 8, 10, 8));
  return layers;
}
