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

describe('pngTile', () => {
  it('averages the engine’s RGBA tokens (every row filter) down to the tile, over the background', async () => {
    await expectTileMatches(await encodePng(art(96, 96, false), 96, 96, 'small'), 12);
  });

  it('takes the centred square of wide and tall images, and opaque RGB tokens', async () => {
    await expectTileMatches(await encodePng(art(120, 80, true), 120, 80, 'fast'), 16);
    await expectTileMatches(await encodePng(art(50, 90, false), 50, 90, 'small'), 7);
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
