import type { Compression } from '../spec/collection-spec.ts';
import { type CompositedImage, type CompositeLayer, compositeImage } from './composite.ts';
import { encodePngSync, writePngFileSync } from './encode-png.ts';

/** Reusable buffers of one renderer (one per worker), so rendering allocates nothing per token. */
export interface RenderBuffers {
  canvas: Float32Array;
  rgba: Uint8Array;
}

/**
 * Allocates the working buffers for a canvas size; the float canvas only once a token needs it. The
 * 8-bit pixels' buffer has a byte more per row than they take: the encoder filters a token's rows
 * over them (`encodePngSync`'s `overwrite`), one byte per row longer, instead of in a copy.
 */
export function createRenderBuffers(width: number, height: number): RenderBuffers {
  let canvas: Float32Array | undefined;
  return {
    get canvas() {
      canvas ??= new Float32Array(width * height * 4);
      return canvas;
    },
    rgba: new Uint8Array(new ArrayBuffer(width * height * 4 + height), 0, width * height * 4),
  };
}

/**
 * Composites layers (bottom first) and encodes the result as PNG bytes, all on the calling thread
 * (a render worker's: see native-png.ts for why not on libuv's pool). `onImage` sees the composite
 * before it is encoded (its look is hashed there).
 */
export function renderTokenPng(
  layers: readonly CompositeLayer[],
  width: number,
  height: number,
  compression: Compression,
  buffers: RenderBuffers = createRenderBuffers(width, height),
  onImage?: (image: CompositedImage) => void,
): Uint8Array {
  const image = compositeImage(() => buffers.canvas, buffers.rgba, width, layers);
  onImage?.(image);
  // The composite is read no more: the encoder filters over it.
  return encodePngSync(image.data, width, height, compression, undefined, true);
}

/** `renderTokenPng` written straight into `file`; returns its size in bytes. */
export function renderTokenFile(
  layers: readonly CompositeLayer[],
  width: number,
  height: number,
  compression: Compression,
  file: string,
  buffers: RenderBuffers = createRenderBuffers(width, height),
  onImage?: (image: CompositedImage) => void,
): number {
  const image = compositeImage(() => buffers.canvas, buffers.rgba, width, layers);
  onImage?.(image);
  // The composite is read no more: the encoder filters over it.
  return writePngFileSync(image.data, width, height, compression, file, undefined, true);
}
