import { createRequire } from 'node:module';
import { PngEncoderMissingError } from '../errors/generate-errors.ts';

/**
 * What both calls take: pixels (3 or 4 channels; `dropAlpha` writes RGBA as RGB), and the deflate
 * effort: `level` 1–12, then, when that stream is under `recheckBelow` times the filtered image's
 * size, again at `recheckLevel` (0: never), keeping the smaller stream.
 */
export type NativePngArguments = [
  pixels: Uint8Array,
  width: number,
  height: number,
  channels: 3 | 4,
  dropAlpha: boolean,
  level: number,
  recheckLevel: number,
  recheckBelow: number,
];

/**
 * The PNG encoder compiled from `native/png` (row filters chosen per row as libpng does, deflate by
 * libdeflate). The promise calls encode on libuv's thread pool (`pixels` must not change until they
 * settle); the `Sync` ones on the calling thread, which is what a render worker thread wants: the
 * pool is shared by the whole process and has 4 threads, so encodes queued there would cap every
 * render thread's work at 4 cores and keep more cores busy than `--threads` says.
 */
export interface NativePng {
  /** Encodes to PNG bytes. */
  encode(...args: NativePngArguments): Promise<Uint8Array>;
  /** The same bytes written to `file`; resolves with their count. */
  encodeToFile(...args: [...NativePngArguments, file: string]): Promise<number>;
  /**
   * `encode` on the calling thread. With `overwrite`, the encoder may filter the image over the
   * pixels (they are garbage afterwards) instead of in a fresh allocation of the image's size, when
   * their buffer has the room from their offset: RGBA written as RGB always does, other pixels need
   * one byte more per row. The same bytes either way.
   */
  encodeSync(...args: [...NativePngArguments, overwrite?: boolean]): Uint8Array;
  /** `encodeToFile` on the calling thread; returns the file's size (no file is left on failure). `overwrite` as for `encodeSync`. */
  encodeToFileSync(...args: [...NativePngArguments, file: string, overwrite?: boolean]): number;
}

let loaded: NativePng | undefined;

/** Loads the native encoder on first use, so importing the engine never fails for want of it. */
export function nativePng(): NativePng {
  if (loaded) return loaded;
  // src/render/ and dist/render/ are both two levels below the package, where node-gyp builds.
  const require = createRequire(import.meta.url);
  try {
    loaded = require('../../build/Release/layerloom_png.node') as NativePng;
  } catch (cause) {
    throw new PngEncoderMissingError({ cause });
  }
  return loaded;
}
