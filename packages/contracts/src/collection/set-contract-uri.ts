import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import { resolveAccount } from '../internal/resolve-account.ts';
import { sendAndConfirm } from '../internal/send-and-confirm.ts';
import type { CollectionWriteParameters, CollectionWriteReturnType } from './types.ts';

export interface SetContractURIParameters extends CollectionWriteParameters {
  /** The new ERC-7572 collection metadata JSON (name, description, image, banner_image, royalties…). */
  contractURI: string;
}

export type SetContractURIReturnType = CollectionWriteReturnType;

/** Points marketplaces at new collection metadata (owner only, not once frozen); emits ERC-7572 `ContractURIUpdated`. */
export async function setContractURI(
  parameters: SetContractURIParameters,
): Promise<SetContractURIReturnType> {
  const { walletClient, publicClient, address, onTransactionSubmitted } = parameters;
  const account = resolveAccount(walletClient, parameters.account);
  return sendAndConfirm({
    publicClient,
    onTransactionSubmitted,
    send: async () => {
      const { request } = await publicClient.simulateContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'setContractURI',
        args: [parameters.contractURI],
        account,
      });
      return walletClient.writeContract(request);
    },
  });
}
