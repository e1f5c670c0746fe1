import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import { resolveAccount } from '../internal/resolve-account.ts';
import { sendAndConfirm } from '../internal/send-and-confirm.ts';
import type { CollectionWriteParameters, CollectionWriteReturnType } from './types.ts';

export interface SetBaseURIParameters extends CollectionWriteParameters {
  /** Where revealed metadata now lives: token `n` resolves to `${baseURI}${n}.json`, so end it with `/`. */
  baseURI: string;
}

export type SetBaseURIReturnType = CollectionWriteReturnType;

/** Moves the revealed metadata to a new base URI (owner only, not once frozen); after the reveal it emits ERC-4906 `BatchMetadataUpdate` for every token. */
export async function setBaseURI(parameters: SetBaseURIParameters): Promise<SetBaseURIReturnType> {
  const { walletClient, publicClient, address, onTransactionSubmitted } = parameters;
  const account = resolveAccount(walletClient, parameters.account);
  return sendAndConfirm({
    publicClient,
    onTransactionSubmitted,
    send: async () => {
      const { request } = await publicClient.simulateContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'setBaseURI',
        args: [parameters.baseURI],
        account,
      });
      return walletClient.writeContract(request);
    },
  });
}
