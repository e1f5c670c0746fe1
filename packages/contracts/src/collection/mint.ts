import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import { mintedTokenIds } from '../internal/minted-token-ids.ts';
import { resolveAccount } from '../internal/resolve-account.ts';
import { sendAndConfirm } from '../internal/send-and-confirm.ts';
import type { CollectionWriteParameters, CollectionWriteReturnType } from './types.ts';

export interface MintParameters extends CollectionWriteParameters {
  quantity: bigint | number;
  /** Wei to send; defaults to the current public price times `quantity`, read from the contract. */
  value?: bigint;
}

export interface MintReturnType extends CollectionWriteReturnType {
  /** Ids of the tokens minted to the sender. */
  tokenIds: bigint[];
}

/** Mints `quantity` tokens in the public sale to the sender, paying the public price. */
export async function mint(parameters: MintParameters): Promise<MintReturnType> {
  const { walletClient, publicClient, address, onTransactionSubmitted } = parameters;
  const account = resolveAccount(walletClient, parameters.account);
  const quantity = BigInt(parameters.quantity);
  const result = await sendAndConfirm({
    publicClient,
    onTransactionSubmitted,
    send: async () => {
      const value =
        parameters.value ??
        quantity *
          (await publicClient.readContract({
            address,
            abi: layerloomCollectionAbi,
            functionName: 'mintPrice',
          }));
      const { request } = await publicClient.simulateContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'mint',
        args: [quantity],
        value,
        account,
      });
      return walletClient.writeContract(request);
    },
  });
  return { ...result, tokenIds: mintedTokenIds(result.receipt, address) };
}
