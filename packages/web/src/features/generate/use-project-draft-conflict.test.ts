import type { Project } from '@layerloom/api';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyProject } from './draft-fixtures.ts';
import { toDraft } from './project-draft.ts';
import { AUTOSAVE_DELAY_MS, useProjectDraft, withoutDuplicates } from './use-project-draft.ts';

const project: Project = { ...emptyProject, updatedBy: 'Alice Weaver' };

/**
 * A server that another tab already saved `theirs` to (version 2): PATCH with an older If-Match gets 412,
 * GET answers theirs, and a PATCH on version 2 is saved as version 3.
 */
function serverSavedBySomeoneElse(theirs: Partial<Project>) {
  let stored: Project = { ...project, ...theirs, version: 2, updatedBy: 'Bob Painter' };
  const patches: { ifMatch: string | null; body: Record<string, unknown> }[] = [];
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    if (init.method !== 'PATCH') return Response.json({ status: 'success', data: { project: stored } });
    const ifMatch = new Headers(init.headers).get('if-match');
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    patches.push({ ifMatch, body });
    if (ifMatch !== `"${stored.version}"`) {
      return Response.json(
        {
          status: 'error',
          error: {
            code: 'PRECONDITION_FAILED',
            message:
              'Someone else saved this project after you opened it: Bob Painter, 2026-01-01 10:00 UTC.',
          },
        },
        { status: 412 },
      );
    }
    stored = { ...stored, ...body, layers: [], version: stored.version + 1, updatedBy: 'Alice Weaver' };
    return Response.json({ status: 'success', data: { project: stored } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { patches, stored: () => stored };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useProjectDraft when someone else saved first', () => {
  it('sends If-Match, merges an edit of another field silently and saves it onto their version', async () => {
    const api = serverSavedBySomeoneElse({ name: 'Sun Cats' });
    const { result } = renderHook(() => useProjectDraft(project));
    act(() => result.current.edit((d) => ({ ...d, description: 'Mine' })));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    });
    await act(async () => {
      await result.current.flush();
    });
    expect(api.patches.map((entry) => entry.ifMatch)).toEqual(['"1"', '"2"']);
    expect(result.current.conflict).toBeNull();
    expect(result.current.saveState.kind).toBe('saved');
    expect(result.current.draft).toMatchObject({ name: 'Sun Cats', description: 'Mine' });
    expect(api.stored()).toMatchObject({ name: 'Sun Cats', description: 'Mine', version: 3 });
  });

  it('holds a conflicting edit for the dialog, then saves the field as chosen', async () => {
    const api = serverSavedBySomeoneElse({ name: 'Sun Cats', seed: 'theirs' });
    const { result } = renderHook(() => useProjectDraft(project));
    act(() => result.current.edit((d) => ({ ...d, name: 'Star Cats', collectionSize: 30 })));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    });
    expect(result.current.conflict).toMatchObject({
      by: 'Bob Painter',
      conflicts: [{ id: 'name', mine: 'Star Cats', theirs: 'Sun Cats' }],
    });
    // Nothing more is sent while the choice is open; the merged draft holds both sides' other changes.
    expect(api.patches).toHaveLength(1);
    expect(result.current.draft).toMatchObject({ collectionSize: 30, seed: 'theirs' });
    await act(async () => {
      result.current.resolve({ name: 'mine' });
      await vi.advanceTimersByTimeAsync(10);
    });
    await act(async () => {
      await result.current.flush();
    });
    expect(result.current.conflict).toBeNull();
    expect(api.patches.at(-1)?.ifMatch).toBe('"2"');
    expect(api.stored()).toMatchObject({ name: 'Star Cats', collectionSize: 30, seed: 'theirs', version: 3 });
  });

  it('"Reload theirs" drops the unsaved edits and sends nothing', async () => {
    const api = serverSavedBySomeoneElse({ name: 'Sun Cats' });
    const { result } = renderHook(() => useProjectDraft(project));
    act(() => result.current.edit((d) => ({ ...d, name: 'Star Cats' })));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    });
    act(() => result.current.reloadTheirs());
    await act(async () => {
      await result.current.flush();
    });
    expect(result.current.draft.name).toBe('Sun Cats');
    expect(result.current.saveState.kind).toBe('saved');
    expect(api.patches).toHaveLength(1);
  });
});

describe('withoutDuplicates', () => {
  it('keeps each trait and 1-of-1 once (an upload adopted after a merge already brought it in)', () => {
    const image = { contentType: 'image/png' as const, width: 8, height: 8, bytes: 10 };
    const fur = { id: 't1', name: 'Fur', weight: 1, image };
    const gold = { id: 'o1', name: 'Gold', image, attributes: [] };
    const draft = toDraft({
      ...project,
      layers: [{ id: 'l1', name: 'Body', presence: 100, blend: 'normal', opacity: 100, traits: [fur, fur] }],
      oneOfOnes: [gold, gold],
    });
    const once = withoutDuplicates(draft);
    expect(once.layers[0]?.traits).toEqual([fur]);
    expect(once.oneOfOnes).toEqual([gold]);
  });
});
