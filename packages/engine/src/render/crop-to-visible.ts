import { dropAlpha, type PlacedPixels } from './composite.ts';

/**
 * Crops straight RGBA pixels to the bounding box of their non-transparent pixels, copied into
 * shared memory for render workers. An image opaque everywhere is kept as RGB (a quarter less
 * memory, and the base of an opaque token is then copied as it is into the RGB the PNG encodes);
 * any other keeps its RGB colour beside its RGBA pixels (see `PlacedPixels.colour`).
 */
export function cropToVisible(rgba: Uint8Array, width: number, height: number): PlacedPixels {
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
  return { pixels, colour, left, top, width: cropWidth, height: cropHeight, opaque };
}
