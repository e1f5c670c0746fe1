import type { AllowlistEntry } from '@layerloom/api';

/**
 * What one listed wallet may mint in the allowlist sale, as the owner reads it: its own quantity from the
 * CSV (the contract enforces it), or the per-wallet limit set on chain when the line had none.
 */
export function allowanceText(quantity: number | null, phaseLimit: number): string {
  if (quantity !== null) return `${quantity.toLocaleString('en-US')} ${quantity === 1 ? 'token' : 'tokens'}`;
  return `Per-wallet limit (${phaseLimit.toLocaleString('en-US')})`;
}

/** "2 with their own quantity, 1 at the per-wallet limit" for the list's summary line. */
export function allowanceSummary(entries: readonly Pick<AllowlistEntry, 'quantity'>[]): string {
  const own = entries.filter((entry) => entry.quantity !== null).length;
  const atLimit = entries.length - own;
  const parts = [];
  if (own > 0) parts.push(`${own.toLocaleString('en-US')} with their own quantity`);
  if (atLimit > 0) parts.push(`${atLimit.toLocaleString('en-US')} at the per-wallet limit`);
  return parts.join(', ');
}

/** The page of `entries` to show, `pageSize` at a time (page is 1-based and kept within range). */
export function allowlistPage<T>(entries: readonly T[], page: number, pageSize: number): T[] {
  const pages = Math.max(1, Math.ceil(entries.length / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  return entries.slice((current - 1) * pageSize, current * pageSize);
}
