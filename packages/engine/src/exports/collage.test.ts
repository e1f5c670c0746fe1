import { rm } from 'node:fs/promises';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { writeTestCollection } from '../../test/support/write-test-collection.ts';
import { collageLayout, createCollage } from './collage.ts';
import { encodePngStream } from './png-stream.ts';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

describe('encodePngStream', () => {
  it('encodes bands of rows into a PNG that decodes to the same pixels', async () => {
    const width = 37;
    const height = 23;
    const pixels = new Uint8Array(width * height * 4).map((_, index) => (index * 7919) % 256);
    async function* bands() {
      for (let row = 0; row < height; row += 5) {
        yield pixels.subarray(row * width * 4, Math.min(height, row + 5) * width * 4);
      }
    }
    const png = await collect(encodePngStream({ width, height, channels: 4, bands: bands() }));
    const decoded = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(decoded.info).toMatchObject({ width, height, channels: 4 });
    expect(Buffer.compare(decoded.data, Buffer.from(pixels))).toBe(0);
  });

  it('refuses a stream with the wrong number of rows', async () => {
    async function* bands() {
      yield new Uint8Array(3 * 2);
    }
    await expect(
      collect(encodePngStream({ width: 2, height: 2, channels: 3, bands: bands() })),
    ).rejects.toThrow('expected 2 rows, got 1');
  });
});

describe('createCollage', () => {
  it('lays the tokens out in rows of tiles, each tile showing its token', async () => {
    const colors = [
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
      [255, 255, 0],
      [0, 255, 255],
    ] as const;
    const { dir, source } = await writeTestCollection(colors.map((color) => ({ color, attributes: [] })));
    folders.push(dir);
    const options = { columns: 3, tile: 10, gap: 2, background: '#102030' };
    expect(collageLayout(source.size, options)).toMatchObject({
      count: 5,
      columns: 3,
      rows: 2,
      width: 38,
      height: 26,
    });
    const png = await collect(createCollage(source, options));
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 38, height: 26, channels: 3 });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    colors.forEach((color, index) => {
      const column = index % 3;
      const row = Math.floor(index / 3);
      expect(at(2 + column * 12 + 5, 2 + row * 12 + 5), `tile ${index + 1}`).toEqual([...color]);
    });
    expect(at(0, 0)).toEqual([0x10, 0x20, 0x30]);
    expect(at(2 + 2 * 12 + 5, 2 + 12 + 5)).toEqual([0x10, 0x20, 0x30]); // the empty sixth cell
  });

  it('draws every token of a larger collection (tiles made on worker threads) in its place', async () => {
    const colors = [
      [200, 30, 30],
      [30, 200, 30],
      [30, 30, 200],
      [220, 220, 40],
      [40, 220, 220],
    ] as const;
    const { dir, source } = await writeTestCollection(
      Array.from({ length: 300 }, (_, index) => ({ color: colors[(index * 7) % 5]!, attributes: [] })),
      8,
    );
    folders.push(dir);
    const png = await collect(createCollage(source, { columns: 20, tile: 4 }));
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 80, height: 60, channels: 3 });
    for (let index = 0; index < 300; index++) {
      const at = ((Math.floor(index / 20) * 4 + 2) * info.width + (index % 20) * 4 + 2) * 3;
      expect([...data.subarray(at, at + 3)], `token ${index + 1}`).toEqual([...colors[(index * 7) % 5]!]);
    }
  }, 60_000);

  it('defaults to a wide banner of every token', () => {
    expect(collageLayout(10_000)).toMatchObject({ count: 10_000, columns: 200, rows: 50, tile: 128 });
    expect(collageLayout(3, { count: 50 })).toMatchObject({ count: 3, columns: 3, rows: 1 });
  });

  it('refuses a background that is not a colour', async () => {
    const { dir, source } = await writeTestCollection([{ color: [0, 0, 0], attributes: [] }]);
    folders.push(dir);
    expect(() => createCollage(source, { background: 'blue' })).toThrow('#rrggbb');
  });
});
