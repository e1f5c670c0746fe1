import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AnimationTooLongError } from '../errors/animation-errors.ts';
import { animationPath, tokenPaths } from '../metadata/collection-metadata.ts';
import type { OutputSink } from '../output/output-sink.ts';
import type { AnimationLimits } from '../render/decode-animated-asset.ts';
import type { FrameFile } from '../render/decode-frames.ts';
import type { RenderPool } from '../render/render-pool.ts';
import type { AnimationOptions } from '../spec/collection-spec.ts';
import type { TokenLayer } from './token-layers.ts';

/** Refuses a set duration longer than the limits, before any asset is decoded. */
export function checkTokenDuration(animation: AnimationOptions, limits: AnimationLimits): void {
  const seconds = animation.durationSeconds;
  if (seconds === undefined) return;
  if (seconds > limits.maxSeconds) {
    throw new AnimationTooLongError(
      'The animation',
      `${seconds} s, at most ${limits.maxSeconds} s are allowed`,
    );
  }
  const frames = Math.round(seconds * animation.fps);
  if (frames > limits.maxFrames) {
    throw new AnimationTooLongError(
      'The animation',
      `${frames} frames at ${animation.fps} fps, at most ${limits.maxFrames} are allowed`,
    );
  }
}

/**
 * Frames of one token's animation: the set duration, else its longest animated layer (every
 * other layer loops within it), else — a token of still layers only — the collection's longest.
 */
export function tokenFrameCount(
  animation: AnimationOptions,
  layers: readonly TokenLayer[],
  frameFiles: readonly (FrameFile | null)[],
  longestFrames: number,
): number {
  if (animation.durationSeconds !== undefined)
    return Math.max(1, Math.round(animation.durationSeconds * animation.fps));
  let frames = 0;
  for (const layer of layers) frames = Math.max(frames, frameFiles[layer.asset]?.frames ?? 0);
  return frames > 0 ? frames : longestFrames;
}

/** Parameters of `writeAnimation`. */
export interface WriteAnimationParameters {
  sink: OutputSink;
  pool: RenderPool;
  edition: number;
  animation: AnimationOptions;
  layers: TokenLayer[];
  frames: number;
  /** A temporary folder for sinks that cannot stage files (the job's frame folder). */
  scratch: string | undefined;
}

/**
 * Renders a token's animation and poster on a worker and stores both: on a local sink the worker
 * writes the staged files, committed animation first and poster second; otherwise through
 * temporary files streamed into the sink. Metadata (written by the caller afterwards) marks the
 * token finished, so a job stopped here renders it again on resume.
 */
export async function writeAnimation(parameters: WriteAnimationParameters): Promise<void> {
  const { sink, pool, edition, animation, layers, frames } = parameters;
  const posterPath = tokenPaths(edition).image;
  const moviePath = animationPath(edition, animation.format);
  const staged = sink.stage && sink.commit;
  const scratch = parameters.scratch ?? tmpdir();
  const file = staged
    ? await sink.stage!(moviePath)
    : path.join(scratch, `token-${edition}.${animation.format}`);
  const posterFile = staged ? await sink.stage!(posterPath) : path.join(scratch, `token-${edition}.png`);
  try {
    await pool.renderAnimation(layers, { frames, file, posterFile });
    if (staged) {
      await sink.commit!(moviePath, file);
      await sink.commit!(posterPath, posterFile);
    } else {
      await sink.write(moviePath, createReadStream(file));
      await sink.write(posterPath, createReadStream(posterFile));
    }
  } finally {
    await rm(file, { force: true });
    await rm(posterFile, { force: true });
  }
}
