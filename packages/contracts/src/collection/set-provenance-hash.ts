import type { Hex } from 'viem';
import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import { resolveAccount } from '../internal/resolve-account.ts';
import { sendAndConfirm } from '../internal/send-and-confirm.ts';
import type { CollectionWriteParameters, CollectionWriteReturnType } from './types.ts';

export interface SetProvenanceHashParameters extends CollectionWriteParameters {
  /** A 32-byte hash committing to the final images and their order (e.g. SHA-256 of the concatenated image hashes). */
  provenanceHash: Hex;
}

export type SetProvenanceHashReturnType = CollectionWriteReturnType;

/** Records the provenance hash (owner only); allowed once, and only before the first token is minted. */
export async function setProvenanceHash(
  parameters: SetProvenanceHashParameters,
): Promise<SetProvenanceHashReturnType> {
  const { walletClient, publicClient, address, provenanceHash, onTransactionSubmitted } = parameters;
  const account = resolveAccount(walletClient, parameters.account);
  return sendAndConfirm({
    publicClient,
    onTransactionSubmitted,
    send: async () => {
      const { request } = await publicClient.simulateContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'setProvenanceHash',
        args: [provenanceHash],
        account,
      });
      return walletClient.writeContract(request);
    },
  });
}
