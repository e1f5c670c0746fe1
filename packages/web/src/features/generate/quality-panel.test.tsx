import { type ProjectQuality, ProjectQualitySchema } from '@layerloom/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HELD_OUT_PROJECT_ID, heldOutQualityAnswer } from './quality-fixtures.ts';
import { QualityPanel } from './quality-panel.tsx';
import { QUALITY_DELAY_MS, type QualityState, useProjectQuality } from './use-project-quality.ts';

const heldOut: ProjectQuality = ProjectQualitySchema.parse(heldOutQualityAnswer);
const clean: ProjectQuality = { findings: [], analysed: 9, skipped: [] };

const state = (quality: ProjectQuality | undefined, changes: Partial<QualityState> = {}): QualityState => ({
  quality,
  isChecking: false,
  error: null,
  retry: () => {},
  ...changes,
});

describe('QualityPanel', () => {
  it("shows each finding of the held-out layer set by severity, with the fix and the traits' thumbnails", () => {
    const onShowLayer = vi.fn();
    render(
      <QualityPanel
        projectId={HELD_OUT_PROJECT_ID}
        state={state(heldOut)}
        isReady
        onShowLayer={onShowLayer}
      />,
    );
    expect(screen.getByTestId('quality-summary').textContent).toBe('3 serious problems, 3 warnings');
    const [serious, warnings] = screen.getAllByRole('heading', { level: 3 });
    expect(serious?.textContent).toBe('Serious (3) The collection would show something wrong.');
    expect(warnings?.textContent).toBe('Warnings (3) Probably a mistake.');
    const findings = screen.getAllByTestId('quality-finding');
    expect(findings.map((finding) => finding.querySelector('h4')?.textContent)).toEqual([
      'Empty image',
      'Hides the layers below',
      'Cannot appear',
      'Size or placement',
      'Size or placement',
      'Look-alike traits',
    ]);
    const ghost = findings[0]!;
    expect(ghost.textContent).toContain('Eyes/Ghost has no visible pixel');
    expect(ghost.textContent).toContain('Fix: Upload the image again with its art');
    const lookAlike = findings[5]!;
    expect(lookAlike.textContent).toContain('Eyes/Round and Eyes/Twin look the same');
    const chips = within(lookAlike).getAllByRole('button');
    expect(chips.map((chip) => [chip.textContent, chip.getAttribute('title')])).toEqual([
      ['Eyes / Round', 'Open layer Eyes'],
      ['Eyes / Twin', 'Open layer Eyes'],
    ]);
    const [round] = heldOut.findings[5]!.traits;
    expect(chips[0]!.querySelector('img')?.getAttribute('src')).toBe(
      `/api/v1/projects/${HELD_OUT_PROJECT_ID}/traits/${round!.traitId}/thumbnail`,
    );
    fireEvent.click(chips[0]!);
    expect(onShowLayer).toHaveBeenCalledWith(round!.layerId);
  });

  it('says "No problems found" for clean layers', () => {
    render(<QualityPanel projectId="p1" state={state(clean)} isReady onShowLayer={() => {}} />);
    expect(screen.getByTestId('quality-summary').textContent).toBe('No problems found');
    expect(screen.queryAllByTestId('quality-finding')).toEqual([]);
  });

  it('keeps the last findings marked "Checking…" while a change is checked, and waits for every layer', () => {
    const { rerender } = render(
      <QualityPanel
        projectId="p1"
        state={state(heldOut, { isChecking: true })}
        isReady
        onShowLayer={() => {}}
      />,
    );
    expect(screen.getByTestId('quality-checking').textContent).toBe(' Checking…');
    expect(screen.getAllByTestId('quality-finding')).toHaveLength(6);
    rerender(<QualityPanel projectId="p1" state={state(undefined)} isReady={false} onShowLayer={() => {}} />);
    expect(screen.getByTestId('quality-summary').textContent).toBe('Checked once every layer has images.');
  });

  it('says why the check failed and offers to try again', () => {
    const retry = vi.fn();
    render(
      <QualityPanel
        projectId="p1"
        state={state(undefined, { error: 'Too many requests', retry })}
        isReady
        onShowLayer={() => {}}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The layers could not be checked');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalled();
  });
});

describe('useProjectQuality', () => {
  let answers: ProjectQuality[] = [];
  const asked: string[] = [];

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answers = [];
    asked.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        return Response.json({ status: 'success', data: answers.shift() ?? clean });
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function renderQuality() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    return renderHook(
      (props: { revision: number; isSaving: boolean }) =>
        useProjectQuality({ projectId: 'p1', enabled: true, ...props }),
      { wrapper, initialProps: { revision: 0, isSaving: false } },
    );
  }

  it('checks again once saved changes pause, keeping the last findings marked as checking meanwhile', async () => {
    answers = [heldOut, clean];
    const { result, rerender } = renderQuality();
    await vi.waitFor(() => expect(result.current.quality).toEqual(heldOut));
    expect(result.current.isChecking).toBe(false);
    expect(asked).toEqual(['/api/v1/projects/p1/quality']);

    // Typing: unsaved, then saved twice in a row; the old findings stay, marked, and one check follows.
    rerender({ revision: 0, isSaving: true });
    expect(result.current.isChecking).toBe(true);
    rerender({ revision: 1, isSaving: false });
    rerender({ revision: 2, isSaving: false });
    expect(result.current).toMatchObject({ quality: heldOut, isChecking: true });
    expect(asked).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(QUALITY_DELAY_MS);
    });
    await vi.waitFor(() => expect(result.current.quality).toEqual(clean));
    expect(result.current.isChecking).toBe(false);
    expect(asked).toHaveLength(2);
  });
});
