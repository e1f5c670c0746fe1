import { maxUint256 } from 'viem';
import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import { resolveAccount } from '../internal/resolve-account.ts';
import { sendAndConfirm } from '../internal/send-and-confirm.ts';
import type { CollectionWriteParameters, CollectionWriteReturnType } from './types.ts';

export interface EmitMetadataUpdateParameters extends CollectionWriteParameters {
  /** First token whose metadata changed (ids start at 1). */
  fromTokenId: bigint;
  /** Last token whose metadata changed, inclusive; defaults to every token from `fromTokenId` on. */
  toTokenId?: bigint;
}

export type EmitMetadataUpdateReturnType = CollectionWriteReturnType;

/** Tells marketplaces to refetch the metadata of a range of tokens (ERC-4906 `BatchMetadataUpdate`; owner only, not once frozen). */
export async function emitMetadataUpdate(
  parameters: EmitMetadataUpdateParameters,
): Promise<EmitMetadataUpdateReturnType> {
  const { walletClient, publicClient, address, onTransactionSubmitted } = parameters;
  const account = resolveAccount(walletClient, parameters.account);
  return sendAndConfirm({
    publicClient,
    onTransactionSubmitted,
    send: async () => {
      const { request } = await publicClient.simulateContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'emitBatchMetadataUpdate',
        args: [parameters.fromTokenId, parameters.toTokenId ?? maxUint256],
        account,
      });
      return walletClient.writeContract(request);
    },
  });
}
