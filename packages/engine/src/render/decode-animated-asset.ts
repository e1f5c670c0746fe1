import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { AnimationTooLongError } from '../errors/animation-errors.ts';
import type { PlacedPixels } from './composite.ts';
import { cropToVisible } from './crop-to-visible.ts';
import { decodeFrames, type FrameFile, framesForDuration } from './decode-frames.ts';
import { detectMediaType, isVideoType } from './detect-media-type.ts';
import { probeMedia } from './probe-media.ts';

/** Frame and duration limits of animated output (per plan). */
export interface AnimationLimits {
  /** Most frames a token's animation may have. */
  maxFrames: number;
  /** Longest a layer or token animation may play, in seconds. */
  maxSeconds: number;
}

/** Limits used when the caller gives none. */
export const DEFAULT_ANIMATION_LIMITS: AnimationLimits = { maxFrames: 600, maxSeconds: 60 };

/** Parameters of `decodeAnimatedAsset`. */
export interface DecodeAnimatedAssetParameters {
  bytes: Uint8Array;
  width: number;
  height: number;
  label: string;
  /** Makes (once) the folder for frame files; the caller removes it. */
  folder: () => Promise<string>;
  /** Unique name of the asset's frame file within `folder`. */
  name: string;
  /** The output timeline; absent for still output (only the first frame is kept). */
  animation?: { fps: number; limits: AnimationLimits };
}

/** A decoded animated or video layer: its first frame in memory, and its frames on disk when the output is animated. */
export interface DecodedAnimatedAsset {
  pixels: PlacedPixels;
  frames?: FrameFile;
}

/**
 * Decodes an asset that needs more than a still decoder: an animated GIF or WebP (when the output
 * is animated), an APNG or a video. Returns undefined for a still image (decoded as before). For
 * still output only the first frame is decoded; for animated output every frame is resampled onto
 * the output's frame rate into a file, after refusing a layer longer than the limits.
 */
export async function decodeAnimatedAsset(
  parameters: DecodeAnimatedAssetParameters,
): Promise<DecodedAnimatedAsset | undefined> {
  const { bytes, width, height, label, animation } = parameters;
  const detected = detectMediaType(bytes);
  if (!detected.supported || detected.type === 'png' || detected.type === 'jpeg') return undefined;
  const mayMove = detected.type === 'apng' || isVideoType(detected.type);
  if (!mayMove && !animation) return undefined;
  const info = await probeMedia(bytes, label);
  if (!info.animated && !mayMove) return undefined;
  const file = path.join(await parameters.folder(), `${parameters.name}.rgba`);
  if (!animation) {
    const frames = await decodeFrames({ bytes, info, width, height, fps: 1, file, maxFrames: 1, label });
    const pixels = await readFirstFrame(frames, width, height);
    await rm(file, { force: true });
    return { pixels };
  }
  const { fps, limits } = animation;
  const seconds = info.durationMs / 1000;
  if (seconds > limits.maxSeconds) {
    throw new AnimationTooLongError(
      label,
      `it plays ${formatSeconds(seconds)}, at most ${limits.maxSeconds} s are allowed`,
    );
  }
  const ticks = framesForDuration(info.durationMs, fps);
  if (ticks > limits.maxFrames) {
    throw new AnimationTooLongError(
      label,
      `${ticks} frames at ${fps} fps, at most ${limits.maxFrames} are allowed`,
    );
  }
  const frames = await decodeFrames({ bytes, info, width, height, fps, file, maxFrames: ticks, label });
  return { pixels: await readFirstFrame(frames, width, height), frames };
}

async function readFirstFrame(frames: FrameFile, width: number, height: number): Promise<PlacedPixels> {
  const handle = await open(frames.file, 'r');
  try {
    const rgba = new Uint8Array(width * height * 4);
    await handle.read(rgba, 0, rgba.length, 0);
    return cropToVisible(rgba, width, height);
  } finally {
    await handle.close();
  }
}

function formatSeconds(seconds: number): string {
  return `${Number(seconds.toFixed(2))} s`;
}
