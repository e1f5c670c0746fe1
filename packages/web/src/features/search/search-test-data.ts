import type { SearchGroup, SearchHit, SearchKind } from '@layerloom/api';

/** Results the tests serve: one of each kind the dashboard shows. */
export const sampleHits: Record<SearchKind, SearchHit[]> = {
  project: [{ kind: 'project', id: 'p1', name: 'Golden Apes', updatedAt: '2026-11-20T10:00:00.000Z' }],
  collection: [
    { kind: 'collection', id: 'c1', name: 'Golden Apes', size: 100, createdAt: '2026-11-20T10:00:00.000Z' },
  ],
  token: [
    {
      kind: 'token',
      collectionId: 'c1',
      collectionName: 'Golden Apes',
      edition: 12,
      traits: [
        { type: 'Body', value: 'Gold' },
        { type: 'Hat', value: 'Crown' },
      ],
    },
    {
      kind: 'token',
      collectionId: 'c1',
      collectionName: 'Golden Apes',
      edition: 40,
      traits: [{ type: 'Body', value: 'Gold' }],
    },
  ],
  user: [{ kind: 'user', id: 'u1', name: 'Olive Owner', email: 'olive@example.com' }],
};

/** The answer of GET /api/v1/search for the given kinds, each with `total` results in all. */
export function searchAnswer(q: string, kinds: SearchKind[], page = 1, pageSize = 5, total?: number) {
  const groups: SearchGroup[] = kinds.map((kind) => ({
    kind,
    total: total ?? sampleHits[kind].length,
    page,
    pageSize,
    hits: sampleHits[kind],
  }));
  return { status: 'success', data: { query: q, groups } };
}
