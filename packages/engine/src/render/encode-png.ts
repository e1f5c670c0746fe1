import type { Compression } from '../spec/collection-spec.ts';
import { type NativePngArguments, nativePng } from './native-png.ts';

/** How hard the encoder deflates: a level, and when to deflate again at a higher one (native-png.ts). */
export interface PngEffort {
  level: number;
  recheckLevel: number;
  recheckBelow: number;
}

/**
 * Deflate effort per compression choice. Every choice filters rows adaptively (each row gets the
 * PNG filter whose output has the smallest sum of absolute values, as libpng chooses); deflate is
 * libdeflate's. Deflate is nine tenths of a token's encode, so its first pass is the fastest level
 * for every choice. Measured per 1024² token of the bench (6 textured layers, RGB; CPU time, one
 * thread, this project's 2-core machine kind), against the reference encoder (libpng/canvas
 * defaults: zlib level 6, adaptive filters, RGBA):
 *
 * - Level 1 deflates in 16.4 ms to 99.5 % of the reference's bytes; level 2 (the earlier `small`)
 *   in 26.0 ms to 95.2 %, level 6 in 45 ms to 92.9 %. Filtering takes 2.7 ms. On hashed grain and
 *   on the cut-out disc of encode-png.test.ts level 1 loses nothing to level 2.
 * - On very compressible art (flat colour, pixel art, cartoons, smooth gradients: 0.3–6 % of their
 *   raw size) level 1 loses much more: up to 172 % of the reference's bytes, against 76–95 % at
 *   level 6. That art takes a few milliseconds to deflate again.
 *
 * So `small` deflates at level 1 and again at level 6 when the first stream is under 30 % of the
 * filtered size, keeping the smaller: below the reference on every kind of art measured
 * (encode-png.test.ts checks six, the bench its tokens). `balanced` deflates again only under
 * 20 %; `fast` never does.
 */
export const PNG_EFFORT: Record<Compression, PngEffort> = {
  small: { level: 1, recheckLevel: 6, recheckBelow: 0.3 },
  balanced: { level: 1, recheckLevel: 6, recheckBelow: 0.2 },
  fast: { level: 1, recheckLevel: 0, recheckBelow: 0 },
};

/**
 * Encodes straight-alpha RGBA pixels, or RGB ones (told apart by their length), as a PNG
 * (deterministic: same pixels and compression, same bytes). A fully opaque image is written as
 * truecolour without alpha (PNG colour type 2): the same pixels in fewer bytes, and faster to
 * deflate, since an interleaved constant alpha byte both costs a bit per pixel and breaks up the
 * matches deflate searches for. For RGBA, `opaque` may be passed when the caller already knows (it
 * saves a scan of the pixels); it must then be true only for pixels whose alpha is 255 everywhere.
 * `pixels` must not change until the promise settles.
 */
export async function encodePng(
  pixels: Uint8Array,
  width: number,
  height: number,
  compression: Compression,
  opaque?: boolean,
): Promise<Uint8Array> {
  return nativePng().encode(...nativeArguments(pixels, width, height, compression, opaque));
}

/**
 * `encodePng` straight into a file (the same bytes), written off the JavaScript thread, so the
 * image never becomes a JavaScript buffer waiting for garbage collection. Resolves with the
 * file's size; on failure no file is left behind.
 */
export async function writePngFile(
  pixels: Uint8Array,
  width: number,
  height: number,
  compression: Compression,
  file: string,
  opaque?: boolean,
): Promise<number> {
  return nativePng().encodeToFile(...nativeArguments(pixels, width, height, compression, opaque), file);
}

/**
 * `encodePng` on the calling thread (the same bytes): for render worker threads, which encode their
 * own tokens instead of queueing them on libuv's pool. With `overwrite`, the pixels are used as the
 * encoder's work space and are garbage afterwards (a render thread's canvas, read no more once
 * encoded): no allocation of the image's size per encode, 3 MiB per render thread at 1024².
 * Filtered rows take one byte more per row than RGB or RGBA pixels, so that needs `pixels.buffer`
 * to extend `height` bytes past them (an opaque RGBA image, written as RGB, needs no more).
 */
export function encodePngSync(
  pixels: Uint8Array,
  width: number,
  height: number,
  compression: Compression,
  opaque?: boolean,
  overwrite = false,
): Uint8Array {
  return nativePng().encodeSync(...nativeArguments(pixels, width, height, compression, opaque), overwrite);
}

/** `writePngFile` on the calling thread (the same bytes); returns the file's size, leaves no file on failure. `overwrite` as for `encodePngSync`. */
export function writePngFileSync(
  pixels: Uint8Array,
  width: number,
  height: number,
  compression: Compression,
  file: string,
  opaque?: boolean,
  overwrite = false,
): number {
  return nativePng().encodeToFileSync(
    ...nativeArguments(pixels, width, height, compression, opaque),
    file,
    overwrite,
  );
}

/** The encoder's arguments: the pixels' channels (RGBA written as RGB when opaque) and the effort. Throws a RangeError for a wrong length. */
function nativeArguments(
  pixels: Uint8Array,
  width: number,
  height: number,
  compression: Compression,
  opaque: boolean | undefined,
): NativePngArguments {
  const { level, recheckLevel, recheckBelow } = PNG_EFFORT[compression];
  if (pixels.length === width * height * 3)
    return [pixels, width, height, 3, false, level, recheckLevel, recheckBelow];
  if (pixels.length !== width * height * 4) {
    throw new RangeError(`${pixels.length} bytes are neither RGB nor RGBA pixels of ${width}×${height}`);
  }
  return [pixels, width, height, 4, opaque ?? isOpaque(pixels), level, recheckLevel, recheckBelow];
}

/** True when every pixel of RGBA bytes has alpha 255. */
export function isOpaque(rgba: Uint8Array): boolean {
  if (rgba.byteOffset % 4 === 0) {
    // Four bytes at a time: on little-endian machines alpha is the top byte of each word.
    const words = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.byteLength >>> 2);
    const littleEndian = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;
    const mask = (littleEndian ? 0xff000000 : 0x000000ff) | 0;
    for (let i = 0; i < words.length; i++) if ((words[i]! & mask) !== mask) return false;
    return true;
  }
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return false;
  return true;
}
