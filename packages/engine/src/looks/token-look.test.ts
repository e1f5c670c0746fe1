import { describe, expect, it } from 'vitest';
import { hammingDistance, LOOK_ALIKE_DISTANCE, perceptualBits } from './group-look-alikes.ts';
import { computeTokenLook, type TokenLook } from './token-look.ts';

const SIZE = 512;
type Pixel = [number, number, number, number];

/** A 512² RGBA image from a function of the pixel position. */
function image(paint: (x: number, y: number) => Pixel): Uint8Array {
  const data = new Uint8Array(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) data.set(paint(x, y), (y * SIZE + x) * 4);
  }
  return data;
}

/** A token like the sample layers': a vertical gradient background and a round body, with extras. */
function token({
  shift = 0,
  earring,
  stray = false,
  offset = 0,
  eyes,
}: {
  shift?: number;
  earring?: number;
  stray?: boolean;
  offset?: number;
  eyes?: 'round' | 'star';
} = {}): Uint8Array {
  return image((px, y) => {
    const x = px - offset;
    let pixel: Pixel = [45 + Math.round(y * 0.35) + shift, 27 + Math.round(y * 0.3) + shift, 78 + shift, 255];
    if ((x - 256) ** 2 + (y - 300) ** 2 < 140 ** 2) pixel = [91 + shift, 141 + shift, 239 - shift, 255];
    if (earring && (x - 380) ** 2 + (y - 330) ** 2 < (earring / 2) ** 2) pixel = [250, 220, 40, 255];
    for (const eye of [206, 306]) {
      if (eyes === 'round' && (x - eye) ** 2 + (y - 270) ** 2 < 26 ** 2) pixel = [255, 255, 255, 255];
      if (eyes === 'star' && Math.abs(x - eye) + Math.abs(y - 270) < 22) pixel = [255, 213, 74, 255];
    }
    if (stray && x === 100 && y === 100) pixel = [255, 255, 255, 255];
    return pixel;
  });
}

const look = (data: Uint8Array): TokenLook => computeTokenLook(data, SIZE, SIZE, 4);
const distance = (a: Uint8Array, b: Uint8Array) =>
  hammingDistance(perceptualBits(look(a).perceptual), perceptualBits(look(b).perceptual));

describe('computeTokenLook', () => {
  it('gives pixel-identical images the same hashes and any changed pixel another pixel hash', () => {
    const a = look(token());
    expect(look(token())).toEqual(a);
    expect(a.pixel).toMatch(/^[0-9a-f]{32}$/);
    expect(a.perceptual).toMatch(/^[0-9a-f]{188}$/);
    expect(look(token({ stray: true })).pixel).not.toBe(a.pixel);
  });

  it('hashes an opaque RGB composite as the same pixels in RGBA', () => {
    const rgba = token({ eyes: 'round' });
    const rgb = new Uint8Array(SIZE * SIZE * 3);
    for (let i = 0, o = 0; i < rgba.length; i += 4, o += 3) rgb.set(rgba.subarray(i, i + 3), o);
    expect(computeTokenLook(rgb, SIZE, SIZE, 3)).toEqual(look(rgba));
  });

  it('reads transparent areas over grey, so a transparent and a black token differ', () => {
    const transparent = image(() => [0, 0, 0, 0]);
    const black = image((x) => (x < SIZE / 2 ? [0, 0, 0, 255] : [0, 0, 0, 0]));
    expect(distance(transparent, black)).toBeGreaterThan(LOOK_ALIKE_DISTANCE);
  });

  it('keeps the same perceptual hash for changes nobody sees: a stray pixel, a sliver peeking out from under a cover', () => {
    expect(distance(token(), token({ stray: true }))).toBe(0);
    const sliver = image((x, y) =>
      y === 40 && x >= 200 && x < 204 ? [250, 220, 40, 255] : [90, 30, 40, 255],
    );
    expect(
      distance(
        image(() => [90, 30, 40, 255]),
        sliver,
      ),
    ).toBe(0);
    expect(look(sliver).pixel).not.toBe(look(image(() => [90, 30, 40, 255])).pixel);
  });

  it('tells apart backgrounds of another colour, which a gradient hash alone would not', () => {
    const blue = image(() => [60, 110, 220, 255]);
    const green = image(() => [70, 190, 110, 255]);
    expect(distance(blue, green)).toBeGreaterThan(LOOK_ALIKE_DISTANCE);
  });

  it('tells apart tokens that differ by a small visible trait or by their eyes (the threshold stays below them)', () => {
    // The figures LOOK_ALIKE_DISTANCE is set from.
    expect(distance(token(), token({ earring: 16 }))).toBeGreaterThan(LOOK_ALIKE_DISTANCE);
    expect(distance(token(), token({ earring: 30 }))).toBeGreaterThan(LOOK_ALIKE_DISTANCE);
    expect(distance(token({ eyes: 'round' }), token({ eyes: 'star' }))).toBeGreaterThan(LOOK_ALIKE_DISTANCE);
    expect(distance(token(), token({ offset: 1 }))).toBeGreaterThan(LOOK_ALIKE_DISTANCE);
  });
});
