import type { Project } from '@layerloom/api';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyProject } from './draft-fixtures.ts';
import { savesSettled } from './pending-saves.ts';
import { AUTOSAVE_DELAY_MS, useProjectDraft } from './use-project-draft.ts';

const project: Project = { ...emptyProject };

/** A fetch stub answering PATCH like the server: new layers get ids; each call can be held open. */
function server() {
  const bodies: Record<string, unknown>[] = [];
  const pending: (() => void)[] = [];
  let hold = false;
  let fail = false;
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown> & {
      layers?: { id?: string; name: string }[];
    };
    bodies.push(body);
    if (hold) await new Promise<void>((resolve) => pending.push(resolve));
    if (fail) {
      return Response.json(
        { status: 'error', error: { code: 'BAD_REQUEST', message: 'Two layers are named "hat"' } },
        { status: 400 },
      );
    }
    const layers = (body.layers ?? []).map((layer, index) => ({
      presence: 100,
      blend: 'normal',
      opacity: 1,
      traits: [],
      ...layer,
      id: layer.id ?? `server-${index}`,
    }));
    return Response.json({ status: 'success', data: { project: { ...project, ...body, layers } } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    bodies,
    fetchMock,
    hold: (value: boolean) => {
      hold = value;
    },
    fail: (value: boolean) => {
      fail = value;
    },
    release: () => {
      for (const resolve of pending.splice(0)) resolve();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useProjectDraft', () => {
  it('applies edits at once and sends one PATCH after the user pauses', async () => {
    const api = server();
    const { result } = renderHook(() => useProjectDraft(project));
    act(() => result.current.edit((d) => ({ ...d, name: 'M' })));
    act(() => result.current.edit((d) => ({ ...d, name: 'Mo' })));
    act(() => result.current.edit((d) => ({ ...d, name: 'Moo' })));
    expect(result.current.draft.name).toBe('Moo');
    expect(result.current.saveState.kind).toBe('pending');
    expect(api.fetchMock).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    });
    expect(api.bodies).toHaveLength(1);
    expect(api.bodies[0]).toMatchObject({ name: 'Moo' });
    expect(api.fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'PATCH' });
    expect(result.current.saveState.kind).toBe('saved');
  });

  it('sends one request at a time, the newest state last, and adopts ids of new layers', async () => {
    const api = server();
    const { result } = renderHook(() => useProjectDraft(project));
    api.hold(true);
    act(() =>
      result.current.edit((d) => ({
        ...d,
        layers: [
          { key: 'new-a', name: 'Background', presence: 100, blend: 'normal', opacity: 1, traits: [] },
        ],
      })),
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    });
    expect(result.current.saveState.kind).toBe('saving');
    // An edit while the first save is on its way waits for it.
    act(() => result.current.edit((d) => ({ ...d, layers: d.layers.map((l) => ({ ...l, presence: 40 })) })));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    });
    expect(api.bodies).toHaveLength(1);
    api.hold(false);
    await act(async () => {
      api.release();
      await vi.advanceTimersByTimeAsync(10);
    });
    await act(async () => {
      await result.current.flush();
    });
    expect(api.bodies).toHaveLength(2);
    // The second save names the layer by the id the first one got, so it is not created twice.
    expect(api.bodies[1]).toMatchObject({ layers: [{ id: 'server-0', name: 'Background', presence: 40 }] });
    expect(result.current.draft.layers[0]).toMatchObject({ key: 'new-a', id: 'server-0', presence: 40 });
    expect(result.current.saveState.kind).toBe('saved');
  });

  it('shows a refused save and sends it again on flush', async () => {
    const api = server();
    const { result } = renderHook(() => useProjectDraft(project));
    api.fail(true);
    act(() => result.current.edit((d) => ({ ...d, description: 'x' })));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    });
    expect(result.current.saveState).toMatchObject({ kind: 'error' });
    api.fail(false);
    await act(async () => {
      await result.current.flush();
    });
    expect(api.bodies).toHaveLength(2);
    expect(result.current.saveState.kind).toBe('saved');
  });

  it('sends unsaved edits when the editor closes', async () => {
    const api = server();
    const { result, unmount } = renderHook(() => useProjectDraft(project));
    act(() => result.current.edit((d) => ({ ...d, description: 'left in a hurry' })));
    unmount();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.bodies).toEqual([expect.objectContaining({ description: 'left in a hurry' })]);
  });
});

describe('reopening a project', () => {
  it('waits for the save sent on close before reading it again', async () => {
    const api = server();
    api.hold(true);
    const { result, unmount } = renderHook(() => useProjectDraft(project));
    act(() => result.current.edit((d) => ({ ...d, name: 'Sun Cats' })));
    unmount();
    await vi.advanceTimersByTimeAsync(0);
    let settled = false;
    const waiting = savesSettled('p1').then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(50);
    expect(settled).toBe(false);
    api.release();
    await waiting;
    expect(settled).toBe(true);
  });
});
