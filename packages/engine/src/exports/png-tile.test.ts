import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../render/encode-png.ts';
import { pngTile } from './png-tile.ts';

const BACKGROUND = [250, 240, 230] as const;

/** Textured RGBA art with soft and hard transparency, so the encoder picks every row filter. */
function art(width: number, height: number, opaque: boolean): Uint8Array {
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      pixels[at] = (x * 7 + y * 3) & 0xff;
      pixels[at + 1] = (x * y) & 0xff;
      pixels[at + 2] = ((x ^ y) * 5) & 0xff;
      pixels[at + 3] = opaque ? 255 : x < width / 3 ? 0 : (x * 11 + y) & 0xff;
    }
  }
  return pixels;
}

/** The tile by definition: the centred square, each tile pixel the alpha-weighted mean of its source pixels over the background. */
async function expectedTile(png: Uint8Array, tile: number): Promise<number[]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const side = Math.min(info.width, info.height);
  const left = Math.floor((info.width - side) / 2);
  const top = Math.floor((info.height - side) / 2);
  const sums = new Float64Array(tile * tile * 5);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const at = ((top + y) * info.width + left + x) * 4;
      const cell = (Math.floor((y * tile) / side) * tile + Math.floor((x * tile) / side)) * 5;
      const alpha = data[at + 3]!;
      for (let c = 0; c < 3; c++) sums[cell + c]! += data[at + c]! * alpha;
      sums[cell + 3]! += alpha;
      sums[cell + 4]! += 1;
    }
  }
  const out: number[] = [];
  for (let cell = 0; cell < tile * tile; cell++) {
    const [r, g, b, a, n] = sums.subarray(cell * 5, cell * 5 + 5) as unknown as number[];
    const rest = 255 * n! - a!;
    out.push(...[r!, g!, b!].map((sum, c) => Math.round((sum + BACKGROUND[c]! * rest) / (255 * n!))));
  }
  return out;
}

async function expectTileMatches(png: Uint8Array, tile: number) {
  const actual = [...(await pngTile(png, tile, BACKGROUND))];
  const expected = await expectedTile(png, tile);
  expect(actual).toHaveLength(tile * tile * 3);
  const worst = Math.max(...actual.map((value, index) => Math.abs(value - expected[index]!)));
  expect(worst).toBeLessThanOrEqual(1);
}

/** An 8-bit RGBA PNG of already filtered and deflated rows. */
function pngFile(width: number, height: number, idat: Uint8Array): Buffer {
  const chunk = (type: string, data: Uint8Array) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

describe('pngTile', () => {
  it('averages the engine’s RGBA tokens (every row filter) down to the tile, over the background', async () => {
    await expectTileMatches(await encodePng(art(96, 96, false), 96, 96, 'small'), 12);
  });

  it('reads rows stored unfiltered in place, also as the row above a filtered one', async () => {
    // The engine's encoder leaves most rows unfiltered (type 0); each filter here follows one, so Up,
    // Average and Paeth read an unfiltered row above, and two filtered rows follow each other too.
    const width = 40;
    const height = 40;
    const pixels = art(width, height, false);
    const stride = width * 4;
    const filtered = new Uint8Array(height * (stride + 1));
    for (let y = 0; y < height; y++) {
      const filter = [0, 2, 0, 3, 0, 4, 1, 4, 2, 3][y % 10]!;
      const row = pixels.subarray(y * stride, (y + 1) * stride);
      const up = y > 0 ? pixels.subarray((y - 1) * stride, y * stride) : new Uint8Array(stride);
      const out = y * (stride + 1);
      filtered[out] = filter;
      for (let i = 0; i < stride; i++) {
        const a = i >= 4 ? row[i - 4]! : 0;
        const b = up[i]!;
        const c = i >= 4 ? up[i - 4]! : 0;
        const p = a + b - c;
        const paeth =
          Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
            ? a
            : Math.abs(p - b) <= Math.abs(p - c)
              ? b
              : c;
        const predictor = [0, a, b, (a + b) >> 1, paeth][filter]!;
        filtered[out + 1 + i] = (row[i]! - predictor) & 0xff;
      }
    }
    await expectTileMatches(pngFile(width, height, deflateSync(filtered)), 8);
  });

  it('takes the centred square of wide and tall images, and opaque RGB tokens', async () => {
    await expectTileMatches(await encodePng(art(120, 80, true), 120, 80, 'fast'), 16);
    await expectTileMatches(await encodePng(art(50, 90, false), 50, 90, 'small'), 7);
    const wide = await encodePng(art(90, 50, false), 90, 50, 'small');
    expect(wide[25]).toBe(6); // RGBA, read from 20 pixels in
    await expectTileMatches(wide, 7);
  });

  it('reads palette, grey and grey-with-alpha PNGs', async () => {
    const rgba = Buffer.from(art(64, 64, false));
    const raw = { raw: { width: 64, height: 64, channels: 4 as const } };
    await expectTileMatches(await sharp(rgba, raw).png({ palette: true }).toBuffer(), 8);
    const grey = await sharp(rgba, raw).removeAlpha().toColourspace('b-w').png().toBuffer();
    expect(grey[25]).toBe(0);
    await expectTileMatches(grey, 8);
    const greyAlpha = await sharp(rgba, raw).toColourspace('b-w').png().toBuffer();
    expect(greyAlpha[25]).toBe(4);
    await expectTileMatches(greyAlpha, 8);
  });

  it('leaves interlaced and 16-bit PNGs, and enlargements, to sharp', async () => {
    const rgba = Buffer.from(art(40, 40, true));
    const raw = { raw: { width: 40, height: 40, channels: 4 as const } };
    const interlaced = await sharp(rgba, raw).png({ progressive: true }).toBuffer();
    const sixteen = await sharp(rgba, raw).toColourspace('rgb16').png().toBuffer();
    for (const png of [interlaced, sixteen]) {
      const tile = await pngTile(png, 4, BACKGROUND);
      const reference = await sharp(png)
        .resize(4, 4, { fit: 'cover' })
        .flatten({ background: { r: 250, g: 240, b: 230 } })
        .removeAlpha()
        .raw()
        .toBuffer();
      expect(Buffer.compare(Buffer.from(tile), reference)).toBe(0);
    }
    expect(await pngTile(await encodePng(art(8, 8, true), 8, 8, 'fast'), 16, BACKGROUND)).toHaveLength(
      16 * 16 * 3,
    );
  });
});
