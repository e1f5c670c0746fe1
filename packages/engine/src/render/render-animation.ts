import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import type { AnimationOptions, BlendMode, Compression } from '../spec/collection-spec.ts';
import { type AnimationEncoder, startAnimationEncoder } from './animation-encoder.ts';
import {
  type AlphaRuns,
  type CompositeLayer,
  compositeImage,
  findAlphaRuns,
  type PlacedPixels,
} from './composite.ts';
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

/**
 * What is known of one frame of an animated layer: whether it is opaque, else its visible runs and the
 * rows holding them (`firstRow` to `endRow`, exclusive; none visible: both 0).
 */
interface FrameShape {
  opaque: boolean;
  runs?: AlphaRuns;
  firstRow: number;
  endRow: number;
  bytes: number;
}

/**
 * Shapes of the frames met so far on this thread, by frame file and frame: the same trait's frames
 * come back on many tokens, and finding a frame's shape costs a pass over all its pixels (as much as
 * drawing it); once known, only the rows it shows are read again. Bounded in bytes (runs are small
 * next to pixels); the oldest go first.
 */
const frameShapes = new Map<string, FrameShape>();
let frameShapeBytes = 0;
const FRAME_SHAPE_BUDGET = 32 * 2 ** 20;

/** Finds (and keeps) the shape of a frame whose pixels were just read whole. */
function learnShape(key: string, pixels: Uint8Array, width: number, height: number): FrameShape {
  const opaque = isOpaque(pixels);
  const runs = opaque ? undefined : findAlphaRuns(pixels, width, height);
  let firstRow = 0;
  let endRow = opaque ? height : 0;
  if (runs) {
    while (firstRow < height && runs.rows[firstRow] === runs.rows[firstRow + 1]) firstRow++;
    endRow = height;
    while (endRow > firstRow && runs.rows[endRow - 1] === runs.rows[endRow]) endRow--;
    if (endRow === firstRow) firstRow = endRow = 0;
  }
  const shape: FrameShape = {
    opaque,
    ...(runs ? { runs } : {}),
    firstRow,
    endRow,
    bytes: 96 + key.length * 2 + (runs ? runs.rows.byteLength + runs.runs.byteLength : 0),
  };
  frameShapes.set(key, shape);
  frameShapeBytes += shape.bytes;
  for (const [oldest, old] of frameShapes) {
    if (frameShapeBytes <= FRAME_SHAPE_BUDGET) break;
    frameShapes.delete(oldest);
    frameShapeBytes -= old.bytes;
  }
  return shape;
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
          file: layer.frames.file,
          fd: openSync(layer.frames.file, 'r'),
          id: '',
          visibleFirst: 0,
          visibleEnd: 0,
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
  // A frame file is known by its path and the file itself (a later job's could take a freed name).
  for (const source of sources) {
    if (!source) continue;
    const stat = fstatSync(source.fd);
    source.id = `${stat.ino}:${stat.mtimeMs}:${source.file}`;
  }
  const posterFrame = animation.posterFrame % frames;
  let encoder: AnimationEncoder | undefined;
  try {
    for (let frame = 0; frame < frames; frame++) {
      for (const source of sources) {
        if (!source) continue;
        const wanted = frame % source.count;
        if (wanted === source.loaded) continue;
        const key = `${wanted}:${source.id}`;
        let shape = frameShapes.get(key);
        const rowBytes = width * 4;
        if (shape && !shape.opaque) {
          // A known shape: only the rows it shows are read; rows the last frame showed outside them are
          // cleared, so whatever the compositor reads outside is transparent as in the file.
          const { firstRow, endRow } = shape;
          if (source.visibleFirst < firstRow)
            source.pixels.fill(
              0,
              source.visibleFirst * rowBytes,
              Math.min(firstRow, source.visibleEnd) * rowBytes,
            );
          if (source.visibleEnd > endRow)
            source.pixels.fill(
              0,
              Math.max(endRow, source.visibleFirst) * rowBytes,
              source.visibleEnd * rowBytes,
            );
          const length = (endRow - firstRow) * rowBytes;
          const at = firstRow * rowBytes;
          if (readSync(source.fd, source.pixels, at, length, wanted * frameBytes + at) !== length)
            throw new Error(`frame ${wanted} of an animated layer is missing`);
        } else {
          if (readSync(source.fd, source.pixels, 0, frameBytes, wanted * frameBytes) !== frameBytes)
            throw new Error(`frame ${wanted} of an animated layer is missing`);
          shape ??= learnShape(key, source.pixels, width, height);
        }
        // Rows outside the shape's hold only clear pixels, whatever their colour.
        source.visibleFirst = shape.firstRow;
        source.visibleEnd = shape.endRow;
        source.loaded = wanted;
        // A new object per frame, with this frame's own shape (the compositor would otherwise keep the
        // runs it found for the object). An opaque frame (a video) takes the fast RGB path.
        drawn[source.index]!.image = {
          pixels: source.pixels,
          left: 0,
          top: 0,
          width,
          height,
          opaque: shape.opaque,
          ...(shape.runs ? { runs: shape.runs } : {}),
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
