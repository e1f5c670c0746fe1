import type { Address, PublicClient } from 'viem';
import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import type { Payout } from './types.ts';

export interface GetPayoutsParameters {
  publicClient: PublicClient;
  /** A collection, or a payment splitter: both answer the same calls. */
  address: Address;
}

export interface GetPayoutsReturnType {
  /**
   * Each payee with its shares, what it was paid and what `release` would pay it now. A collection without
   * payees lists its one payee: the payout address, or the owner, with 1 share.
   */
  payees: Payout[];
  /** Wei paid to payees so far. */
  totalReleased: bigint;
  /** Wei the contract holds now. */
  balance: bigint;
}

/** Reads who is owed what by a collection's sale proceeds or a payment splitter. */
export async function getPayouts(parameters: GetPayoutsParameters): Promise<GetPayoutsReturnType> {
  const { publicClient, address } = parameters;
  // The collection's ABI holds every function the splitter has, with the same signatures.
  const read = { address, abi: layerloomCollectionAbi } as const;
  const [[addresses, shares], totalReleased, balance] = await Promise.all([
    publicClient.readContract({ ...read, functionName: 'payees' }),
    publicClient.readContract({ ...read, functionName: 'totalReleased' }),
    publicClient.getBalance({ address }),
  ]);
  const payees = await Promise.all(
    addresses.map(async (payee, index) => {
      const [released, releasable] = await Promise.all([
        publicClient.readContract({ ...read, functionName: 'released', args: [payee] }),
        publicClient.readContract({ ...read, functionName: 'releasable', args: [payee] }),
      ]);
      return { address: payee, shares: shares[index] ?? 0n, released, releasable };
    }),
  );
  return { payees, totalReleased, balance };
}
