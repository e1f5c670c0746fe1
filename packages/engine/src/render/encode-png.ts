import { writeFile } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import type { Compression } from '../spec/collection-spec.ts';

/**
 * libpng settings per compression choice for images with transparency (RGBA), and the reference
 * the bench compares file sizes with: `small` (default) level 6 + adaptive filters, the settings of
 * libpng's and canvas's default encoders; `balanced` level 4 + adaptive filters (about 4 % larger,
 * 1.7× faster); `fast` level 2 without filters (about 30 % larger, 3.7× faster).
 */
export const PNG_SETTINGS: Record<Compression, { compressionLevel: number; adaptiveFiltering: boolean }> = {
  small: { compressionLevel: 6, adaptiveFiltering: true },
  balanced: { compressionLevel: 4, adaptiveFiltering: true },
  fast: { compressionLevel: 2, adaptiveFiltering: false },
};

/**
 * Settings for fully opaque images, written as RGB. For textured art (the bench's 1024² and 512²
 * tokens, CPU time per 1024² image, 1 thread) RGB at level 6 costs 64 ms and gives 93.8 % of the
 * RGBA level-6 bytes (worst image 94.6 %); level 3 costs 55 ms for 94.8 % (worst 95.7 %). So
 * `small` encodes at level 3 first. Level 3 skips zlib's lazy matching, which costs little on
 * noisy art but a lot on flat, repetitive art (pixel art: 160 % of level 6), so see
 * `OPAQUE_RECHECK_SHARE`. `balanced` and `fast` are as for RGBA.
 */
export const OPAQUE_PNG_SETTINGS: Record<
  Compression,
  { compressionLevel: number; adaptiveFiltering: boolean }
> = { ...PNG_SETTINGS, small: { compressionLevel: 3, adaptiveFiltering: true } };

/**
 * In `small`, an opaque image whose level-3 file is under this share of its raw RGB bytes is
 * encoded again at level 6 and the smaller file kept. The files level 3 makes much bigger than
 * level 6 are the very compressible ones (flat colours, repeated rows), which are also the cheap
 * ones to encode again. On the bench's textured art (about half its raw size) level 3 was within
 * 1.1 % of level 6 on every image measured; other art between a third and a half of its raw size
 * has not been measured. No per-image bound against the RGBA level-6 reference is promised
 * (proving one would take encoding the reference too); the bench compares the two on every run.
 */
export const OPAQUE_RECHECK_SHARE = 0.35;

/**
 * Encodes straight-alpha RGBA pixels, or RGB ones (told apart by their length), as a PNG
 * (deterministic: same pixels and settings, same bytes). A fully opaque image is written as
 * truecolour without alpha (PNG colour type 2): the same pixels in fewer bytes, and about 2.5×
 * faster to deflate, since an interleaved constant alpha byte both costs a bit per pixel and breaks
 * up the matches zlib searches for. For RGBA, `opaque` may be passed when the caller already knows
 * (it saves a scan of the pixels); it must then be true only for pixels whose alpha is 255 everywhere.
 */
export async function encodePng(
  pixels: Uint8Array,
  width: number,
  height: number,
  compression: Compression,
  opaque?: boolean,
): Promise<Uint8Array> {
  const plan = planPng(pixels, width, height, compression, opaque);
  let buffer = await plan.image().png(plan.settings).toBuffer();
  if (plan.recheck && buffer.length < plan.recheckBelow) {
    const again = await plan.image().png(plan.recheck).toBuffer();
    if (again.length < buffer.length) buffer = again;
  }
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/**
 * `encodePng` straight into a file (the same bytes): libvips writes it, so the image never
 * becomes a JavaScript buffer waiting for garbage collection. Resolves with the file's size.
 */
export async function writePngFile(
  pixels: Uint8Array,
  width: number,
  height: number,
  compression: Compression,
  file: string,
  opaque?: boolean,
): Promise<number> {
  const plan = planPng(pixels, width, height, compression, opaque);
  let { size } = await plan.image().png(plan.settings).toFile(file);
  if (plan.recheck && size < plan.recheckBelow) {
    const again = await plan.image().png(plan.recheck).toBuffer();
    if (again.length < size) {
      await writeFile(file, again);
      size = again.length;
    }
  }
  return size;
}

type PngSettings = { compressionLevel: number; adaptiveFiltering: boolean };

/** How `encodePng` writes these pixels: the input, the settings, and the level-6 recheck of opaque images. */
function planPng(
  pixels: Uint8Array,
  width: number,
  height: number,
  compression: Compression,
  opaque: boolean | undefined,
): { image: () => Sharp; settings: PngSettings; recheck?: PngSettings; recheckBelow: number } {
  const channels = pixels.length === width * height * 3 ? 3 : 4;
  if (channels === 4 && pixels.length !== width * height * 4) {
    throw new RangeError(`${pixels.length} bytes are neither RGB nor RGBA pixels of ${width}×${height}`);
  }
  const rgb = channels === 3 || (opaque ?? isOpaque(pixels));
  const image = (): Sharp => {
    const input = sharp(pixels, { raw: { width, height, channels } });
    return channels === 4 && rgb ? input.removeAlpha() : input;
  };
  if (!rgb) return { image, settings: PNG_SETTINGS[compression], recheckBelow: 0 };
  const settings = OPAQUE_PNG_SETTINGS[compression];
  const full = PNG_SETTINGS[compression];
  return {
    image,
    settings,
    recheck: full.compressionLevel > settings.compressionLevel ? full : undefined,
    recheckBelow: width * height * 3 * OPAQUE_RECHECK_SHARE,
  };
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
