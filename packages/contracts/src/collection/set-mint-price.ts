import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import { resolveAccount } from '../internal/resolve-account.ts';
import { sendAndConfirm } from '../internal/send-and-confirm.ts';
import type { CollectionWriteParameters, CollectionWriteReturnType } from './types.ts';

export interface SetMintPriceParameters extends CollectionWriteParameters {
  /** Public price per token, in wei. */
  price: bigint;
}

export type SetMintPriceReturnType = CollectionWriteReturnType;

/** Changes the public mint price (owner only). */
export async function setMintPrice(parameters: SetMintPriceParameters): Promise<SetMintPriceReturnType> {
  const { walletClient, publicClient, address, price, onTransactionSubmitted } = parameters;
  const account = resolveAccount(walletClient, parameters.account);
  return sendAndConfirm({
    publicClient,
    onTransactionSubmitted,
    send: async () => {
      const { request } = await publicClient.simulateContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'setMintPrice',
        args: [price],
        account,
      });
      return walletClient.writeContract(request);
    },
  });
}
