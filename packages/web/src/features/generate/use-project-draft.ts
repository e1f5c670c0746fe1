import type { Project, ProjectSavedEvent } from '@layerloom/api';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { call, endpointUrl } from '../../lib/api.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useLiveEvents } from '../live/use-live-events.ts';
import { loadMetadataCheck, metadataProblem } from './metadata-check.ts';
import { trackSave } from './pending-saves.ts';
import { adoptServerIds, type Draft, saveBody, toDraft } from './project-draft.ts';
import { getProjectEndpoint, updateProjectEndpoint } from './project-endpoints.ts';
import { type MergeConflict, mergeDrafts, resolveConflicts, type Side } from './project-merge.ts';

/** Where the autosave stands, for the "Saved" / "Saving…" indicator. */
export type SaveState =
  | { kind: 'saved' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'error'; error: unknown };

/** Someone else saved the project since this editor's edits were based on it, and both changed the same fields. */
export interface SaveConflict {
  /** The server's words: who saved, and when. */
  message: string;
  /** Who saved last, and when (from their project). */
  by: string | null;
  at: string;
  conflicts: MergeConflict[];
  /** Your edits their save made impossible to keep, said plainly. */
  notes: string[];
}

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
  /** The server's project the draft's edits are based on (the base of a merge) and its version (If-Match). */
  const base = useRef<Draft>(toDraft(project));
  const version = useRef(project.version);
  /** Both sides changed the same fields: saving waits for the user's choice. */
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const resolving = useRef<{ merged: Draft; theirs: Draft; conflict: SaveConflict } | null>(null);
  /** Who saved the project this editor now shows, when another member's save replaced it (no edits were unsaved). */
  const [savedBy, setSavedBy] = useState<string | null>(null);

  const setDraft = useCallback((next: Draft) => {
    latest.current = next;
    setDraftState(next);
  }, []);

  /** Takes the server's project as the new base of the edits. */
  const rebase = useCallback((saved: Project) => {
    base.current = toDraft(saved);
    version.current = saved.version;
  }, []);

  /**
   * After a 412: merges the unsaved edits into the project as saved now. What only one side changed is
   * taken and saved again at once; fields both changed wait in the conflict dialog.
   */
  const mergeWithCurrent = useCallback(
    async (message: string): Promise<boolean> => {
      const theirs = (await call(getProjectEndpoint, { params: { id } })).data.project;
      const mine = latest.current;
      const { merged, conflicts, notes } = mergeDrafts(base.current, mine, toDraft(theirs));
      rebase(theirs);
      setDraft(merged);
      setRevision((value) => value + 1);
      if (conflicts.length === 0 && notes.length === 0) return true;
      const found = { message, by: theirs.updatedBy, at: theirs.updatedAt, conflicts, notes };
      resolving.current = { merged, theirs: toDraft(theirs), conflict: found };
      setConflict(found);
      return false;
    },
    [id, rebase, setDraft],
  );

  const sendOnce = useCallback(async (): Promise<void> => {
    // Metadata settings other than Ethereum only are sent once checked: their check loads on first need.
    if (metadataProblem(latest.current.metadata) === undefined)
      await loadMetadataCheck().catch(() => undefined);
    if (inFlight.current) await inFlight.current.catch(() => undefined);
    if (!dirty.current || resolving.current) return;
    dirty.current = false;
    const { body } = saveBody(latest.current);
    setSaveState({ kind: 'saving' });
    const request = (async () => {
      try {
        let saved: Project | null = null;
        for (let attempt = 0; attempt < 3 && !saved; attempt++) {
          try {
            const sent = attempt === 0 ? body : saveBody(latest.current).body;
            saved = (
              await call(updateProjectEndpoint, {
                params: { id },
                body: sent,
                headers: { 'if-match': `"${version.current}"` },
              })
            ).data.project;
          } catch (error) {
            if (!isApiError(error, 'PRECONDITION_FAILED')) throw error;
            // Someone else saved first: merge, then send the merged edits onto their version.
            if (!(await mergeWithCurrent(error.message))) {
              dirty.current = true;
              setSaveState({ kind: 'pending' });
              return;
            }
          }
        }
        if (!saved) throw new Error('The project keeps changing on the server; try again in a moment.');
        rebase(saved);
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
  }, [id, setDraft, rebase, mergeWithCurrent]);

  /** Sends every unsent edit now and resolves once the server has them (rejects with the save's error). */
  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    if (resolving.current) {
      throw new Error('Someone else saved this project: choose how to merge your changes first.');
    }
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

  // Another member saved: with nothing unsaved here, show their version at once. With unsaved edits, nothing
  // changes: the next save gets 412 and merges (the conflict dialog when both changed the same fields).
  const isIdle = () => !dirty.current && !inFlight.current && !resolving.current;
  useLiveEvents('project.saved', (data) => {
    const event = data as ProjectSavedEvent;
    if (event?.projectId !== id || event.version <= version.current || !isIdle()) return;
    call(getProjectEndpoint, { params: { id } }).then(
      ({ data: { project: theirs } }) => {
        if (theirs.version <= version.current || !isIdle()) return;
        rebase(theirs);
        setDraft(toDraft(theirs));
        setRevision((value) => value + 1);
        setSavedBy(event.by);
      },
      () => undefined,
    );
  });

  /** Applies an edit locally and schedules its save. */
  const edit = useCallback(
    (recipe: (current: Draft) => Draft) => {
      setSavedBy(null);
      setDraft(recipe(latest.current));
      dirty.current = true;
      setSaveState((state) => (state.kind === 'saving' ? state : { kind: 'pending' }));
      schedule();
    },
    [schedule, setDraft],
  );

  /**
   * Takes a server answer that already includes the change (an upload, an import) without re-saving it;
   * `saved`, the project it answered, becomes the version the next edits are based on.
   */
  const adopt = useCallback(
    (recipe: (current: Draft) => Draft, saved?: Project) => {
      if (saved) rebase(saved);
      setDraft(withoutDuplicates(recipe(latest.current)));
      setRevision((value) => value + 1);
    },
    [setDraft, rebase],
  );

  /** Ends a conflict: each field as chosen (the others merged already), then saves the result. */
  const resolve = useCallback(
    (choices: Readonly<Record<string, Side>>) => {
      const open = resolving.current;
      if (!open) return;
      resolving.current = null;
      setConflict(null);
      setDraft(resolveConflicts(latest.current, open.conflict.conflicts, choices));
      dirty.current = true;
      sendOnce().catch(() => undefined);
    },
    [sendOnce, setDraft],
  );

  /** Ends a conflict by dropping every unsaved edit for the project as they saved it. */
  const reloadTheirs = useCallback(() => {
    const open = resolving.current;
    if (!open) return;
    resolving.current = null;
    setConflict(null);
    dirty.current = false;
    setDraft(open.theirs);
    setSaveState({ kind: 'saved' });
  }, [setDraft]);

  // Leaving the page (or switching project) sends what is not saved yet.
  useEffect(() => {
    const onPageHide = () => {
      if (!dirty.current) return;
      const save = fetch(endpointUrl(updateProjectEndpoint, { id }), {
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
    () => ({
      draft,
      saveState,
      revision,
      edit,
      adopt,
      flush,
      current: () => latest.current,
      conflict,
      resolve,
      reloadTheirs,
      savedBy,
    }),
    [draft, saveState, revision, edit, adopt, flush, conflict, resolve, reloadTheirs, savedBy],
  );
}

export type ProjectDraftApi = ReturnType<typeof useProjectDraft>;

/**
 * The draft with each trait and 1-of-1 once: an upload's answer adds what a merge with a newer save may
 * already have brought in.
 */
export function withoutDuplicates(draft: Draft): Draft {
  const once = <T extends { id: string }>(items: readonly T[]) =>
    items.filter((item, index) => items.findIndex((other) => other.id === item.id) === index);
  return {
    ...draft,
    layers: draft.layers.map((layer) => ({ ...layer, traits: once(layer.traits) })),
    oneOfOnes: once(draft.oneOfOnes),
  };
}
