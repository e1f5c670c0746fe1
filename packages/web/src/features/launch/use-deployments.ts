import { listDeployments } from '@layerloom/api';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { collectionsKey } from '../collections/collections-queries.ts';

/** The query key of a collection's deployment records. */
export const deploymentsKey = (collectionId: string) =>
  [...collectionsKey, collectionId, 'deployments'] as const;

/** The contracts deployed for a collection, newest first. */
export function useDeployments(collectionId: string) {
  return useQuery({
    queryKey: deploymentsKey(collectionId),
    queryFn: async ({ signal }) =>
      (await call(listDeployments, { params: { id: collectionId }, signal })).data.deployments,
  });
}
