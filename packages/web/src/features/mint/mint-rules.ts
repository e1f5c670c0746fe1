import type { DropState } from '@layerloom/api';
import { formatEther } from '../../lib/format-ether.ts';

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

/**
 * The most a wallet may mint in the current sale in all: in the allowlist sale its own allowance from
 * the list when it has one (the contract enforces it instead of the per-wallet limit), else the phase's
 * per-wallet limit. `listedAllowance` 0, null or undefined means "no allowance of its own".
 */
export function walletLimit(state: DropState, listedAllowance?: number | null): number {
  if (state.phase === 'allowlist' && listedAllowance) return listedAllowance;
  return phaseTerms(state).maxPerWallet;
}

export interface MintAllowanceParameters {
  state: DropState;
  /** What this wallet already minted in the current phase's sale; unknown (not connected, not read yet) counts as 0. */
  mintedInPhase?: number | undefined;
  /** In the allowlist phase: whether the wallet is on the list (undefined while unknown). */
  listed?: boolean | undefined;
  /** The root the wallet's proof is for: a listed wallet cannot mint until the contract holds that root. */
  proofRoot?: string | null | undefined;
  /** In the allowlist phase: the wallet's allowance on the list (0 or null: the phase's per-wallet limit). */
  listedAllowance?: number | null | undefined;
}

/**
 * The quantity limits of a mint: the wallet's limit in this sale (its allowlist allowance, or the phase's
 * per-wallet limit) less what it minted, and the supply left.
 */
