import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { BlendMode } from '../spec/collection-spec.ts';
import {
  canvasToRgba,
  compositeImage,
  compositeLayers,
  dropAlpha,
  fullImage,
  isOpaqueComposite,
} from './composite.ts';
import { cropToVisible } from './crop-to-visible.ts';
import { isOpaque } from './encode-png.ts';

function render(
  layers: { pixels: Uint8Array; blend?: BlendMode; opacity?: number }[],
  count: number,
): Uint8Array {
  const canvas = new Float32Array(count * 4);
  compositeLayers(
    canvas,
    count,
    layers.map((layer) => ({
      image: fullImage(layer.pixels, count, 1),
      blend: layer.blend ?? 'normal',
      opacity: layer.opacity ?? 1,
    })),
  );
  return canvasToRgba(canvas, new Uint8Array(count * 4));
}

/** Numbers in [0, 1) from a linear congruential generator: the same for the same seed. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('compositeLayers', () => {
  it('matches sharp (libvips) "over" within ±2 per channel on random translucent layers', async () => {
    const size = 48;
    let seed = 99;
    const random = (): number => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    const layers = Array.from({ length: 4 }, (_, layer) => {
      const pixels = new Uint8Array(size * size * 4);
      for (let i = 0; i < pixels.length; i += 4) {
        pixels[i] = Math.floor(random() * 256);
        pixels[i + 1] = Math.floor(random() * 256);
        pixels[i + 2] = Math.floor(random() * 256);
        const roll = random();
        // Bottom layer mostly opaque, the others a mix of clear, opaque and translucent pixels.
        pixels[i + 3] =
          layer === 0
            ? roll < 0.8
              ? 255
              : Math.floor(random() * 256)
            : roll < 0.3
              ? 0
              : roll < 0.5
                ? 255
                : Math.floor(random() * 256);
      }
      return pixels;
    });
    const raw = { raw: { width: size, height: size, channels: 4 as const } };
    const expected = await sharp(layers[0]!, raw)
      .composite(
        layers
          .slice(1)
          .map((pixels) => ({ input: Buffer.from(pixels), raw: raw.raw, blend: 'over' as const })),
      )
      .raw()
      .toBuffer();
    const actual = render(
      layers.map((pixels) => ({ pixels })),
      size * size,
    );
    let worst = 0;
    for (let i = 0; i < actual.length; i += 4) {
      const alpha = expected[i + 3]!;
      worst = Math.max(worst, Math.abs(actual[i + 3]! - alpha));
      // Colour of a fully transparent pixel is undefined.
      if (alpha === 0) continue;
      for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(actual[i + c]! - expected[i + c]!));
    }
    expect(worst).toBeLessThanOrEqual(2);
  });

  // Backdrop channels 0.2, 0.8, 1.0 (51, 204, 255), source 0.4 (102) on every channel, both opaque:
  // the result is B(Cb, Cs) per channel, computed by hand from the W3C formulas.
  const handComputed: Record<Exclude<BlendMode, 'normal'>, [number, number, number]> = {
    multiply: [20, 82, 102], // b·s = .08 .32 .4
    screen: [133, 224, 255], // b+s−bs = .52 .88 1
    overlay: [41, 194, 255], // hard-light(s, b): .16, screen(.4, .6)=.76, 1
    darken: [51, 102, 102],
    lighten: [102, 204, 255],
    'color-dodge': [85, 255, 255], // b/(1−s) = .333, min(1, 1.33), b=1 → 1
    'color-burn': [0, 128, 255], // 1−min(1,(1−b)/s) = 0, .5, 1
    'hard-light': [41, 163, 204], // s ≤ .5: b·2s = .16 .64 .8
    'soft-light': [43, 196, 255], // s ≤ .5: b − (1−2s)·b·(1−b) = .168 .768 1
    difference: [51, 102, 153],
    exclusion: [112, 143, 153], // b+s−2bs = .44 .56 .6
  };
  const backdrop = Uint8Array.of(51, 204, 255, 255);
  const source = Uint8Array.of(102, 102, 102, 255);
  for (const [mode, expected] of Object.entries(handComputed)) {
    it(`blends ${mode} as the W3C formula says`, () => {
      const [r, g, b, a] = render([{ pixels: backdrop }, { pixels: source, blend: mode as BlendMode }], 1);
      for (const [index, value] of [r, g, b].entries())
        expect(Math.abs(value! - expected[index]!)).toBeLessThanOrEqual(1);
      expect(a).toBe(255);
    });
  }

  it('uses the soft-light branch for bright sources over dark backdrops', () => {
    // s = .8, b = .2: D = ((16b−12)b+4)b = .448; B = b + (2s−1)(D−b) = .3488 → 89.
    const [r] = render(
      [
        { pixels: Uint8Array.of(51, 0, 0, 255) },
        { pixels: Uint8Array.of(204, 0, 0, 255), blend: 'soft-light' },
      ],
      1,
    );
    expect(r).toBe(89);
  });

  it('applies layer opacity and source alpha to blended and normal layers', () => {
    // Multiply at 50 %: co = cb·(1−αs) + αs·B = .2·.5 + .5·.08 = .14 → 36.
    const [r] = render([{ pixels: backdrop }, { pixels: source, blend: 'multiply', opacity: 0.5 }], 1);
    expect(r).toBe(36);
    const [r2] = render(
      [{ pixels: backdrop }, { pixels: Uint8Array.of(102, 102, 102, 128), blend: 'multiply' }],
      1,
    );
    expect(Math.abs(r2! - 36)).toBeLessThanOrEqual(1);
    // Normal at 25 %: .2·.75 + .4·.25 = .25 → 64.
    const [r3] = render([{ pixels: backdrop }, { pixels: source, opacity: 0.25 }], 1);
    expect(r3).toBe(64);
  });

  it('keeps the colour of translucent layers over transparency (straight alpha out)', () => {
    const [r, g, b, a] = render(
      [{ pixels: Uint8Array.of(200, 100, 50, 128) }, { pixels: Uint8Array.of(0, 0, 0, 0) }],
      1,
    );
    expect([r, g, b, a]).toEqual([200, 100, 50, 128]);
  });

  it('takes an integer path over an opaque base that agrees with the float path within ±1', () => {
    const size = 32;
    const random = seededRandom(5);
    const image = (opaque: boolean) => {
      const pixels = new Uint8Array(size * size * 4);
      for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(random() * 256);
      for (let i = 3; i < pixels.length; i += 4) {
        const roll = random();
        pixels[i] = opaque || roll < 0.3 ? 255 : roll < 0.5 ? 0 : pixels[i]!;
      }
      // A transparent border so the crop is smaller than the canvas.
      if (!opaque) for (let i = 3; i < size * 4 * 3; i += 4) pixels[i] = 0;
      return cropToVisible(pixels, size, size);
    };
    const layers = [
      { image: image(true), blend: 'normal' as const, opacity: 1 },
      { image: image(false), blend: 'normal' as const, opacity: 1 },
      { image: image(false), blend: 'normal' as const, opacity: 0.6 },
    ];
    // The opaque base is kept as RGB; the others as cropped RGBA.
    expect(layers[0]!.image).toMatchObject({ opaque: true, channels: 3, width: size, height: size });
    expect(layers[0]!.image.pixels.length).toBe(size * size * 3);
    expect(layers[1]!.image.top).toBe(3);
    expect(layers[1]!.image.channels).toBeUndefined();
    expect(isOpaqueComposite(layers)).toBe(true);
    const canvas = new Float32Array(size * size * 4);
    // The integer path never asks for the float canvas, and its result is RGB: opaque as promised.
    const fast = compositeImage(
      () => {
        throw new Error('float canvas requested');
      },
      new Uint8Array(size * size * 4),
      size,
      layers,
    );
    expect(fast.channels).toBe(3);
    expect(fast.data.length).toBe(size * size * 3);
    expect(isOpaqueComposite([layers[1]!, layers[0]!])).toBe(false);
    expect(isOpaqueComposite([layers[0]!, { ...layers[1]!, blend: 'multiply' }])).toBe(false);
    compositeLayers(canvas, size, layers);
    const slow = canvasToRgba(canvas, new Uint8Array(size * size * 4));
    expect(isOpaque(slow)).toBe(true);
    const slowRgb = dropAlpha(slow, new Uint8Array(size * size * 3));
    let worst = 0;
    for (let i = 0; i < slowRgb.length; i++) worst = Math.max(worst, Math.abs(fast.data[i]! - slowRgb[i]!));
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('draws full-opacity layers over an opaque base by runs of alpha, with the bytes of pixel-by-pixel 8-bit "over"', () => {
    const size = 40;
    const random = seededRandom(11);
    const base = new Uint8Array(size * size * 4);
    for (let i = 0; i < base.length; i++) base[i] = i % 4 === 3 ? 255 : Math.floor(random() * 256);
    // Layers mixing clear, opaque and partly transparent runs of every length, placed off the corner.
    const layer = () => {
      const pixels = new Uint8Array(size * size * 4);
      let alpha = 0;
      for (let i = 0; i < pixels.length; i += 4) {
        if (random() < 0.2) alpha = [0, 255, Math.floor(random() * 254) + 1][Math.floor(random() * 3)]!;
        pixels.set(
          [
            random() * 256,
            random() * 256,
            random() * 256,
            alpha === 0 || alpha === 255 ? alpha : random() * 254 + 1,
          ],
          i,
        );
      }
      for (let i = 3; i < size * 4 * 5; i += 4) pixels[i] = 0;
      return cropToVisible(pixels, size, size);
    };
    const layers = [cropToVisible(base, size, size), layer(), layer(), layer()].map((image) => ({
      image,
      blend: 'normal' as const,
      opacity: 1,
    }));
    const result = compositeImage(() => new Float32Array(0), new Uint8Array(size * size * 4), size, layers);
    // Reference: every canvas pixel, every layer, rounded 8-bit source-over.
    const div255 = (x: number): number => (x + 128 + ((x + 128) >> 8)) >> 8;
    const expected = dropAlpha(base, new Uint8Array(size * size * 3));
    for (const { image } of layers.slice(1)) {
      for (let y = 0; y < image.height; y++)
        for (let x = 0; x < image.width; x++) {
          const p = (y * image.width + x) * 4;
          const a = image.pixels[p + 3]!;
          const i = ((image.top + y) * size + image.left + x) * 3;
          for (let c = 0; c < 3; c++)
            expected[i + c] = div255(image.pixels[p + c]! * a + expected[i + c]! * (255 - a));
        }
    }
    expect(result.channels).toBe(3);
    expect(Buffer.compare(Buffer.from(result.data), Buffer.from(expected))).toBe(0);
    // Decoded traits keep their colour without alpha, and opaque runs are copied from it whole;
    // animation frames come without it, and are drawn pixel by pixel: the same bytes either way.
    expect(layers.slice(1).every(({ image }) => image.colour !== undefined)).toBe(true);
    const withoutColour = layers.map((layer) => ({ ...layer, image: { ...layer.image, colour: undefined } }));
    const byPixel = compositeImage(
      () => new Float32Array(0),
      new Uint8Array(size * size * 4),
      size,
      withoutColour,
    );
    expect(Buffer.compare(Buffer.from(byPixel.data), Buffer.from(expected))).toBe(0);
    // Pixels at an odd byte offset cannot be read a word at a time: read byte by byte, the same bytes.
    const unaligned = (pixels: Uint8Array): Uint8Array => {
      const bytes = new Uint8Array(pixels.length + 1);
      bytes.set(pixels, 1);
      return bytes.subarray(1);
    };
    const byByte = compositeImage(
      () => new Float32Array(0),
      new Uint8Array(size * size * 4),
      size,
      layers.map((layer, index) =>
        index === 0 ? layer : { ...layer, image: { ...layer.image, pixels: unaligned(layer.image.pixels) } },
      ),
    );
    expect(Buffer.compare(Buffer.from(byByte.data), Buffer.from(expected))).toBe(0);
  });

  it('draws an RGB (opaque) layer over others and blended exactly as the same pixels in RGBA', () => {
    const size = 8;
    const rgba = new Uint8Array(size * size * 4);
    for (let i = 0; i < rgba.length; i++) rgba[i] = i % 4 === 3 ? 255 : (i * 37) % 256;
    const rgb = dropAlpha(rgba, new Uint8Array(size * size * 3));
    const below = new Uint8Array(size * size * 4);
    for (let i = 0; i < below.length; i++) below[i] = i % 4 === 3 ? 128 : (i * 11) % 256;
    for (const blend of ['normal', 'multiply', 'screen'] as const) {
      for (const opacity of [1, 0.5]) {
        const draw = (top: ReturnType<typeof fullImage>): Uint8Array => {
          const canvas = new Float32Array(size * size * 4);
          compositeLayers(canvas, size, [
            { image: fullImage(below, size, size), blend: 'normal', opacity: 1 },
            { image: top, blend, opacity },
          ]);
          return canvasToRgba(canvas, new Uint8Array(size * size * 4));
        };
        const asRgb = draw({ ...fullImage(rgb, size, size), channels: 3 });
        expect(Buffer.compare(Buffer.from(asRgb), Buffer.from(draw(fullImage(rgba, size, size))))).toBe(0);
      }
    }
  });

  it('drops alpha four pixels at a time with the bytes of one at a time, whatever the length and alignment', () => {
    for (const [pixels, offset] of [
      [1, 0],
      [7, 0],
      [4096, 0],
      [9, 1],
    ] as const) {
      const backing = new Uint8Array(offset + pixels * 4).map((_, index) => (index * 37 + 11) & 255);
      const rgba = backing.subarray(offset);
      const expected = new Uint8Array(pixels * 3);
      for (let pixel = 0; pixel < pixels; pixel++)
        expected.set(rgba.subarray(pixel * 4, pixel * 4 + 3), pixel * 3);
      expect(dropAlpha(rgba, new Uint8Array(pixels * 3))).toEqual(expected);
    }
  });
});
