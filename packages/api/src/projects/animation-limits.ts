// What a plan allows an animated collection, as plain functions (no zod): the editor checks a project
// against its plan on its first render without loading the settings' schema.
import type { Plan } from '../plans.ts';
import type { AnimationSettings } from './animation-settings.ts';

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
