import { retrySourceVerification } from '@layerloom/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../lib/api.ts';
import { deploymentsKey } from './use-deployments.ts';

/** How often a pending verification is read again: explorers answer within seconds to minutes. */
const PENDING_REFRESH_MS = 5_000;

/** Which of a deployment's contracts: the collection, or the royalty splitter deployed with it. */
export type VerifiedContract = 'collection' | 'royaltySplitter';

/**
 * Asks the server to submit a deployment's source (the collection's, or its royalty splitter's) to the
 * explorer again; the list shows it pending.
 */
export function useRetrySourceVerification(
  collectionId: string,
  deploymentId: string,
  contract: VerifiedContract = 'collection',
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await call(retrySourceVerification, {
          params: { id: collectionId, deploymentId },
          query: contract === 'collection' ? {} : { contract },
        })
      ).data.deployment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deploymentsKey(collectionId) }),
  });
}

/** While a verification is pending, reads the collection's deployments again every few seconds. */
export function useRefreshWhilePending(collectionId: string, isPending: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isPending) return;
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: deploymentsKey(collectionId) });
    }, PENDING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [collectionId, isPending, queryClient]);
}
