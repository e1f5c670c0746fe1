import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import { resolveAccount } from '../internal/resolve-account.ts';
import { sendAndConfirm } from '../internal/send-and-confirm.ts';
import type { CollectionWriteParameters, CollectionWriteReturnType } from './types.ts';

export interface EmitPermanentURIParameters extends CollectionWriteParameters {
  /** First minted token to announce. */
  fromTokenId: bigint;
  /** Last minted token to announce, inclusive (one event per token: about 3,300 gas each with an IPFS base URI). */
  toTokenId: bigint;
}

export type EmitPermanentURIReturnType = CollectionWriteReturnType;

/** Emits OpenSea's `PermanentURI` for each minted token in a range (owner only, once frozen). */
export async function emitPermanentURI(
  parameters: EmitPermanentURIParameters,
): Promise<EmitPermanentURIReturnType> {
  const { walletClient, publicClient, address, onTransactionSubmitted } = parameters;
  const account = resolveAccount(walletClient, parameters.account);
  return sendAndConfirm({
    publicClient,
    onTransactionSubmitted,
    send: async () => {
      const { request } = await publicClient.simulateContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'emitPermanentURI',
        args: [parameters.fromTokenId, parameters.toTokenId],
        account,
      });
      return walletClient.writeContract(request);
    },
  });
}
