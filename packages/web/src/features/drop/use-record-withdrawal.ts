import { recordWithdrawal } from '@layerloom/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Hash } from 'viem';
import { call } from '../../lib/api.ts';

/**
 * Tells Layerloom about a withdrawal the wallet confirmed, so it lands in the workspace's activity log (the
 * server reads the transaction on chain first); the team page's log is read again after it.
 */
export function useRecordWithdrawal(collectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (transactionHash: Hash) =>
      (await call(recordWithdrawal, { params: { id: collectionId }, body: { transactionHash } })).data
        .withdrawal,
    onSuccess: () => client.invalidateQueries({ queryKey: ['workspaces'] }),
  });
}
