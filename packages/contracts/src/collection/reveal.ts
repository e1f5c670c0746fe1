import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import { resolveAccount } from '../internal/resolve-account.ts';
import { sendAndConfirm } from '../internal/send-and-confirm.ts';
import type { CollectionWriteParameters, CollectionWriteReturnType } from './types.ts';

export interface RevealParameters extends CollectionWriteParameters {
  /** Where revealed metadata lives: token `n` resolves to `${baseURI}${n}.json`, so end it with `/`. */
  baseURI: string;
}

export type RevealReturnType = CollectionWriteReturnType;

/** Reveals the collection (owner only, once, irreversible): tokens stop showing the pre-reveal URI. */
export async function reveal(parameters: RevealParameters): Promise<RevealReturnType> {
  const { walletClient, publicClient, address, baseURI, onTransactionSubmitted } = parameters;
  const account = resolveAccount(walletClient, parameters.account);
  return sendAndConfirm({
    publicClient,
    onTransactionSubmitted,
    send: async () => {
      const { request } = await publicClient.simulateContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'reveal',
        args: [baseURI],
        account,
      });
      return walletClient.writeContract(request);
    },
  });
}
