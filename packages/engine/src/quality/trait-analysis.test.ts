import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  analyzeTraitImage,
  countBits,
  parseTraitAnalysis,
  serializeTraitAnalysis,
} from './trait-analysis.ts';

/** A `size`² PNG, transparent but for an opaque square at (x, y) with a half-transparent pixel beside it. */
async function square(size: number, x: number, y: number, side: number): Promise<Uint8Array> {
  const data = Buffer.alloc(size * size * 4);
  for (let row = y; row < y + side; row++) {
    for (let col = x; col < x + side; col++) data.set([200, 10, 10, 255], (row * size + col) * 4);
  }
  data.set([200, 10, 10, 128], (y * size + x + side) * 4);
  return new Uint8Array(
    await sharp(data, { raw: { width: size, height: size, channels: 4 } })
      .png()
      .toBuffer(),
  );
}

describe('analyzeTraitImage', () => {
  it('counts visible and opaque pixels and boxes the art exactly, in the image’s own pixels', async () => {
    for (const size of [40, 256]) {
      const analysis = await analyzeTraitImage(await square(size, 10, 12, 8));
      expect(analysis).toMatchObject({
        width: size,
        height: size,
        visiblePixels: 65,
        opaquePixels: 64,
        box: { left: 10, top: 12, right: 19, bottom: 20 },
      });
      expect(countBits(analysis.visible)).toBeGreaterThan(0);
    }
  });

  it('sees no pixel in a transparent image and the whole grid in an opaque one', async () => {
    const clear = await analyzeTraitImage(await square(64, 0, 0, 0));
    expect(clear.visiblePixels).toBe(1);
    const empty = await analyzeTraitImage(
      new Uint8Array(
        await sharp({ create: { width: 64, height: 64, channels: 4, background: '#0000' } })
          .png()
          .toBuffer(),
      ),
    );
    expect(empty).toMatchObject({ visiblePixels: 0, opaquePixels: 0, box: null });
    expect(countBits(empty.visible)).toBe(0);
    const opaque = await analyzeTraitImage(
      new Uint8Array(
        await sharp({ create: { width: 300, height: 200, channels: 4, background: '#123456ff' } })
          .png()
          .toBuffer(),
      ),
    );
    expect(opaque.opaquePixels).toBe(300 * 200);
    expect(countBits(opaque.opaque)).toBe(128 * 128);
  });

  it('counts an animation visible where any frame shows art and opaque only where every frame is', async () => {
    // Two 32² frames: the first blank (the art fades in), the second an opaque 8² square.
    const frames = Buffer.alloc(32 * 64 * 4);
    for (let y = 8; y < 16; y++)
      for (let x = 8; x < 16; x++) frames.set([255, 0, 0, 255], ((32 + y) * 32 + x) * 4);
    const raw = { width: 32, height: 64, channels: 4, pageHeight: 32 } as const;
    const animation = await sharp(frames, { raw }).webp({ loop: 0, lossless: true }).toBuffer();
    const analysis = await analyzeTraitImage(new Uint8Array(animation));
    expect(analysis).toMatchObject({
      width: 32,
      height: 32,
      visiblePixels: 64,
      opaquePixels: 0,
      box: { left: 8, top: 8, right: 16, bottom: 16 },
    });
    expect(countBits(analysis.opaque)).toBe(0);
  });

  it('keeps an analysis as JSON and reads it back unchanged; refuses damaged text', async () => {
    const analysis = await analyzeTraitImage(await square(128, 30, 40, 20));
    expect(parseTraitAnalysis(serializeTraitAnalysis(analysis))).toEqual(analysis);
    expect(parseTraitAnalysis('{"v":1,"visible":"AAAA"}')).toBeUndefined();
    expect(parseTraitAnalysis('not json')).toBeUndefined();
  });
});
