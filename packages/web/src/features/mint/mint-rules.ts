import type { DropState } from '@layerloom/api';
import { formatEther } from 'viem';

/** The sale phases the contract has. */
export type SalePhase = DropState['phase'];

/** The phase as a collector reads it. */
export function phaseLabel(phase: SalePhase): string {
  switch (phase) {
    case 'public':
      return 'Public sale';
    case 'allowlist':
      return 'Allowlist sale';
    case 'closed':
      return 'Sale not open yet';
  }
}

/** What the current phase charges per token (wei) and allows per wallet. */
export function phaseTerms(state: DropState): { price: bigint; maxPerWallet: number } {
  return state.phase === 'allowlist'
    ? { price: BigInt(state.allowlistPrice), maxPerWallet: state.allowlistMaxPerWallet }
    : { price: BigInt(state.publicPrice), maxPerWallet: state.maxPerWallet };
}

/** Why this wallet cannot mint now, when it cannot. */
export type MintBlocker = 'sold-out' | 'closed' | 'not-listed' | 'list-not-on-chain' | 'wallet-limit';

/** How many a wallet may mint now: 1..`max`, or nothing and why. */
export interface MintAllowance {
  /** The largest quantity the picker offers (0 when `blocker` is set). */
  max: number;
  blocker: MintBlocker | null;
}

export interface MintAllowanceParameters {
  state: DropState;
  /** What this wallet already minted in the current phase's sale; unknown (not connected, not read yet) counts as 0. */
  mintedInPhase?: number | undefined;
  /** In the allowlist phase: whether the wallet is on the list (undefined while unknown). */
  listed?: boolean | undefined;
  /** The root the wallet's proof is for: a listed wallet cannot mint until the contract holds that root. */
  proofRoot?: string | null | undefined;
}

/** The quantity limits of a mint: the phase's per-wallet limit less what the wallet minted, and the supply left. */
export function mintAllowance({
  state,
  mintedInPhase = 0,
  listed,
  proofRoot,
}: MintAllowanceParameters): MintAllowance {
  if (state.minted >= state.maxSupply) return { max: 0, blocker: 'sold-out' };
  if (state.phase === 'closed') return { max: 0, blocker: 'closed' };
  if (state.phase === 'allowlist' && listed === false) return { max: 0, blocker: 'not-listed' };
  if (
    state.phase === 'allowlist' &&
    listed === true &&
    proofRoot?.toLowerCase() !== state.allowlistRoot?.toLowerCase()
  ) {
    return { max: 0, blocker: 'list-not-on-chain' };
  }
  const { maxPerWallet } = phaseTerms(state);
  const max = Math.min(maxPerWallet - mintedInPhase, state.maxSupply - state.minted);
  if (max <= 0) return { max: 0, blocker: 'wallet-limit' };
  return { max, blocker: null };
}

/** The sentence that says why a wallet cannot mint. */
export function blockerMessage(blocker: MintBlocker, state: DropState): string {
  switch (blocker) {
    case 'sold-out':
      return `Sold out: all ${state.maxSupply.toLocaleString('en-US')} tokens are minted.`;
    case 'closed':
      return 'The sale is not open yet. Come back when the creator opens it.';
    case 'not-listed':
      return 'This wallet is not on the allowlist for this sale.';
    case 'list-not-on-chain':
      return "This wallet is on the creator's new allowlist, which is not set on the contract yet. Try again once it is.";
    case 'wallet-limit': {
      const { maxPerWallet } = phaseTerms(state);
      return `This wallet has minted its limit for this sale (${maxPerWallet} per wallet).`;
    }
  }
}

/** "Up to 5 per wallet" for the current phase. */
export function walletLimitLabel(state: DropState): string {
  const { maxPerWallet } = phaseTerms(state);
  return `Up to ${maxPerWallet.toLocaleString('en-US')} per wallet`;
}

/** Minted / max as a whole percentage for the progress bar (100 only when sold out). */
export function mintedPercent(state: Pick<DropState, 'minted' | 'maxSupply'>): number {
  if (state.maxSupply <= 0) return 0;
  const percent = Math.floor((state.minted / state.maxSupply) * 100);
  return state.minted >= state.maxSupply ? 100 : Math.min(percent, 99);
}

/** A price in the chain's currency ("0.01 ETH"), or "Free". */
export function formatPrice(wei: bigint, currency: string): string {
  return wei === 0n ? 'Free' : `${formatEther(wei)} ${currency}`;
}