export function mintAllowance({
  state,
  mintedInPhase = 0,
  listed,
  proofRoot,
  listedAllowance,
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
  const max = Math.min(walletLimit(state, listedAllowance) - mintedInPhase, state.maxSupply - state.minted);
  if (max <= 0) return { max: 0, blocker: 'wallet-limit' };
  return { max, blocker: null };
}

/**
 * The sentence that says why a wallet cannot mint; `listedAllowance` is the wallet's own allowlist
 * allowance, if it has one.
 */
export function blockerMessage(
  blocker: MintBlocker,
  state: DropState,
  listedAllowance?: number | null,
): string {
  switch (blocker) {
    case 'sold-out':
      return `Sold out: all ${state.maxSupply.toLocaleString('en-US')} tokens are minted.`;
    case 'closed': {
      const next = nextPhase(state, Date.now());
      return next
        ? `The sale is not open yet: the ${phaseLabel(next.phase).toLowerCase()} opens ${formatStart(next.at)}.`
        : 'The sale is not open yet. Come back when the creator opens it.';
    }
    case 'not-listed':
      return 'This wallet is not on the allowlist for this sale.';
    case 'list-not-on-chain':
      return "This wallet is on the creator's new allowlist, which is not set on the contract yet. Try again once it is.";
    case 'wallet-limit': {
      if (state.phase === 'allowlist' && listedAllowance) {
        return `This wallet has minted its allowance for this sale (${listedAllowance.toLocaleString('en-US')} for this wallet).`;
      }
      const { maxPerWallet } = phaseTerms(state);
      return `This wallet has minted its limit for this sale (${maxPerWallet} per wallet).`;
    }
  }
}

/**
 * Why the contract refused a mint over the wallet's limit (its `WalletLimitExceeded(limit, minted)`), in
 * a collector's words: what the wallet may mint in this sale, what it has, and what it can still mint.
 */
export function overLimitMessage(limit: bigint, minted: bigint): string {
  const left = limit > minted ? limit - minted : 0n;
  const may = `This wallet may mint ${limit.toLocaleString('en-US')} in this sale and has minted ${minted.toLocaleString('en-US')}`;
  return left === 0n
    ? `${may}, so it cannot mint more.`
    : `${may}: choose ${left === 1n ? '1 token' : `at most ${left.toLocaleString('en-US')}`} and mint again.`;
}

/** "Up to 5 per wallet" for the current phase. */
export function walletLimitLabel(state: DropState): string {
  const { maxPerWallet } = phaseTerms(state);
  return `Up to ${maxPerWallet.toLocaleString('en-US')} per wallet`;
}

/** What the mint card knows of the connected wallet, for the "Limit" figure. */
export interface WalletStanding {
  /** What the wallet already minted in the current phase's sale. */
  mintedInPhase: number;
  /** In the allowlist phase: whether the wallet is on the list (undefined while unknown). */
  listed?: boolean | undefined;
  /** In the allowlist phase: the wallet's own allowance on the list (0 or null: the phase's limit). */
  listedAllowance?: number | null | undefined;
}

/**
 * The "Limit" figure: the phase's per-wallet limit until a wallet is known, then that wallet's own limit
 * (its allowlist allowance in the allowlist sale) and what it has left of it ("2 of 3 left").
 */
export function walletLimitFigure(
  state: DropState,
  wallet?: WalletStanding | null,
): { value: string; note: string | null } {
  if (!wallet || (state.phase === 'allowlist' && wallet.listed === undefined)) {
    return { value: walletLimitLabel(state), note: null };
  }
  if (state.phase === 'allowlist' && wallet.listed === false) {
    return { value: 'Not on the allowlist', note: 'for this wallet' };
  }
  const limit = walletLimit(state, wallet.listedAllowance);
  const left = Math.max(0, limit - wallet.mintedInPhase);
  const ownAllowance = state.phase === 'allowlist' && Boolean(wallet.listedAllowance);
  return {
    value: `${left.toLocaleString('en-US')} of ${limit.toLocaleString('en-US')} left`,
    note: ownAllowance ? "this wallet's allowance" : 'for this wallet',
  };
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

/** The start the sale is counting down to: which sale opens, and when. */
export interface NextPhase {
  phase: 'allowlist' | 'public';
  at: Date;
}

function scheduleTimes(state: Pick<DropState, 'allowlistStart' | 'publicStart'>) {
  return {
    allowlist: state.allowlistStart ? Date.parse(state.allowlistStart) : null,
    public: state.publicStart ? Date.parse(state.publicStart) : null,
  };
}

/**
 * The sale as it stands at `now`: a scheduled sale's phase follows its start times as the contract does
 * (the latest start that has passed), so the page opens on time rather than at its next read of the chain
 * (which the server reuses for 5 s). A sale the owner runs by hand is returned as read.
 */
export function stateAt(state: DropState, now: number): DropState {
  const times = scheduleTimes(state);
  if (times.allowlist === null && times.public === null) return state;
  const scheduled: SalePhase =
    times.public !== null && now >= times.public
      ? 'public'
      : times.allowlist !== null && now >= times.allowlist
        ? 'allowlist'
        : 'closed';
  // Phases only move forward on a schedule: a chain read already past this one (a visitor's clock running
  // late) is believed.
  const order: SalePhase[] = ['closed', 'allowlist', 'public'];
  const phase = order.indexOf(scheduled) > order.indexOf(state.phase) ? scheduled : state.phase;
  return phase === state.phase ? state : { ...state, phase };
}

/** The next scheduled start after `now`, or null when nothing more opens by itself. */
export function nextPhase(state: DropState, now: number): NextPhase | null {
  const times = scheduleTimes(state);
  if (times.allowlist !== null && times.allowlist > now)
    return { phase: 'allowlist', at: new Date(times.allowlist) };
  if (times.public !== null && times.public > now) return { phase: 'public', at: new Date(times.public) };
  return null;
}

/** Time left as a countdown: "2 d 03:04:05", "03:04:05" or "04:05" (never negative). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const seconds = total % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  const clock =
    hours > 0 || days > 0
      ? `${two(hours)}:${two(minutes)}:${two(seconds)}`
      : `${two(minutes)}:${two(seconds)}`;
  return days > 0 ? `${days} d ${clock}` : clock;
}

/** "The public sale opens in 01:02:03", as a screen reader hears it too. */
export function countdownLabel(next: NextPhase, now: number): string {
  return `${phaseLabel(next.phase)} opens in ${formatCountdown(next.at.getTime() - now)}`;
}

/** A start time in the visitor's own time zone, with the zone named ("Fri, Nov 27, 14:00 UTC"). */
export function formatStart(at: Date, timeZone?: string): string {
  return at.toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
}
