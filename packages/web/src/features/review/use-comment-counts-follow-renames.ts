import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/** A project's layer and trait names, in order: what trait comments are kept by. */
export function traitNamesOf(
  layers: readonly { name: string; traits: readonly { name: string }[] }[],
): string {
  return JSON.stringify(layers.map((layer) => [layer.name, layer.traits.map((trait) => trait.name)]));
}

/**
 * Reads a project's comments again once a save that renamed a layer or trait is confirmed (`revision` moves),
 * its own or another member's taken live: the server moved the comments to the new names, and the editor's
 * counts ("Comments (2)") and threads are kept by name. The key is review-queries' `commentsKey` of the project,
 * written out so the Generate page's first load does not bring the comment endpoints' schemas.
 */
export function useCommentCountsFollowRenames(projectId: string, revision: number, names: string): void {
  const client = useQueryClient();
  const seen = useRef({ projectId, names, again: false });
  const latest = useRef(names);
  latest.current = names;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a save is confirmed, with the names then
  useEffect(() => {
    const now = latest.current;
    const last = seen.current;
    if (last.projectId !== projectId) {
      seen.current = { projectId, names: now, again: false };
      return;
    }
    // The names may be ahead of the save just confirmed (typed meanwhile): read again after the next one too.
    if (last.names === now && !last.again) return;
    seen.current = { projectId, names: now, again: last.names !== now };
    void client.invalidateQueries({ queryKey: ['review', 'project', projectId, 'comments'] });
  }, [client, projectId, revision]);
}
