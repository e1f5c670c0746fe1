import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  encodePng,
  isOpaque,
  OPAQUE_PNG_SETTINGS,
  OPAQUE_RECHECK_SHARE,
  PNG_SETTINGS,
  writePngFile,
} from './encode-png.ts';

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

  it('writes opaque images the same whether told or found opaque', async () => {
    const size = 48;
    const rgba = pixels(size, false);
    const told = await encodePng(rgba, size, size, 'small', true);
    const found = await encodePng(rgba, size, size, 'small');
    expect(Buffer.compare(Buffer.from(told), Buffer.from(found))).toBe(0);
  });

  it('writes the same bytes into a file as it returns, for RGBA, opaque and flat art (re-encoded at level 6)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'layerloom-png-'));
    try {
      const size = 48;
      const flat = new Uint8Array(size * size * 4).fill(255);
      for (const [name, rgba] of [
        ['translucent', pixels(size, true)],
        ['opaque', pixels(size, false)],
        ['flat', flat],
      ] as const) {
        const file = path.join(dir, `${name}.png`);
        const written = await writePngFile(rgba, size, size, 'small', file);
        const bytes = await readFile(file);
        expect(written).toBe(bytes.length);
        expect(Buffer.compare(bytes, Buffer.from(await encodePng(rgba, size, size, 'small')))).toBe(0);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('takes RGB pixels too, writing the same file as for the same pixels in opaque RGBA', async () => {
    const size = 40;
    const rgba = pixels(size, false);
    const rgb = new Uint8Array(size * size * 3);
    for (let from = 0, to = 0; from < rgba.length; from += 4, to += 3)
      rgb.set(rgba.subarray(from, from + 3), to);
    const fromRgb = await encodePng(rgb, size, size, 'small');
    expect(colourType(fromRgb)).toBe(2);
    expect(
      Buffer.compare(Buffer.from(fromRgb), Buffer.from(await encodePng(rgba, size, size, 'small'))),
    ).toBe(0);
    await expect(encodePng(rgb.subarray(1), size, size, 'small')).rejects.toThrow(RangeError);
  });

  it('keeps textured art at the fast level and encodes flat pixel art again at level 6, never above the RGBA level-6 file', async () => {
    const size = 256;
    const textured = new Uint8Array(size * size * 4);
    for (let i = 0; i < textured.length; i += 4) {
      // A hash of the position as grain (an LCG's low bits repeat, which deflate would find).
      let grain = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b);
      grain = Math.imul(grain ^ (grain >>> 13), 0xc2b2ae35) ^ (grain >>> 16);
      const x = (i / 4) % size;
      textured[i] = (x + (grain & 31)) & 255;
      textured[i + 1] = (x * 3 + ((grain >> 5) & 31)) & 255;
      textured[i + 2] = 128 + ((grain >> 10) & 31);
      textured[i + 3] = 255;
    }
    const pixelArt = new Uint8Array(size * size * 4);
    for (let i = 0; i < pixelArt.length; i += 4) {
      const x = (i / 4) % size;
      const y = Math.floor(i / 4 / size);
      const colour = ((x >> 3) * 7 + (y >> 3) * 13) % 5;
      pixelArt.set([colour * 50, 255 - colour * 40, colour * 17, 255], i);
    }
    const rgb = (rgba: Uint8Array, level: number) =>
      sharp(rgba, { raw: { width: size, height: size, channels: 4 } })
        .removeAlpha()
        .png({ compressionLevel: level, adaptiveFiltering: true })
        .toBuffer();
    const reference = (rgba: Uint8Array) =>
      sharp(rgba, { raw: { width: size, height: size, channels: 4 } })
        .png(PNG_SETTINGS.small)
        .toBuffer();

    const fast = await rgb(textured, OPAQUE_PNG_SETTINGS.small.compressionLevel);
    expect(fast.length).toBeGreaterThan(size * size * 3 * OPAQUE_RECHECK_SHARE);
    const texturedPng = await encodePng(textured, size, size, 'small');
    expect(Buffer.compare(Buffer.from(texturedPng), fast)).toBe(0);
    expect(texturedPng.length).toBeLessThan((await reference(textured)).length);

    // Level 3 writes this art far larger than level 6 does; the re-encode catches it.
    const pixelArtFast = await rgb(pixelArt, OPAQUE_PNG_SETTINGS.small.compressionLevel);
    const pixelArtSix = await rgb(pixelArt, 6);
    expect(pixelArtFast.length).toBeGreaterThan(pixelArtSix.length * 1.2);
    const pixelArtPng = await encodePng(pixelArt, size, size, 'small');
    expect(Buffer.compare(Buffer.from(pixelArtPng), pixelArtSix)).toBe(0);
    expect(pixelArtPng.length).toBeLessThan((await reference(pixelArt)).length);
  });
});
