import type { Hex } from 'viem';
import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import { resolveAccount } from '../internal/resolve-account.ts';
import { sendAndConfirm } from '../internal/send-and-confirm.ts';
import type { CollectionWriteParameters, CollectionWriteReturnType } from './types.ts';

export interface SetAllowlistParameters extends CollectionWriteParameters {
  /** Root from `createAllowlist`. */
  merkleRoot: Hex;
  /** Allowlist price per token, in wei. */
  price: bigint;
  /**
   * How many tokens one allowlisted wallet may mint in the allowlist phase, for the wallets listed
   * without an allowance of their own (allowance 0); a wallet's own allowance replaces it.
   */
  maxPerWallet: number;
}

export type SetAllowlistReturnType = CollectionWriteReturnType;

/** Replaces the allowlist's Merkle root, price and per-wallet limit (owner only). */
export async function setAllowlist(parameters: SetAllowlistParameters): Promise<SetAllowlistReturnType> {
  const { walletClient, publicClient, address, merkleRoot, price, maxPerWallet, onTransactionSubmitted } =
    parameters;
  const account = resolveAccount(walletClient, parameters.account);
  return sendAndConfirm({
    publicClient,
    onTransactionSubmitted,
    send: async () => {
      const { request } = await publicClient.simulateContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'setAllowlist',
        args: [merkleRoot, price, maxPerWallet],
        account,
      });
      return walletClient.writeContract(request);
    },
  });
}
