/** Saves still on their way, per project: reopening a project waits for them so it never reads stale data. */
const pending = new Map<string, Set<Promise<unknown>>>();

/** Records a save of a project until it settles. */
export function trackSave(projectId: string, save: Promise<unknown>): void {
  const set = pending.get(projectId) ?? new Set();
  set.add(save);
  pending.set(projectId, set);
  const forget = () => {
    set.delete(save);
    if (set.size === 0 && pending.get(projectId) === set) pending.delete(projectId);
  };
  save.then(forget, forget);
}

/** Resolves once every save of the project made so far has settled (failed ones included). */
export async function savesSettled(projectId: string): Promise<void> {
  const set = pending.get(projectId);
  if (set) await Promise.allSettled([...set]);
}
