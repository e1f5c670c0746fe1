import { describe, expect, it } from 'vitest';
import { findAlphaRuns } from './composite.ts';
import { cropToVisible } from './crop-to-visible.ts';

/** A seeded generator of numbers in [0, 1). */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

/** The same bytes at an odd offset, which cannot be read a word at a time. */
function unaligned(pixels: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(pixels.length + 1);
  bytes.set(pixels, 1);
  return bytes.subarray(1);
}

describe('cropToVisible', () => {
  it('finds the same box, opacity and pixels reading words as reading bytes, on shapes, edges and empty images', () => {
    const random = seededRandom(29);
    const width = 23;
    const height = 17;
    const cases: Uint8Array[] = [];
    for (let round = 0; round < 40; round++) {
      const rgba = new Uint8Array(width * height * 4);
      const kind = round % 4;
      // 0: a translucent shape somewhere; 1: opaque everywhere; 2: opaque but one pixel; 3: empty.
      const [x0, x1] = [Math.floor(random() * width), Math.floor(random() * width)].sort((a, b) => a - b);
      const [y0, y1] = [Math.floor(random() * height), Math.floor(random() * height)].sort((a, b) => a - b);
      for (let p = 0; p < width * height; p++) {
        const x = p % width;
        const y = Math.floor(p / width);
        const inside = x >= x0! && x <= x1! && y >= y0! && y <= y1!;
        const alpha = kind === 0 ? (inside ? Math.floor(random() * 256) : 0) : kind === 3 ? 0 : 255;
        rgba.set([random() * 256, random() * 256, random() * 256, alpha], p * 4);
      }
      if (kind === 2) rgba[Math.floor(random() * width * height) * 4 + 3] = 254;
      cases.push(rgba);
    }
    for (const rgba of cases) {
      const byWords = cropToVisible(rgba, width, height);
      const byBytes = cropToVisible(unaligned(rgba), width, height);
      expect(byWords).toEqual(byBytes);
    }
    expect(cropToVisible(cases[1]!, width, height)).toMatchObject({
      channels: 3,
      opaque: true,
      width,
      height,
    });
    expect(cropToVisible(cases[2]!, width, height)).toMatchObject({ opaque: false, width, height });
    // A cropped RGBA image carries its runs of visible pixels, in memory shared with render threads.
    const shape = cropToVisible(cases[0]!, width, height);
    expect(shape.runs).toEqual(findAlphaRuns(shape.pixels, shape.width, shape.height));
    expect(shape.runs!.runs.length).toBeGreaterThan(0);
    expect(shape.runs!.rows.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(shape.runs!.runs.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(cropToVisible(cases[3]!, width, height)).toMatchObject({ width: 0, height: 0 });
  });
});
