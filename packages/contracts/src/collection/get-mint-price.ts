import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import type { CollectionReadParameters } from './types.ts';

export type GetMintPriceParameters = CollectionReadParameters;

/** Per-token prices in wei. */
export interface GetMintPriceReturnType {
  mintPrice: bigint;
  allowlistPrice: bigint;
}

/** Reads the public and allowlist prices. */
export async function getMintPrice(parameters: GetMintPriceParameters): Promise<GetMintPriceReturnType> {
  const { publicClient, address } = parameters;
  const sale = await publicClient.readContract({
    address,
    abi: layerloomCollectionAbi,
    functionName: 'saleConfig',
  });
  return { mintPrice: sale.publicPrice, allowlistPrice: sale.allowlistPrice };
}
