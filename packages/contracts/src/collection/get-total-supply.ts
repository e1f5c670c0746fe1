import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import type { CollectionReadParameters } from './types.ts';

export type GetTotalSupplyParameters = CollectionReadParameters;

export interface GetTotalSupplyReturnType {
  totalSupply: bigint;
  maxSupply: bigint;
}

/** Reads how many tokens exist and how many ever can. */
export async function getTotalSupply(
  parameters: GetTotalSupplyParameters,
): Promise<GetTotalSupplyReturnType> {
  const { publicClient, address } = parameters;
  const [totalSupply, maxSupply] = await Promise.all([
    publicClient.readContract({ address, abi: layerloomCollectionAbi, functionName: 'totalSupply' }),
    publicClient.readContract({ address, abi: layerloomCollectionAbi, functionName: 'maxSupply' }),
  ]);
  return { totalSupply, maxSupply };
}
