import type { Compression } from '../spec/collection-spec.ts';
import { type CompositeLayer, compositeToRgba } from './composite.ts';
import { encodePng } from './encode-png.ts';

/** Reusable buffers of one renderer (one per worker), so rendering allocates nothing per token. */
export interface RenderBuffers {
  canvas: Float32Array;
  rgba: Uint8Array;
}

/** Allocates the working buffers for a canvas size. */
export function createRenderBuffers(width: number, height: number): RenderBuffers {
  return { canvas: new Float32Array(width * height * 4), rgba: new Uint8Array(width * height * 4) };
}

/** Composites layers (bottom first) and encodes the result as PNG bytes. */
export async function renderTokenPng(
  layers: readonly CompositeLayer[],
  width: number,
  height: number,
  compression: Compression,
  buffers: RenderBuffers = createRenderBuffers(width, height),
): Promise<Uint8Array> {
  return encodePng(compositeToRgba(buffers.canvas, buffers.rgba, width, layers), width, height, compression);
}
