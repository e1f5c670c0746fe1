import {
  type AnimationSettings,
  animationFrames,
  animationLimitProblem,
  MAX_ANIMATION_FPS,
  type Plan,
} from '@layerloom/api';
import { InputNumber, Radio, Select, Typography } from 'antd';
import { useId } from 'react';
import './animation-panel.css';

const FORMATS: { value: AnimationSettings['format']; label: string; hint: string }[] = [
  {
    value: 'webp',
    label: 'Animated WebP',
    hint: 'small, with transparency; plays on marketplaces and browsers',
  },
  { value: 'gif', label: 'GIF', hint: 'plays everywhere; 256 colours per token' },
  { value: 'mp4', label: 'MP4 (H.264)', hint: 'smallest for film-like art; no transparency' },
];

const DITHERS: { value: AnimationSettings['dither']; label: string }[] = [
  { value: 'sierra2_4a', label: 'Sierra (soft, default)' },
  { value: 'floyd_steinberg', label: 'Floyd–Steinberg (fine grain)' },
  { value: 'bayer', label: 'Bayer (ordered pattern)' },
  { value: 'none', label: 'None (flat bands)' },
];

const seconds = (value: number) => `${Number(value.toFixed(2))} s`;

/**
 * How an animated collection renders: the format of each token's animation, its frame rate and
 * length, the frame used as the still poster and, for GIF, the dithering of each token's palette. Shown
 * when a trait is animated or a video; what the plan allows is checked as the user types.
 */
export function AnimationPanel({
  settings,
  longestMs,
  plan,
  onChange,
}: {
  settings: AnimationSettings;
  /** The longest animated trait's play time (what a token plays when no duration is set). */
  longestMs: number;
  plan: Plan;
  onChange: (settings: AnimationSettings) => void;
}) {
  const id = useId();
  const set = (change: Partial<AnimationSettings>) => onChange({ ...settings, ...change });
  const length = settings.durationSeconds ?? longestMs / 1000;
  const frames = animationFrames(length, settings.fps);
  const problem = animationLimitProblem(settings, plan, longestMs);
  const poster = Math.min(settings.posterFrame, frames - 1);
  return (
    <div className="ll-gen-animation">
      <p className="ll-gen-animation-lead" data-testid="animation-summary">
        Each token plays {settings.durationSeconds === null ? 'up to ' : ''}
        {seconds(length)} · {frames} frames at {settings.fps} fps, with a PNG poster of frame {poster} (at{' '}
        {seconds(poster / settings.fps)}). The {plan.name} plan allows {plan.maxAnimationSeconds} s and{' '}
        {plan.maxAnimationFrames} frames.
      </p>
      <fieldset className="ll-gen-animation-field">
        <legend>Format</legend>
        <Radio.Group
          value={settings.format}
          onChange={(event) => set({ format: event.target.value as AnimationSettings['format'] })}
          className="ll-gen-animation-formats"
        >
          {FORMATS.map((format) => (
            <Radio key={format.value} value={format.value}>
              <span className="ll-gen-animation-format">{format.label}</span>
              <span className="ll-gen-animation-hint">{format.hint}</span>
            </Radio>
          ))}
        </Radio.Group>
      </fieldset>
      <div className="ll-gen-animation-row">
        <label htmlFor={`${id}-fps`}>Frame rate</label>
        <InputNumber
          id={`${id}-fps`}
          min={1}
          max={MAX_ANIMATION_FPS}
          precision={0}
          value={settings.fps}
          suffix="fps"
          onChange={(value) => {
            if (typeof value === 'number') set({ fps: value });
          }}
        />
      </div>
      <fieldset className="ll-gen-animation-field">
        <legend>Length</legend>
        <Radio.Group
          value={settings.durationSeconds === null ? 'longest' : 'set'}
          onChange={(event) =>
            set({
              durationSeconds:
                event.target.value === 'longest'
                  ? null
                  : Math.min(plan.maxAnimationSeconds, Math.max(0.1, Number((longestMs / 1000).toFixed(2)))),
            })
          }
        >
          <Radio value="longest">As long as the token's longest layer ({seconds(longestMs / 1000)})</Radio>
          <Radio value="set">Every token plays</Radio>
        </Radio.Group>
        {settings.durationSeconds !== null ? (
          <InputNumber
            aria-label="Length in seconds"
            min={0.1}
            max={600}
            step={0.5}
            value={settings.durationSeconds}
            suffix="s"
            className="ll-gen-animation-seconds"
            onChange={(value) => {
              if (typeof value === 'number' && value > 0) set({ durationSeconds: value });
            }}
          />
        ) : null}
      </fieldset>
      <div className="ll-gen-animation-row">
        <label htmlFor={`${id}-poster`}>Poster frame</label>
        <InputNumber
          id={`${id}-poster`}
          min={0}
          precision={0}
          value={settings.posterFrame}
          aria-describedby={`${id}-poster-hint`}
          onChange={(value) => {
            if (typeof value === 'number') set({ posterFrame: value });
          }}
        />
        <span id={`${id}-poster-hint`} className="ll-gen-animation-hint">
          0 is the first frame; the poster is each token's still image (metadata <code>image</code>).
        </span>
      </div>
      {settings.format === 'gif' ? (
        <div className="ll-gen-animation-row">
          <label htmlFor={`${id}-dither`}>GIF dithering</label>
          <Select
            id={`${id}-dither`}
            value={settings.dither}
            options={DITHERS}
            onChange={(value) => set({ dither: value })}
            className="ll-gen-animation-dither"
          />
        </div>
      ) : null}
      {problem ? (
        <Typography.Text type="danger" role="alert" className="ll-gen-animation-problem">
          {problem.message}
        </Typography.Text>
      ) : null}
    </div>
  );
}
