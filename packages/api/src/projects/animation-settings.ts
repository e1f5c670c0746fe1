import { z } from 'zod';
import type { Plan } from '../plans.ts';

/** Highest frame rate of a collection's animations. */
export const MAX_ANIMATION_FPS = 30;

export const ANIMATION_FORMATS = ['webp', 'gif', 'mp4'] as const;
export const GIF_DITHERS = ['sierra2_4a', 'floyd_steinberg', 'bayer', 'none'] as const;

/**
 * How a project with animated or video traits renders its tokens: the animation's format, frame rate,
 * length (null: each token plays as long as its longest animated layer), the frame used as the still
 * PNG poster and, for GIF, the dithering of each token's palette. A still project ignores them.
 */
export const AnimationSettingsSchema = z.object({
  format: z.enum(ANIMATION_FORMATS, { error: 'Choose WebP, GIF or MP4' }).default('webp'),
  fps: z
    .number({ error: 'Frame rate must be a number' })
    .int('Frame rate must be a whole number of frames per second')
    .min(1, 'Frame rate is at least 1 fps')
    .max(MAX_ANIMATION_FPS, `Frame rate is at most ${MAX_ANIMATION_FPS} fps`)
    .default(12),
  durationSeconds: z
    .number({ error: 'Duration must be a number of seconds' })
    .positive('Duration must be above 0 s')
    .max(600, 'Duration is at most 600 s')
    .nullable()
    .default(null),
  posterFrame: z
    .number({ error: 'Poster frame must be a number' })
    .int('Poster frame must be a whole number')
    .min(0, 'Poster frame is 0 (the first) or more')
    .default(0),
  dither: z.enum(GIF_DITHERS, { error: 'Unknown dithering' }).default('sierra2_4a'),
});
export type AnimationSettings = z.output<typeof AnimationSettingsSchema>;

/** The settings of a project that never chose any. */
export const DEFAULT_ANIMATION_SETTINGS: AnimationSettings = AnimationSettingsSchema.parse({});

/** Frames of an animation of `seconds` at `fps` (as the engine counts them). */
export function animationFrames(seconds: number, fps: number): number {
  return Math.max(1, Math.round(seconds * fps));
}

/**
 * Why these settings do not fit the plan for a project whose longest animated trait plays
 * `longestMs`, or undefined when they do. Each token plays the set duration, or its longest animated
 * layer, at the chosen frame rate: the longest token must stay within the plan's seconds and frames.
 */
export function animationLimitProblem(
  settings: AnimationSettings,
  plan: Pick<Plan, 'name' | 'maxAnimationSeconds' | 'maxAnimationFrames'>,
  longestMs: number,
): { field: 'durationSeconds' | 'fps' | 'posterFrame'; message: string } | undefined {
  const seconds = settings.durationSeconds ?? longestMs / 1000;
  if (seconds > plan.maxAnimationSeconds) {
    return {
      field: 'durationSeconds',
      message: `Tokens would play ${Number(seconds.toFixed(2))} s: the ${plan.name} plan allows animations up to ${plan.maxAnimationSeconds} s. Set a shorter duration.`,
    };
  }
  const frames = animationFrames(seconds, settings.fps);
  if (frames > plan.maxAnimationFrames) {
    const fps = Math.floor(plan.maxAnimationFrames / seconds);
    return {
      field: 'fps',
      message: `Tokens would have ${frames} frames (${Number(seconds.toFixed(2))} s at ${settings.fps} fps): the ${plan.name} plan allows ${plan.maxAnimationFrames}. Lower the frame rate to ${fps} fps or set a shorter duration.`,
    };
  }
  if (settings.durationSeconds !== null && settings.posterFrame >= frames) {
    return {
      field: 'posterFrame',
      message: `The poster frame is ${settings.posterFrame}, but tokens have ${frames} frames (0 to ${frames - 1}).`,
    };
  }
  return undefined;
}
