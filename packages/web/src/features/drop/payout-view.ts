import type { Payout } from '@layerloom/contracts';

/** "60 %", "33.33 %": a payee's part of the sales from its shares. */
export function sharePercent(shares: bigint, total: bigint): string {
  if (total === 0n) return '0 %';
  const hundredths = Number((shares * 10_000n + total / 2n) / total);
  return `${hundredths / 100} %`;
}

/**
 * Whether the contract splits its sales among payees (each paid by a release anyone may send) rather than
 * paying its one payout address or owner (paid by a withdraw). A contract without a split reports that one
 * address as its only payee.
 */
export function isSplitPayout(payees: readonly Payout[], withdrawalAddress: string): boolean {
  const [only] = payees;
  if (payees.length !== 1 || !only) return payees.length > 1;
  return only.address.toLowerCase() !== withdrawalAddress.toLowerCase();
}
