import type { Hex } from 'viem';
import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import { mintedTokenIds } from '../internal/minted-token-ids.ts';
import { resolveAccount } from '../internal/resolve-account.ts';
import { sendAndConfirm } from '../internal/send-and-confirm.ts';
import type { CollectionWriteParameters, CollectionWriteReturnType } from './types.ts';

export interface AllowlistMintParameters extends CollectionWriteParameters {
  quantity: bigint | number;
  /**
   * The sender's allowance on the list, from `getAllowlistProof` (0 = the allowlist per-wallet limit):
   * the leaf the proof is for, and the most the wallet may mint in the allowlist sale in all.
   */
  allowance: number;
  /** The sender's Merkle proof, from `getAllowlistProof`. */
  proof: readonly Hex[];
  /** Wei to send; defaults to the current allowlist price times `quantity`, read from the contract. */
  value?: bigint;
}

export interface AllowlistMintReturnType extends CollectionWriteReturnType {
  /** Ids of the tokens minted to the sender. */
  tokenIds: bigint[];
}

/** Mints `quantity` tokens in the allowlist sale to the sender, proving its `(address, allowance)` leaf with `proof`. */
export async function allowlistMint(parameters: AllowlistMintParameters): Promise<AllowlistMintReturnType> {
  const { walletClient, publicClient, address, allowance, proof, onTransactionSubmitted } = parameters;
  const account = resolveAccount(walletClient, parameters.account);
  const quantity = BigInt(parameters.quantity);
  const result = await sendAndConfirm({
    publicClient,
    onTransactionSubmitted,
    send: async () => {
      let value = parameters.value;
      if (value === undefined) {
        const sale = await publicClient.readContract({
          address,
          abi: layerloomCollectionAbi,
          functionName: 'saleConfig',
        });
        value = quantity * sale.allowlistPrice;
      }
      const { request } = await publicClient.simulateContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'allowlistMint',
        args: [quantity, allowance, proof],
        value,
        account,
      });
      return walletClient.writeContract(request);
    },
  });
  return { ...result, tokenIds: mintedTokenIds(result.receipt, address) };
}
