import { type Address, erc20Abi, type PublicClient } from 'viem';
import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import { layerloomPaymentSplitterAbi } from '../generated/layerloom-payment-splitter.generated.ts';
import type { Payout } from './types.ts';

export interface GetPayoutsParameters {
  publicClient: PublicClient;
  /** A collection, or a payment splitter: both answer the same calls. */
  address: Address;
  /** An ERC-20 (e.g. WETH royalties) to report instead of Ether; payment splitters only. */
  token?: Address;
}

export interface GetPayoutsReturnType {
  /**
   * Each payee with its shares, what it was paid and what `release` would pay it now. A collection without
   * payees lists its one payee: the payout address, or the owner, with 1 share.
   */
  payees: Payout[];
  /** Paid to payees so far (wei, or token units). */
  totalReleased: bigint;
  /** What the contract holds now (wei, or token units). */
  balance: bigint;
}

/** Reads who is owed what by a collection's sale proceeds or a payment splitter, in Ether or in a token. */
export async function getPayouts(parameters: GetPayoutsParameters): Promise<GetPayoutsReturnType> {
  const { publicClient, address, token } = parameters;
  // The collection's ABI holds every Ether function the splitter has, with the same signatures.
  const read = { address, abi: layerloomCollectionAbi } as const;
  const splitter = { address, abi: layerloomPaymentSplitterAbi } as const;
  const [[addresses, shares], totalReleased, balance] = await Promise.all([
    publicClient.readContract({ ...read, functionName: 'payees' }),
    token
      ? publicClient.readContract({ ...splitter, functionName: 'totalReleased', args: [token] })
      : publicClient.readContract({ ...read, functionName: 'totalReleased' }),
    token
      ? publicClient.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address],
        })
      : publicClient.getBalance({ address }),
  ]);
  const payees = await Promise.all(
    addresses.map(async (payee, index) => {
      const [released, releasable] = await Promise.all(
        token
          ? [
              publicClient.readContract({ ...splitter, functionName: 'released', args: [token, payee] }),
              publicClient.readContract({ ...splitter, functionName: 'releasable', args: [token, payee] }),
            ]
          : [
              publicClient.readContract({ ...read, functionName: 'released', args: [payee] }),
              publicClient.readContract({ ...read, functionName: 'releasable', args: [payee] }),
            ],
      );
      return { address: payee, shares: shares[index] ?? 0n, released, releasable };
    }),
  );
  return { payees, totalReleased, balance };
}
