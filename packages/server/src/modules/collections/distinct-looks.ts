import type { CollectionTable } from '../../db/schema.ts';

/**
 * Whether a collection was generated with "Every token looks different". Kept in its snapshot (the
 * project as it was generated) beside the project's columns, as `distinct_looks`, so that every job
 * that builds the collection's spec from the snapshot (generation, its ranges, rerolls and growth)
 * plans the same tokens.
 */
export function distinctLooksOf(collection: Pick<CollectionTable, 'snapshot'>): boolean {
  return (JSON.parse(collection.snapshot) as { distinct_looks?: unknown }).distinct_looks === true;
}

/** The snapshot of a project generated with "Every token looks different" (see `distinctLooksOf`). */
export function withDistinctLooks(snapshot: string, distinctLooks: boolean): string {
  if (!distinctLooks) return snapshot;
  return JSON.stringify({ ...(JSON.parse(snapshot) as object), distinct_looks: true });
}
