import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodePng, isOpaque, PNG_SETTINGS } from './encode-png.ts';

/** Textured gradient pixels, opaque or with a translucent corner. */
function pixels(size: number, translucent: boolean): Uint8Array {
  const rgba = new Uint8Array(size * size * 4);
  let seed = 3;
  for (let i = 0; i < rgba.length; i += 4) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const x = (i / 4) % size;
    rgba[i] = (x * 4 + (seed & 15)) & 255;
    rgba[i + 1] = (x * 2 + ((seed >> 4) & 15)) & 255;
    rgba[i + 2] = 200 - (seed & 7);
    rgba[i + 3] = 255;
  }
  if (translucent) rgba[3] = 128;
  return rgba;
}

/** PNG colour type from the IHDR chunk: 2 truecolour, 6 truecolour with alpha. */
const colourType = (png: Uint8Array): number => png[25]!;

describe('encodePng', () => {
  it('writes an opaque image without its alpha channel: same pixels, smaller than RGBA at the same settings', async () => {
    const size = 64;
    const rgba = pixels(size, false);
    const png = await encodePng(rgba, size, size, 'small');
    expect(colourType(png)).toBe(2);
    const decoded = await sharp(png).ensureAlpha().raw().toBuffer();
    expect(Buffer.compare(decoded, Buffer.from(rgba))).toBe(0);
    const withAlpha = await sharp(rgba, { raw: { width: size, height: size, channels: 4 } })
      .png(PNG_SETTINGS.small)
      .toBuffer();
    expect(png.length).toBeLessThan(withAlpha.length);
    expect(Buffer.compare(Buffer.from(await encodePng(rgba, size, size, 'small')), Buffer.from(png))).toBe(0);
  });

  it('keeps the alpha channel when any pixel is not fully opaque', async () => {
    const size = 16;
    const rgba = pixels(size, true);
    const png = await encodePng(rgba, size, size, 'small');
    expect(colourType(png)).toBe(6);
    expect(Buffer.compare(await sharp(png).raw().toBuffer(), Buffer.from(rgba))).toBe(0);
  });

  it('tells opaque pixels apart at any byte offset', () => {
    const bytes = new Uint8Array(4 * 9 + 1).fill(255);
    expect(isOpaque(bytes.subarray(0, 36))).toBe(true);
    expect(isOpaque(bytes.subarray(1, 37))).toBe(true);
    bytes[35] = 254;
    expect(isOpaque(bytes.subarray(0, 36))).toBe(false);
    bytes[35] = 255;
    bytes[4] = 0;
    expect(isOpaque(bytes.subarray(1, 37))).toBe(false);
    expect(isOpaque(bytes.subarray(0, 36))).toBe(true);
  });
});
