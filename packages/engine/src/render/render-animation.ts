import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { AnimationOptions, BlendMode, Compression } from '../spec/collection-spec.ts';
import { type AnimationEncoder, startAnimationEncoder } from './animation-encoder.ts';
import { type CompositeLayer, compositeImage, type PlacedPixels } from './composite.ts';
import type { FrameFile } from './decode-frames.ts';
import { isOpaque, writePngFile } from './encode-png.ts';
import type { RenderBuffers } from './render-token.ts';

/** A layer of an animated token: a still image, or frames on disk (`frames`) looping over the token. */
export interface AnimatedLayer {
  /** The still image (for an animated layer, its first frame). */
  image: PlacedPixels;
  blend: BlendMode;
  opacity: number;
  frames?: FrameFile;
}

/** Parameters of `renderTokenAnimation`. */
export interface RenderTokenAnimationParameters {
  layers: readonly AnimatedLayer[];
  width: number;
  height: number;
  compression: Compression;
  animation: AnimationOptions;
  /** Frames of this token's animation. */
  frames: number;
  /** Where the animation and the PNG poster are written. */
  file: string;
  posterFile: string;
  buffers: RenderBuffers;
}

/**
 * Renders one animated token frame by frame: for output frame `k` every animated layer shows its
 * frame `k mod n` (read from its frame file into one buffer per layer), still layers their image;
 * the composite streams into ffmpeg, and frame `posterFrame` is also written as the PNG poster.
 * Memory holds one frame per animated layer and the encoder's input queue, whatever the length.
 * Resolves with the animation's size in bytes.
 */
export async function renderTokenAnimation(parameters: RenderTokenAnimationParameters): Promise<number> {
  const { layers, width, height, compression, animation, frames, buffers } = parameters;
  const frameBytes = width * height * 4;
  const sources = layers.map((layer, index) =>
    layer.frames
      ? {
          index,
          fd: openSync(layer.frames.file, 'r'),
          count: layer.frames.frames,
          loaded: -1,
          pixels: new Uint8Array(frameBytes),
        }
      : undefined,
  );
  const drawn: CompositeLayer[] = layers.map((layer, index) => ({
    image: sources[index] ? { pixels: sources[index].pixels, left: 0, top: 0, width, height } : layer.image,
    blend: layer.blend,
    opacity: layer.opacity,
  }));
  const posterFrame = animation.posterFrame % frames;
  let encoder: AnimationEncoder | undefined;
  try {
    for (let frame = 0; frame < frames; frame++) {
      for (const source of sources) {
        if (!source) continue;
        const wanted = frame % source.count;
        if (wanted === source.loaded) continue;
        const read = readSync(source.fd, source.pixels, 0, frameBytes, wanted * frameBytes);
        if (read !== frameBytes) throw new Error(`frame ${wanted} of an animated layer is missing`);
        source.loaded = wanted;
        // A new object per frame: the compositor caches each image's alpha runs by object, and a
        // frame's shape differs from the last one's. An opaque frame (a video) takes the fast RGB path.
        drawn[source.index]!.image = {
          pixels: source.pixels,
          left: 0,
          top: 0,
          width,
          height,
          opaque: isOpaque(source.pixels),
        };
      }
      const image = compositeImage(() => buffers.canvas, buffers.rgba, width, drawn);
      encoder ??= startAnimationEncoder({
        animation,
        width,
        height,
        channels: image.channels === 3 ? 3 : 4,
        file: parameters.file,
      });
      await encoder.write(image.data);
      if (frame === posterFrame)
        await writePngFile(image.data, width, height, compression, parameters.posterFile);
    }
    await encoder!.finish();
  } catch (error) {
    encoder?.abort();
    throw error;
  } finally {
    for (const source of sources) if (source) closeSync(source.fd);
  }
  return statSync(parameters.file).size;
}
