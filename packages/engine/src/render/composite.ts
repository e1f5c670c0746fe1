import type { BlendMode } from '../spec/collection-spec.ts';
import { BLEND_FUNCTIONS } from './blend-modes.ts';

/**
 * A decoded image cropped to its visible part: straight-alpha RGBA rows of `width × height`
 * placed at `left, top` on the canvas. Pixels outside are fully transparent.
 */
export interface PlacedPixels {
  pixels: Uint8Array;
  left: number;
  top: number;
  width: number;
  height: number;
  /** True when the image covers the whole canvas and every pixel is fully opaque. */
  opaque?: boolean;
}

/** One decoded layer to draw. */
export interface CompositeLayer {
  image: PlacedPixels;
  blend: BlendMode;
  opacity: number;
}

const INV255 = 1 / 255;

/**
 * Draws layers bottom-up onto a premultiplied float canvas (`canvas.length = 4·pixels`, values
 * 0..1) with source-over compositing and W3C blend modes:
 * `co = cs·(1−αb) + cb·(1−αs) + αs·αb·B(Cb, Cs)`, `αo = αs + αb·(1−αs)`.
 */
export function compositeLayers(
  canvas: Float32Array,
  canvasWidth: number,
  layers: readonly CompositeLayer[],
): void {
  canvas.fill(0);
  for (const layer of layers) {
    const { image } = layer;
    if (layer.opacity <= 0) continue;
    for (let row = 0; row < image.height; row++) {
      const target = ((image.top + row) * canvasWidth + image.left) * 4;
      const source = row * image.width * 4;
      if (layer.blend === 'normal')
        drawNormalRow(canvas, target, image.pixels, source, image.width * 4, layer.opacity);
      else
        drawBlendedRow(
          canvas,
          target,
          image.pixels,
          source,
          image.width * 4,
          layer.opacity,
          BLEND_FUNCTIONS[layer.blend],
        );
    }
  }
}

function drawNormalRow(
  canvas: Float32Array,
  target: number,
  pixels: Uint8Array,
  source: number,
  length: number,
  opacity: number,
): void {
  const opaque = opacity >= 1;
  const scale = opacity * INV255;
  for (let j = 0; j < length; j += 4) {
    const p = source + j;
    const i = target + j;
    const a = pixels[p + 3]!;
    if (a === 0) continue;
    if (a === 255 && opaque) {
      canvas[i] = pixels[p]! * INV255;
      canvas[i + 1] = pixels[p + 1]! * INV255;
      canvas[i + 2] = pixels[p + 2]! * INV255;
      canvas[i + 3] = 1;
      continue;
    }
    const as = a * scale;
    const keep = 1 - as;
    canvas[i] = pixels[p]! * INV255 * as + canvas[i]! * keep;
    canvas[i + 1] = pixels[p + 1]! * INV255 * as + canvas[i + 1]! * keep;
    canvas[i + 2] = pixels[p + 2]! * INV255 * as + canvas[i + 2]! * keep;
    canvas[i + 3] = as + canvas[i + 3]! * keep;
  }
}

function drawBlendedRow(
  canvas: Float32Array,
  target: number,
  pixels: Uint8Array,
  source: number,
  length: number,
  opacity: number,
  blend: (backdrop: number, source: number) => number,
): void {
  const scale = opacity * INV255;
  for (let j = 0; j < length; j += 4) {
    const p = source + j;
    const i = target + j;
    const a = pixels[p + 3]!;
    if (a === 0) continue;
    const as = a * scale;
    const ab = canvas[i + 3]!;
    const keepBackdrop = 1 - as;
    const keepSource = 1 - ab;
    for (let c = 0; c < 3; c++) {
      const cs = pixels[p + c]! * INV255;
      const premultipliedBackdrop = canvas[i + c]!;
      const cb = ab > 0 ? premultipliedBackdrop / ab : 0;
      canvas[i + c] = as * keepSource * cs + premultipliedBackdrop * keepBackdrop + as * ab * blend(cb, cs);
    }
    canvas[i + 3] = as + ab * keepBackdrop;
  }
}

