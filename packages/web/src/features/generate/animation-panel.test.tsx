import { DEFAULT_ANIMATION_SETTINGS, DEFAULT_METADATA_FORMAT_SETTINGS, planById } from '@layerloom/api';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AnimationPanel } from './animation-panel.tsx';
import { draftLayer } from './draft-fixtures.ts';
import { generateBlockers } from './generate-blockers.ts';
import type { Draft } from './project-draft.ts';

const free = planById('free');

describe('AnimationPanel', () => {
  it('sums up the tokens, changes format, frame rate, length and poster, and offers dithering for GIF only', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <AnimationPanel
        settings={DEFAULT_ANIMATION_SETTINGS}
        longestMs={2000}
        plan={free}
        onChange={onChange}
      />,
    );
    expect(screen.getByTestId('animation-summary').textContent).toBe(
      'Each token plays up to 2 s · 24 frames at 12 fps, with a PNG poster of frame 0 (at 0 s). The Free plan allows 5 s and 60 frames.',
    );
    expect(screen.queryByLabelText('GIF dithering')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /^GIF/ }));
    expect(onChange).toHaveBeenLastCalledWith({ ...DEFAULT_ANIMATION_SETTINGS, format: 'gif' });
    fireEvent.change(screen.getByLabelText('Frame rate'), { target: { value: '8' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...DEFAULT_ANIMATION_SETTINGS, fps: 8 });
    fireEvent.click(screen.getByRole('radio', { name: 'Every token plays' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...DEFAULT_ANIMATION_SETTINGS, durationSeconds: 2 });

    const gif = {
      ...DEFAULT_ANIMATION_SETTINGS,
      format: 'gif' as const,
      durationSeconds: 1.5,
      posterFrame: 6,
    };
    rerender(<AnimationPanel settings={gif} longestMs={2000} plan={free} onChange={onChange} />);
    expect(screen.getByTestId('animation-summary').textContent).toContain(
      'Each token plays 1.5 s · 18 frames at 12 fps, with a PNG poster of frame 6 (at 0.5 s)',
    );
    expect(screen.getByLabelText('GIF dithering')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Length in seconds'), { target: { value: '3' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...gif, durationSeconds: 3 });
    expect(screen.queryByRole('alert')).toBeNull();

    // Past the plan: 4 s at 30 fps is 120 frames, the Free plan allows 60.
    rerender(
      <AnimationPanel
        settings={{ ...gif, fps: 30, durationSeconds: 4 }}
        longestMs={2000}
        plan={free}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Tokens would have 120 frames (4 s at 30 fps): the Free plan allows 60. Lower the frame rate to 15 fps or set a shorter duration.',
    );
  });

  it('keeps Generate disabled while an animated project is past the plan, with a way to the settings', () => {
    const film = {
      id: 'film',
      name: 'Film',
      weight: 1,
      image: {
        contentType: 'video/mp4' as const,
        width: 64,
        height: 64,
        bytes: 900,
        animation: { frames: 48, durationMs: 4000 },
      },
    };
    const draft = {
      layers: [draftLayer('Back', [film])],
      animation: { ...DEFAULT_ANIMATION_SETTINGS, fps: 24 },
      metadata: { ...DEFAULT_METADATA_FORMAT_SETTINGS },
      name: 'Reel',
      description: 'Moving cats',
      collectionSize: 10,
      width: 64,
      height: 64,
      seed: 'abc',
    } as unknown as Draft;
    const blockers = generateBlockers({
      draft,
      plan: free,
      count: { data: { count: '1', problem: null }, error: null, isLoading: false },
      saveState: { kind: 'saved' },
      isRunning: false,
    });
    expect(blockers.find((blocker) => blocker.id === 'animation-limit')).toEqual({
      id: 'animation-limit',
      text: 'Tokens would have 96 frames (4 s at 24 fps): the Free plan allows 60. Lower the frame rate to 15 fps or set a shorter duration.',
      targets: [{ kind: 'animation' }, { kind: 'plans' }],
    });
  });
});
