import type { Address } from 'viem';

/** One payee of a split and its shares: it is owed `shares / total shares` of every wei received. */
export interface PayeeShare {
  address: Address;
  /** A whole number from 1 to 2**32 - 1 (basis points and percentages both fit). */
  shares: bigint | number;
}

/** A payee as a split reports it: its shares, what it was paid and what it may be paid now (wei). */
export interface Payout {
  address: Address;
  shares: bigint;
  released: bigint;
  releasable: bigint;
}
