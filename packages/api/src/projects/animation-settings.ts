import { z } from 'zod';

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
