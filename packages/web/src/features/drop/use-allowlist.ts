import { getAllowlist, setAllowlist } from '@layerloom/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { collectionsKey } from '../collections/collections-queries.ts';

/** The query key of a collection's uploaded allowlist. */
export const allowlistKey = (collectionId: string) => [...collectionsKey, collectionId, 'allowlist'] as const;

/** The collection's uploaded allowlist (root, count, wallets), or null before one is uploaded. */
export function useAllowlist(collectionId: string) {
  return useQuery({
    queryKey: allowlistKey(collectionId),
    queryFn: async ({ signal }) =>
      (await call(getAllowlist, { params: { id: collectionId }, signal })).data.allowlist,
    retry: false,
  });
}

/** Replaces the allowlist from a CSV; a 400 names each malformed line in `error.fields`. */
export function useUploadAllowlist(collectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (csv: string) =>
      (await call(setAllowlist, { params: { id: collectionId }, body: { csv } })).data.allowlist,
    onSuccess: (allowlist) => queryClient.setQueryData(allowlistKey(collectionId), allowlist),
  });
}
