import { type Project, updateProject } from '@layerloom/api';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { call, endpointUrl } from '../../lib/api.ts';
import { trackSave } from './pending-saves.ts';
import { adoptServerIds, type Draft, saveBody, toDraft } from './project-draft.ts';

/** Where the autosave stands, for the "Saved" / "Saving…" indicator. */
export type SaveState =
  | { kind: 'saved' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'error'; error: unknown };

/** Quiet time after the last edit before it is sent. */
export const AUTOSAVE_DELAY_MS = 600;

/**
 * The project being edited, saved as the user works: every edit changes the local copy at once and is
 * sent (debounced, one request at a time, newest state wins) with PATCH. `flush()` waits until the server
 * has everything (before uploads, previews and generation). Unsent edits are sent when the editor unmounts
 * and, with a keep-alive request, when the tab closes.
 */
export function useProjectDraft(project: Project) {
  const [draft, setDraftState] = useState<Draft>(() => toDraft(project));
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'saved' });
  /** Bumped after each change the server confirmed, so counts and previews refetch. */
  const [revision, setRevision] = useState(0);
  const latest = useRef(draft);
  const dirty = useRef(false);
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = project.id;

  const setDraft = useCallback((next: Draft) => {
    latest.current = next;
    setDraftState(next);
  }, []);

  const sendOnce = useCallback(async (): Promise<void> => {
    if (inFlight.current) await inFlight.current.catch(() => undefined);
    if (!dirty.current) return;
    dirty.current = false;
    const { body } = saveBody(latest.current);
    setSaveState({ kind: 'saving' });
    const request = (async () => {
      try {
        const saved = (await call(updateProject, { params: { id }, body })).data.project;
        setDraft(adoptServerIds(latest.current, saved));
        setRevision((value) => value + 1);
        setSaveState(dirty.current ? { kind: 'pending' } : { kind: 'saved' });
      } catch (error) {
        dirty.current = true;
        setSaveState({ kind: 'error', error });
        throw error;
      }
    })();
    inFlight.current = request;
    trackSave(id, request);
    try {
      await request;
    } finally {
      if (inFlight.current === request) inFlight.current = null;
    }
  }, [id, setDraft]);

  /** Sends every unsent edit now and resolves once the server has them (rejects with the save's error). */
  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    for (let round = 0; round < 5 && (dirty.current || inFlight.current); round++) {
      if (inFlight.current && !dirty.current) {
        await inFlight.current;
        continue;
      }
      await sendOnce();
    }
  }, [sendOnce]);

  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      // A failed autosave is shown by the indicator; the next edit or "Retry" sends it again.
      sendOnce().catch(() => undefined);
    }, AUTOSAVE_DELAY_MS);
  }, [sendOnce]);

  /** Applies an edit locally and schedules its save. */
  const edit = useCallback(
    (recipe: (current: Draft) => Draft) => {
      setDraft(recipe(latest.current));
      dirty.current = true;
      setSaveState((state) => (state.kind === 'saving' ? state : { kind: 'pending' }));
      schedule();
    },
    [schedule, setDraft],
  );

  /** Takes a server answer that already includes the change (an upload, an import) without re-saving it. */
  const adopt = useCallback(
    (recipe: (current: Draft) => Draft) => {
      setDraft(recipe(latest.current));
      setRevision((value) => value + 1);
    },
    [setDraft],
  );

  // Leaving the page (or switching project) sends what is not saved yet.
  useEffect(() => {
    const onPageHide = () => {
      if (!dirty.current) return;
      const save = fetch(endpointUrl(updateProject, { id }), {
        method: 'PATCH',
        credentials: 'same-origin',
        keepalive: true,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(saveBody(latest.current).body),
      }).catch(() => undefined);
      trackSave(id, save);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (dirty.current || inFlight.current) event.preventDefault();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('beforeunload', onBeforeUnload);
      clearTimeout(timer.current);
      if (dirty.current) sendOnce().catch(() => undefined);
    };
  }, [id, sendOnce]);

  return useMemo(
    () => ({ draft, saveState, revision, edit, adopt, flush, current: () => latest.current }),
    [draft, saveState, revision, edit, adopt, flush],
  );
}

export type ProjectDraftApi = ReturnType<typeof useProjectDraft>;
