import type { Collection, ProjectSummary } from '@layerloom/api';

/** The newest collection generated (and finished) from the project, if any: collections come newest first. */
export function lastGenerated(collections: readonly Collection[], projectId: string): Collection | undefined {
  return collections.find(
    (collection) => collection.projectId === projectId && collection.progress.status === 'ready',
  );
}

/**
 * The project Generate NFT opens by itself: the most recent one not generated yet (a draft, or one still
 * generating, whose progress it shows). Null when every project has made its collection: a new project
 * is started rather than showing a finished one as ready to generate again.
 */
export function projectToOpen(
  projects: readonly ProjectSummary[],
  collections: readonly Collection[],
): string | null {
  return projects.find((project) => !lastGenerated(collections, project.id))?.id ?? null;
}
