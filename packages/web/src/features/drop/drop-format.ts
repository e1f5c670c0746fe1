import type { SalePhase } from '@layerloom/contracts';
import { formatEther } from 'viem';

/** Each sale phase as the panel names it. */
export const phaseLabels: Record<SalePhase, string> = {
  closed: 'Closed',
  allowlist: 'Allowlist sale',
  public: 'Public sale',
};

/** "0.01 ETH", or "Free" for a zero price. */
export function formatPrice(wei: bigint, currency: string): string {
  return wei === 0n ? 'Free' : `${formatEther(wei)} ${currency}`;
}

/** A balance: "0.02 ETH", "0 ETH" when empty. */
export function formatBalance(wei: bigint, currency: string): string {
  return `${formatEther(wei)} ${currency}`;
}

/** "3 per wallet"; 0 means nobody can buy in that sale, which the panel says. */
export function formatLimit(limit: number): string {
  if (limit === 0) return '0 per wallet (no one can mint)';
  return `${limit.toLocaleString('en-US')} per wallet`;
}

/** "2 of 6", the value beside the panel's "Minted" label. */
export function formatMinted(totalSupply: bigint, maxSupply: bigint): string {
  return `${totalSupply.toLocaleString('en-US')} of ${maxSupply.toLocaleString('en-US')}`;
}

/** "1 wallet", "1,200 wallets": a count with its noun in the right number. */
export function countOf(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? noun : `${noun}s`}`;
}

/** True when two addresses are the same account (case does not matter: it is only a checksum). */
export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  return Boolean(a && b && a.toLowerCase() === b.toLowerCase());
}

/** What the connected wallet may do with the contract. */
export interface DropPermissions {
  /** Owner writes: phases, prices, allowlist, airdrop, provenance, reveal. */
  isOwner: boolean;
  /** `withdraw` is open to the owner and to the payout address. */
  canWithdraw: boolean;
}

/** What `account` may do, given the contract's owner and payout address (null: funds go to the owner). */
export function dropPermissions(parameters: {
  account: string | undefined;
  owner: string;
  payoutAddress: string | null;
}): DropPermissions {
  const { account, owner, payoutAddress } = parameters;
  const isOwner = sameAddress(account, owner);
  return { isOwner, canWithdraw: isOwner || sameAddress(account, payoutAddress) };
}

/** Why the connected wallet cannot run the drop, or null when it owns the contract. */
export function notOwnerMessage(account: string | undefined, owner: string): string | null {
  if (sameAddress(account, owner)) return null;
  return `Connect the wallet that owns this contract (${owner}).`;
}

/** Checks a price typed in the chain's currency ("0.02"): null when fine, else what is wrong. */
export function priceError(text: string): string | null {
  const price = text.trim();
  if (price === '') return 'Enter a price (0 for a free mint).';
  if (!/^\d+(\.\d+)?$/.test(price)) return 'Enter a price as a number, such as 0.02.';
  if (!/^\d+(\.\d{1,18})?$/.test(price)) return 'Use at most 18 decimals.';
  // The contract packs prices into 88 bits.
  const [whole = '0', fraction = ''] = price.split('.');
  const wei = BigInt(whole) * 10n ** 18n + BigInt(fraction.padEnd(18, '0') || '0');
  return wei > 2n ** 88n - 1n ? 'This price is too high for the contract.' : null;
}

/** Checks a per-wallet limit: a whole number from 0 to 2³²−1. */
export function limitError(value: number | null | undefined): string | null {
  if (value === null || value === undefined || Number.isNaN(value)) return 'Enter the per-wallet limit.';
  if (!Number.isInteger(value) || value < 0) return 'The limit must be a whole number, 0 or more.';
  return value > 4_294_967_295 ? 'This limit is too high for the contract.' : null;
}

/** The sale as the summary shows it, from the chain (everything) or from the server's cache (no funds, no owner). */
export interface DropSummary {
  source: 'chain' | 'server';
  phase: SalePhase;
  totalSupply: bigint;
  maxSupply: bigint;
  mintPrice: bigint;
  maxPerWallet: number;
  allowlistPrice: bigint;
  allowlistMaxPerWallet: number;
  revealed: boolean;
  /** Only from the chain. */
  balance: bigint | null;
  owner: string | null;
  /** Where withdrawals go: the payout address, or the owner when none is set (null: unknown). */
  payTo: { address: string; isOwner: boolean } | null;
}

/** The summary of a chain read (`getCollectionState`). */
export function summaryFromChain(state: {
  phase: SalePhase;
  totalSupply: bigint;
  maxSupply: bigint;
  mintPrice: bigint;
  maxPerWallet: number;
  allowlist: { price: bigint; maxPerWallet: number };
  revealed: boolean;
  balance: bigint;
  owner: string;
  payoutAddress: string | null;
}): DropSummary {
  return {
    source: 'chain',
    phase: state.phase,
    totalSupply: state.totalSupply,
    maxSupply: state.maxSupply,
    mintPrice: state.mintPrice,
    maxPerWallet: state.maxPerWallet,
    allowlistPrice: state.allowlist.price,
    allowlistMaxPerWallet: state.allowlist.maxPerWallet,
    revealed: state.revealed,
    balance: state.balance,
    owner: state.owner,
    payTo: state.payoutAddress
      ? { address: state.payoutAddress, isOwner: sameAddress(state.payoutAddress, state.owner) }
      : { address: state.owner, isOwner: true },
  };
}

/** The summary of the server's cached state (`GET /api/v1/drops/:slug/state`; prices are decimal strings). */
export function summaryFromServer(state: {
  phase: SalePhase;
  minted: number;
  maxSupply: number;
  publicPrice: string;
  allowlistPrice: string;
  maxPerWallet: number;
  allowlistMaxPerWallet: number;
  revealed: boolean;
}): DropSummary {
  return {
    source: 'server',
    phase: state.phase,
    totalSupply: BigInt(state.minted),
    maxSupply: BigInt(state.maxSupply),
    mintPrice: BigInt(state.publicPrice),
    maxPerWallet: state.maxPerWallet,
    allowlistPrice: BigInt(state.allowlistPrice),
    allowlistMaxPerWallet: state.allowlistMaxPerWallet,
    revealed: state.revealed,
    balance: null,
    owner: null,
    payTo: null,
  };
}

/** How the uploaded allowlist compares with the root on chain. */
export type AllowlistSync = 'none' | 'not-on-chain' | 'matches' | 'differs' | 'only-on-chain';

/** Whether the uploaded list (its root) is the one the contract checks. */
export function allowlistSync(
  uploadedRoot: string | null | undefined,
  chainRoot: string | null,
): AllowlistSync {
  if (!uploadedRoot) return chainRoot ? 'only-on-chain' : 'none';
  if (!chainRoot) return 'not-on-chain';
  return uploadedRoot.toLowerCase() === chainRoot.toLowerCase() ? 'matches' : 'differs';
}
