import type { Address } from 'viem';
import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import type { CollectionReadParameters } from './types.ts';

export interface GetMintedByWalletParameters extends CollectionReadParameters {
  wallet: Address;
}

export interface GetMintedByWalletReturnType {
  /** Bought in the public sale (counts against `maxPerWallet`). */
  publicMinted: bigint;
  /** Bought in the allowlist sale (counts against the allowlist's `maxPerWallet`). */
  allowlistMinted: bigint;
  /** Everything ever minted to the wallet, airdrops included. */
  totalMinted: bigint;
}

/** Reads how many tokens a wallet has minted, per sale. */
export async function getMintedByWallet(
  parameters: GetMintedByWalletParameters,
): Promise<GetMintedByWalletReturnType> {
  const { publicClient, address, wallet } = parameters;
  const [publicMinted, allowlistMinted, totalMinted] = await publicClient.readContract({
    address,
    abi: layerloomCollectionAbi,
    functionName: 'mintedBy',
    args: [wallet],
  });
  return { publicMinted, allowlistMinted, totalMinted };
}