/** Converts a premultiplied float canvas to straight-alpha RGBA bytes (rounded, clamped). */
export function canvasToRgba(canvas: Float32Array, into: Uint8Array): Uint8Array {
  for (let i = 0; i < canvas.length; i += 4) {
    const alpha = canvas[i + 3]!;
    if (alpha <= 0) {
      into[i] = 0;
      into[i + 1] = 0;
      into[i + 2] = 0;
      into[i + 3] = 0;
      continue;
    }
    const unpremultiply = 255 / alpha;
    // Uint8ClampedArray semantics done by hand: clamp, then round half up.
    into[i] = clampByte(canvas[i]! * unpremultiply);
    into[i + 1] = clampByte(canvas[i + 1]! * unpremultiply);
    into[i + 2] = clampByte(canvas[i + 2]! * unpremultiply);
    into[i + 3] = clampByte(alpha * 255);
  }
  return into;
}

function clampByte(value: number): number {
  return value <= 0 ? 0 : value >= 255 ? 255 : (value + 0.5) | 0;
}

/** An uncropped RGBA image of the canvas size as placed pixels. */
export function fullImage(pixels: Uint8Array, width: number, height: number): PlacedPixels {
  return { pixels, left: 0, top: 0, width, height };
}

/**
 * Composites layers straight into RGBA bytes. When the bottom layer is an opaque full-canvas
 * image drawn normally and every layer above is `normal`, the backdrop stays opaque, so straight
 * and premultiplied colour agree and 8-bit integer source-over is exact to rounding — much
 * cheaper than the float path, which handles everything else.
 */
export function compositeToRgba(
  canvas: Float32Array | (() => Float32Array),
  rgba: Uint8Array,
  canvasWidth: number,
  layers: readonly CompositeLayer[],
): Uint8Array {
  const base = layers[0];
  if (!base || !isOpaqueComposite(layers)) {
    // The float canvas (4× the bytes of the image) may be made on first need: the integer path never uses it.
    const floats = typeof canvas === 'function' ? canvas() : canvas;
    compositeLayers(floats, canvasWidth, layers);
    return canvasToRgba(floats, rgba);
  }
  rgba.set(base.image.pixels);
  for (let index = 1; index < layers.length; index++) {
    const { image, opacity } = layers[index]!;
    if (opacity <= 0) continue;
    const scale = Math.round(Math.min(1, opacity) * 255);
    for (let row = 0; row < image.height; row++) {
      drawOverOpaqueRow(
        rgba,
        ((image.top + row) * canvasWidth + image.left) * 4,
        image.pixels,
        row * image.width * 4,
        image.width * 4,
        scale,
      );
    }
  }
  return rgba;
}

/**
 * Whether `compositeToRgba` takes its integer path for these layers: an opaque full-canvas base
 * drawn normally under only normal layers. The result is then fully opaque, known without a scan.
 */
export function isOpaqueComposite(layers: readonly CompositeLayer[]): boolean {
  const base = layers[0];
  return (
    base !== undefined &&
    base.image.opaque === true &&
    base.blend === 'normal' &&
    base.opacity >= 1 &&
    layers.every((layer) => layer.blend === 'normal')
  );
}

/** Rounded x / 255 for x in 0..65025. */
function div255(x: number): number {
  return (x + 128 + ((x + 128) >> 8)) >> 8;
}

function drawOverOpaqueRow(
  rgba: Uint8Array,
  target: number,
  pixels: Uint8Array,
  source: number,
  length: number,
  scale: number,
): void {
  for (let j = 0; j < length; j += 4) {
    const p = source + j;
    let a = pixels[p + 3]!;
    if (a === 0) continue;
    if (scale !== 255) a = div255(a * scale);
    const i = target + j;
    if (a === 255) {
      rgba[i] = pixels[p]!;
      rgba[i + 1] = pixels[p + 1]!;
      rgba[i + 2] = pixels[p + 2]!;
      continue;
    }
    const keep = 255 - a;
    rgba[i] = div255(pixels[p]! * a + rgba[i]! * keep);
    rgba[i + 1] = div255(pixels[p + 1]! * a + rgba[i + 1]! * keep);
    rgba[i + 2] = div255(pixels[p + 2]! * a + rgba[i + 2]! * keep);
  }
}
