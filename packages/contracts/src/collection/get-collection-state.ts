import { type Address, type Hex, zeroAddress, zeroHash } from 'viem';
import { layerloomCollectionAbi } from '../generated/layerloom-collection.generated.ts';
import { toSalePhase } from '../internal/to-sale-phase.ts';
import type { SalePhase } from './sale-phase.ts';
import type { CollectionReadParameters } from './types.ts';

export type GetCollectionStateParameters = CollectionReadParameters;

/** A snapshot of everything a mint page or dashboard shows about a collection. Prices and balance in wei. */
export interface GetCollectionStateReturnType {
  name: string;
  symbol: string;
  owner: Address;
  maxSupply: bigint;
  totalSupply: bigint;
  phase: SalePhase;
  mintPrice: bigint;
  maxPerWallet: number;
  allowlist: { merkleRoot: Hex | null; price: bigint; maxPerWallet: number };
  /**
   * The start times the sale follows by itself (`null` = that sale is not scheduled); both `null` when the
   * owner opens and closes phases by hand. `phase` is already the one in force at the latest block.
   */
  schedule: { allowlistStart: Date | null; publicStart: Date | null };
  revealed: boolean;
  /** Whether the metadata was frozen: the URIs below can never change again. */
  metadataFrozen: boolean;
  preRevealURI: string;
  baseURI: string;
  contractURI: string;
  /** `null` until set. */
  provenanceHash: Hex | null;
  /** `null` when funds go to the owner. */
  payoutAddress: Address | null;
  royalty: { receiver: Address; bps: number };
  /** Funds waiting to be withdrawn. */
  balance: bigint;
}

const bpsDenominator = 10_000n;

function fromSeconds(seconds: number): Date | null {
  return seconds === 0 ? null : new Date(seconds * 1000);
}

/**
 * Reads a collection's sale settings, supply, metadata URIs, royalty and balance in one round of calls
 * (one multicall when the public client batches them: `batch: { multicall: true }`).
 */
export async function getCollectionState(
  parameters: GetCollectionStateParameters,
): Promise<GetCollectionStateReturnType> {
  const { publicClient, address } = parameters;
  const read = { address, abi: layerloomCollectionAbi } as const;
  const [
    name,
    symbol,
    owner,
    maxSupply,
    totalSupply,
    sale,
    [allowlistStart, publicStart],
    merkleRoot,
    revealed,
    metadataFrozen,
    preRevealURI,
    baseURI,
    contractURI,
    provenanceHash,
    payoutAddress,
    [royaltyReceiver, royaltyAmount],
    balance,
  ] = await Promise.all([
    publicClient.readContract({ ...read, functionName: 'name' }),
    publicClient.readContract({ ...read, functionName: 'symbol' }),
    publicClient.readContract({ ...read, functionName: 'owner' }),
    publicClient.readContract({ ...read, functionName: 'maxSupply' }),
    publicClient.readContract({ ...read, functionName: 'totalSupply' }),
    publicClient.readContract({ ...read, functionName: 'saleConfig' }),
    publicClient.readContract({ ...read, functionName: 'saleSchedule' }),
    publicClient.readContract({ ...read, functionName: 'merkleRoot' }),
    publicClient.readContract({ ...read, functionName: 'revealed' }),
    publicClient.readContract({ ...read, functionName: 'metadataFrozen' }),
    publicClient.readContract({ ...read, functionName: 'preRevealURI' }),
    publicClient.readContract({ ...read, functionName: 'baseURI' }),
    publicClient.readContract({ ...read, functionName: 'contractURI' }),
    publicClient.readContract({ ...read, functionName: 'provenanceHash' }),
    publicClient.readContract({ ...read, functionName: 'payoutAddress' }),
    // The default royalty applies to every token; asking for a 10 000-wei sale price yields it in basis points.
    publicClient.readContract({ ...read, functionName: 'royaltyInfo', args: [1n, bpsDenominator] }),
    publicClient.getBalance({ address }),
  ]);
  return {
    name,
    symbol,
    owner,
    maxSupply,
    totalSupply,
    phase: toSalePhase(sale.phase),
    mintPrice: sale.publicPrice,
    maxPerWallet: sale.maxPerWallet,
    allowlist: {
      merkleRoot: merkleRoot === zeroHash ? null : merkleRoot,
      price: sale.allowlistPrice,
      maxPerWallet: sale.allowlistMaxPerWallet,
    },
    schedule: { allowlistStart: fromSeconds(allowlistStart), publicStart: fromSeconds(publicStart) },
    revealed,
    metadataFrozen,
    preRevealURI,
    baseURI,
    contractURI,
    provenanceHash: provenanceHash === zeroHash ? null : provenanceHash,
    payoutAddress: payoutAddress === zeroAddress ? null : payoutAddress,
    royalty: { receiver: royaltyReceiver, bps: Number(royaltyAmount) },
    balance,
  };
}
