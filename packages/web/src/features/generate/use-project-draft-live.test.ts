import type { Project } from '@layerloom/api';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyProject } from './draft-fixtures.ts';
import { useProjectDraft } from './use-project-draft.ts';

/** The live stream, as this hook listens to it: the test sends what the server would. */
const listeners = new Map<string, (data: unknown) => void>();
vi.mock('../live/use-live-events.ts', () => ({
  useLiveEvents: (type: string, onEvent: (data: unknown) => void) => {
    listeners.set(type, onEvent);
  },
}));
const tell = (data: unknown) => listeners.get('project.saved')?.(data);

const project: Project = { ...emptyProject, name: 'Cats', version: 1, updatedBy: 'Alice Weaver' };

/** A server where Eddie saved the project as version 2 ("Sun Cats"): GET answers it; requests are counted. */
function serverSavedByEddie() {
  const theirs: Project = { ...project, name: 'Sun Cats', version: 2, updatedBy: 'Eddie Editor' };
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      requests.push(init.method ?? 'GET');
      return Response.json({ status: 'success', data: { project: theirs } });
    }),
  );
  return { requests };
}

beforeEach(() => {
  listeners.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useProjectDraft when another member saves the open project', () => {
  it('shows their version at once when nothing is unsaved here, saying who saved', async () => {
    serverSavedByEddie();
    const { result } = renderHook(() => useProjectDraft(project));
    await act(async () => {
      tell({ projectId: project.id, version: 2, by: 'Eddie Editor' });
    });
    await vi.waitFor(() => expect(result.current.draft.name).toBe('Sun Cats'));
    expect(result.current.savedBy).toBe('Eddie Editor');
    expect(result.current.saveState).toEqual({ kind: 'saved' });
    // The next edit is based on their version, and the note goes away.
    act(() => result.current.edit((draft) => ({ ...draft, description: 'Mine' })));
    expect(result.current.savedBy).toBeNull();
  });

  it('keeps unsaved edits as they are (their save then meets a 412 and the merge)', async () => {
    const { requests } = serverSavedByEddie();
    const { result } = renderHook(() => useProjectDraft(project));
    act(() => result.current.edit((draft) => ({ ...draft, description: 'Mine' })));
    await act(async () => {
      tell({ projectId: project.id, version: 2, by: 'Eddie Editor' });
    });
    expect(requests).toEqual([]);
    expect(result.current.draft).toMatchObject({ name: 'Cats', description: 'Mine' });
    expect(result.current.savedBy).toBeNull();
    expect(result.current.saveState).toEqual({ kind: 'pending' });
  });

  it('ignores a save of another project, or one this editor already has', async () => {
    const { requests } = serverSavedByEddie();
    const { result } = renderHook(() => useProjectDraft(project));
    await act(async () => {
      tell({ projectId: 'another-project', version: 5, by: 'Eddie Editor' });
      tell({ projectId: project.id, version: 1, by: 'Eddie Editor' });
    });
    expect(requests).toEqual([]);
    expect(result.current.draft.name).toBe('Cats');
    expect(result.current.savedBy).toBeNull();
  });
});
