import { type AlphaRuns, dropAlpha, findAlphaRuns, type PlacedPixels } from './composite.ts';

/** The bounding box of the non-transparent pixels (`bottom` −1 when there are none), and whether all are opaque. */
interface VisibleBox {
  top: number;
  bottom: number;
  left: number;
  right: number;
  opaque: boolean;
}

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/**
 * Crops straight RGBA pixels to the bounding box of their non-transparent pixels, copied into
 * shared memory for render workers. An image opaque everywhere is kept as RGB (a quarter less
 * memory, and the base of an opaque token is then copied as it is into the RGB the PNG encodes);
 * any other keeps its RGB colour beside its RGBA pixels (see `PlacedPixels.colour`).
 */
export function cropToVisible(rgba: Uint8Array, width: number, height: number): PlacedPixels {
  const { top, bottom, left, right, opaque } =
    LITTLE_ENDIAN && rgba.byteOffset % 4 === 0 && rgba.length >= width * height * 4
      ? visibleBoxByWords(rgba, width, height)
      : visibleBox(rgba, width, height);
  if (bottom < 0)
    return { pixels: new Uint8Array(new SharedArrayBuffer(0)), left: 0, top: 0, width: 0, height: 0 };
  if (opaque) {
    const pixels = dropAlpha(rgba, new Uint8Array(new SharedArrayBuffer(width * height * 3)));
    return { pixels, channels: 3, left: 0, top: 0, width, height, opaque };
  }
  const cropWidth = right - left + 1;
  const cropHeight = bottom - top + 1;
  const pixels = new Uint8Array(new SharedArrayBuffer(cropWidth * cropHeight * 4));
  for (let y = 0; y < cropHeight; y++) {
    const from = ((top + y) * width + left) * 4;
    pixels.set(rgba.subarray(from, from + cropWidth * 4), y * cropWidth * 4);
  }
  // The colour without alpha too, three quarters more memory (shared by every render thread): opaque runs
  // are then copied onto a token whole (composite.ts), the commonest case of the hottest loop.
  const colour = dropAlpha(pixels, new Uint8Array(new SharedArrayBuffer(cropWidth * cropHeight * 3)));
  // Its runs of visible pixels too, found once here and shared, instead of by each render thread on
  // first use (each thread's own copy, a few MiB per thread for textured art at 1024², and its CPU).
  const runs = sharedRuns(findAlphaRuns(pixels, cropWidth, cropHeight));
  return { pixels, colour, runs, left, top, width: cropWidth, height: cropHeight, opaque };
}

/** Alpha runs copied into shared memory, which render threads read without a copy of their own. */
function sharedRuns(found: AlphaRuns): AlphaRuns {
  const rows = new Int32Array(new SharedArrayBuffer(found.rows.byteLength));
  rows.set(found.rows);
  const runs = new Int32Array(new SharedArrayBuffer(found.runs.byteLength));
  runs.set(found.runs);
  return { rows, runs };
}

/** `VisibleBox` pixel by pixel. */
function visibleBox(rgba: Uint8Array, width: number, height: number): VisibleBox {
  let top = height;
  let opaque = rgba.length === width * height * 4;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width * 4;
    for (let x = 0; x < width; x++) {
      const alpha = rgba[row + x * 4 + 3];
      if (alpha !== 255) opaque = false;
      if (alpha === 0) continue;
      if (y < top) top = y;
      bottom = y;
      if (x < left) left = x;
      if (x > right) right = x;
    }
  }
  return { top, bottom, left, right, opaque };
}

/**
 * `VisibleBox` reading each pixel as one word (alpha is its top byte, little-endian), and each row
 * only from its ends inwards to its first and last visible pixel (then through, only while every
 * pixel so far was opaque): a trait is decoded once per job, but at 1024² its pixel-by-pixel scan
 * was a fifth of a job's setup.
 */
function visibleBoxByWords(rgba: Uint8Array, width: number, height: number): VisibleBox {
  const words = new Uint32Array(rgba.buffer, rgba.byteOffset, width * height);
  let top = height;
  let opaque = rgba.length === width * height * 4;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let first = row;
    const end = row + width;
    while (first < end && words[first]! >>> 24 === 0) first++;
    if (first === end) {
      opaque = false;
      continue;
    }
    let last = end - 1;
    while (words[last]! >>> 24 === 0) last--;
    if (opaque) {
      // Opaque everywhere: no clear pixel before or after the visible ones, none below 255 between.
      if (first !== row || last !== end - 1) opaque = false;
      else for (let i = first; i <= last && opaque; i++) if (words[i]! < 0xff000000) opaque = false;
    }
    if (y < top) top = y;
    bottom = y;
    if (first - row < left) left = first - row;
    if (last - row > right) right = last - row;
  }
  return { top, bottom, left, right, opaque };
}
