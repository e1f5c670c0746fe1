import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import { toSalePhase } from '../internal/to-sale-phase.ts';
import type { SalePhase } from './sale-phase.ts';
import type { CollectionReadParameters } from './types.ts';

export type GetSalePhaseParameters = CollectionReadParameters;

export type GetSalePhaseReturnType = SalePhase;

/** Reads the current sale phase. */
export async function getSalePhase(parameters: GetSalePhaseParameters): Promise<GetSalePhaseReturnType> {
  const { publicClient, address } = parameters;
  return toSalePhase(
    await publicClient.readContract({ address, abi: layerloomCollectionAbi, functionName: 'salePhase' }),
  );
}
