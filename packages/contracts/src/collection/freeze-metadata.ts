import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import { resolveAccount } from '../internal/resolve-account.ts';
import { sendAndConfirm } from '../internal/send-and-confirm.ts';
import type { CollectionWriteParameters, CollectionWriteReturnType } from './types.ts';

export type FreezeMetadataParameters = CollectionWriteParameters;

export type FreezeMetadataReturnType = CollectionWriteReturnType;

/** Makes the base URI, pre-reveal URI and contract URI permanent (owner only, after the reveal, cannot be undone); emits `MetadataFrozen`. */
export async function freezeMetadata(
  parameters: FreezeMetadataParameters,
): Promise<FreezeMetadataReturnType> {
  const { walletClient, publicClient, address, onTransactionSubmitted } = parameters;
  const account = resolveAccount(walletClient, parameters.account);
  return sendAndConfirm({
    publicClient,
    onTransactionSubmitted,
    send: async () => {
      const { request } = await publicClient.simulateContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'freezeMetadata',
        args: [],
        account,
      });
      return walletClient.writeContract(request);
    },
  });
}
