import type { BlendMode } from '../spec/collection-spec.ts';
import { BLEND_FUNCTIONS } from './blend-modes.ts';

/**
 * A decoded image cropped to its visible part: straight-alpha pixel rows of `width × height`
 * placed at `left, top` on the canvas. Pixels outside are fully transparent.
 */
export interface PlacedPixels {
  /** Rows of `width · channels` bytes: RGBA, or RGB when `channels` is 3. */
  pixels: Uint8Array;
  /** 4 (RGBA, the default), or 3 for an opaque image kept as RGB (alpha 255 everywhere). */
  channels?: 3 | 4;
  left: number;
  top: number;
  width: number;
  height: number;
  /** True when the image covers the whole canvas and every pixel is fully opaque. */
  opaque?: boolean;
  /**
   * Its runs of visible pixels when already known (`findAlphaRuns`): an animation frame met again on
   * another token is a new object over the same pixels, so its caller keeps them; `cropToVisible`
   * finds them once for every decoded trait, in shared memory, so render threads hold no copy.
   */
  runs?: AlphaRuns;
  /**
   * For an RGBA image, the same pixels without alpha (rows of `width · 3` bytes), when kept: runs of
   * fully opaque pixels are then copied whole onto an opaque canvas (one `set` per run) instead of
   * pixel by pixel. `cropToVisible` keeps it beside every decoded trait, in shared memory.
   */
  colour?: Uint8Array;
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
    const stride = image.channels ?? 4;
    for (let row = 0; row < image.height; row++) {
      const target = ((image.top + row) * canvasWidth + image.left) * 4;
      const source = row * image.width * stride;
      if (layer.blend === 'normal')
        drawNormalRow(canvas, target, image.pixels, source, stride, image.width, layer.opacity);
      else
        drawBlendedRow(
          canvas,
          target,
          image.pixels,
          source,
          stride,
          image.width,
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
  stride: number,
  count: number,
  opacity: number,
): void {
  const opaque = opacity >= 1;
  const scale = opacity * INV255;
  for (let x = 0; x < count; x++) {
    const p = source + x * stride;
    const i = target + x * 4;
    const a = stride === 4 ? pixels[p + 3]! : 255;
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
  stride: number,
  count: number,
  opacity: number,
  blend: (backdrop: number, source: number) => number,
): void {
  const scale = opacity * INV255;
  for (let x = 0; x < count; x++) {
    const p = source + x * stride;
    const i = target + x * 4;
    const a = stride === 4 ? pixels[p + 3]! : 255;
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

/** A composited image: straight-alpha RGBA, or RGB (`channels` 3) when it is known to be opaque. */
export interface CompositedImage {
  data: Uint8Array;
  channels: 3 | 4;
}

/**
 * Composites layers into 8-bit pixels, reusing `into` (RGBA-sized) for them. When the bottom layer
 * is an opaque full-canvas image drawn normally and every layer above is `normal`, the backdrop
 * stays opaque, so straight and premultiplied colour agree and 8-bit integer source-over is exact
 * to rounding; the result is RGB (the first three quarters of `into`), ready for an RGB PNG without
 * another pass. Everything else goes through the float canvas (made on first need when given as a
 * function: 4× the bytes of the image, which the integer path never uses) and comes out as RGBA.
 */
export function compositeImage(
  canvas: Float32Array | (() => Float32Array),
  into: Uint8Array,
  canvasWidth: number,
  layers: readonly CompositeLayer[],
): CompositedImage {
  const base = layers[0];
  if (!base || !isOpaqueComposite(layers)) {
    const floats = typeof canvas === 'function' ? canvas() : canvas;
    compositeLayers(floats, canvasWidth, layers);
    return { data: canvasToRgba(floats, into), channels: 4 };
  }
  const rgb = into.subarray(0, (into.length / 4) * 3);
  if (base.image.channels === 3) rgb.set(base.image.pixels);
  else dropAlpha(base.image.pixels, rgb);
  for (let index = 1; index < layers.length; index++) {
    const { image, opacity } = layers[index]!;
    if (opacity <= 0) continue;
    const scale = Math.round(Math.min(1, opacity) * 255);
    const stride = image.channels ?? 4;
    if (stride === 4 && scale === 255) {
      drawRunsOverOpaque(rgb, canvasWidth, image);
      continue;
    }
    for (let row = 0; row < image.height; row++) {
      drawOverOpaqueRow(
        rgb,
        ((image.top + row) * canvasWidth + image.left) * 3,
        image.pixels,
        row * image.width * stride,
        stride,
        image.width,
        scale,
      );
    }
  }
  return { data: rgb, channels: 3 };
}

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** Copies RGBA pixels to RGB, dropping alpha. */
export function dropAlpha(rgba: Uint8Array, into: Uint8Array): Uint8Array {
  let from = 0;
  let to = 0;
  if (LITTLE_ENDIAN && rgba.byteOffset % 4 === 0 && into.byteOffset % 4 === 0) {
    // Four pixels (four words) at a time into three words: a third of the loads and stores.
    const source = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.byteLength >>> 2);
    const target = new Uint32Array(into.buffer, into.byteOffset, into.byteLength >>> 2);
    const groups = Math.min(source.length >>> 2, Math.floor(target.length / 3));
    for (let group = 0, i = 0, o = 0; group < groups; group++, i += 4, o += 3) {
      const a = source[i]! & 0xffffff;
      const b = source[i + 1]! & 0xffffff;
      const c = source[i + 2]! & 0xffffff;
      const d = source[i + 3]! & 0xffffff;
      target[o] = a | (b << 24);
      target[o + 1] = (b >>> 8) | (c << 16);
      target[o + 2] = (c >>> 16) | (d << 8);
    }
    from = groups * 16;
    to = groups * 12;
  }
  for (; from < rgba.length; from += 4, to += 3) {
    into[to] = rgba[from]!;
    into[to + 1] = rgba[from + 1]!;
    into[to + 2] = rgba[from + 2]!;
  }
  return into;
}

/**
 * Whether `compositeImage` takes its integer path for these layers: an opaque full-canvas base
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

/**
 * Per row of an RGBA image, its runs of visible pixels, clear ones left out: `rows[y]` to
 * `rows[y + 1]` index triples in `runs` of (first x, end x, 1 if every pixel is fully opaque).
 */
export interface AlphaRuns {
  rows: Int32Array;
  runs: Int32Array;
}

/** Runs of each image, found on first use: an asset is drawn on thousands of tokens, read once here. */
const runsByImage = new WeakMap<PlacedPixels, AlphaRuns>();

function alphaRuns(image: PlacedPixels): AlphaRuns {
  if (image.runs) return image.runs;
  let found = runsByImage.get(image);
  if (found) return found;
  found = findAlphaRuns(image.pixels, image.width, image.height);
  runsByImage.set(image, found);
  return found;
}

/** The runs of visible pixels of RGBA rows (see `AlphaRuns`). */
export function findAlphaRuns(pixels: Uint8Array, width: number, height: number): AlphaRuns {
  const rows = new Int32Array(height + 1);
  let runs = new Int32Array(Math.max(48, height * 6));
  let count = 0;
  for (let y = 0; y < height; y++) {
    rows[y] = count / 3;
    const rowStart = y * width * 4 + 3;
    let x = 0;
    while (x < width) {
      const alpha = pixels[rowStart + x * 4]!;
      if (alpha === 0) {
        x++;
        continue;
      }
      const opaque = alpha === 255;
      const start = x;
      // A run of fully opaque pixels, or of partly transparent ones.
      while (x < width) {
        const next = pixels[rowStart + x * 4]!;
        if (next === 0 || (next === 255) !== opaque) break;
        x++;
      }
      if (count + 3 > runs.length) {
        const grown = new Int32Array(runs.length * 2);
        grown.set(runs);
        runs = grown;
      }
      runs[count] = start;
      runs[count + 1] = x;
      runs[count + 2] = opaque ? 1 : 0;
      count += 3;
    }
  }
  rows[height] = count / 3;
  return { rows, runs: runs.slice(0, count) };
}

/**
 * `drawOverOpaqueRow` at full opacity for every row of an RGBA image, by its runs: clear pixels
 * are not visited, opaque ones copied without blending; the same bytes as pixel by pixel.
 */
function drawRunsOverOpaque(rgb: Uint8Array, canvasWidth: number, image: PlacedPixels): void {
  const { rows, runs } = alphaRuns(image);
  const { pixels, width, left, top, colour } = image;
  const words =
    LITTLE_ENDIAN && pixels.byteOffset % 4 === 0
      ? new Uint32Array(pixels.buffer, pixels.byteOffset, pixels.byteLength >>> 2)
      : undefined;
  for (let y = 0; y < image.height; y++) {
    const target = ((top + y) * canvasWidth + left) * 3;
    const source = y * width * 4;
    for (let run = rows[y]!; run < rows[y + 1]!; run++) {
      const start = runs[run * 3]!;
      const end = runs[run * 3 + 1]!;
      if (runs[run * 3 + 2] === 1 && colour) {
        const from = (y * width + start) * 3;
        rgb.set(colour.subarray(from, from + (end - start) * 3), target + start * 3);
      } else if (runs[run * 3 + 2] === 1) {
        for (let x = start, i = target + start * 3, p = source + start * 4; x < end; x++, i += 3, p += 4) {
          rgb[i] = pixels[p]!;
          rgb[i + 1] = pixels[p + 1]!;
          rgb[i + 2] = pixels[p + 2]!;
        }
      } else {
        // A run of partly transparent pixels: alpha is neither 0 nor 255 anywhere in it. Each pixel is
        // read as one word where the bytes allow (little-endian: red is the low byte).
        if (words) {
          for (let x = start, i = target + start * 3, q = (source >> 2) + start; x < end; x++, i += 3, q++) {
            const pixel = words[q]!;
            const a = pixel >>> 24;
            const keep = 255 - a;
            rgb[i] = div255((pixel & 255) * a + rgb[i]! * keep);
            rgb[i + 1] = div255(((pixel >>> 8) & 255) * a + rgb[i + 1]! * keep);
            rgb[i + 2] = div255(((pixel >>> 16) & 255) * a + rgb[i + 2]! * keep);
          }
          continue;
        }
        for (let x = start, i = target + start * 3, p = source + start * 4; x < end; x++, i += 3, p += 4) {
          const a = pixels[p + 3]!;
          const keep = 255 - a;
          rgb[i] = div255(pixels[p]! * a + rgb[i]! * keep);
          rgb[i + 1] = div255(pixels[p + 1]! * a + rgb[i + 1]! * keep);
          rgb[i + 2] = div255(pixels[p + 2]! * a + rgb[i + 2]! * keep);
        }
      }
    }
  }
}

function drawOverOpaqueRow(
  rgb: Uint8Array,
  target: number,
  pixels: Uint8Array,
  source: number,
  stride: number,
  count: number,
  scale: number,
): void {
  for (let x = 0; x < count; x++) {
    const p = source + x * stride;
    let a = stride === 4 ? pixels[p + 3]! : 255;
    if (a === 0) continue;
    if (scale !== 255) a = div255(a * scale);
    const i = target + x * 3;
    if (a === 255) {
      rgb[i] = pixels[p]!;
      rgb[i + 1] = pixels[p + 1]!;
      rgb[i + 2] = pixels[p + 2]!;
      continue;
    }
    const keep = 255 - a;
    rgb[i] = div255(pixels[p]! * a + rgb[i]! * keep);
    rgb[i + 1] = div255(pixels[p + 1]! * a + rgb[i + 1]! * keep);
    rgb[i + 2] = div255(pixels[p + 2]! * a + rgb[i + 2]! * keep);
  }
}
