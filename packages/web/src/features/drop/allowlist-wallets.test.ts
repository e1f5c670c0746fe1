import { describe, expect, it } from 'vitest';
import { allowanceSummary, allowanceText, allowlistPage } from './allowlist-wallets.ts';

describe('allowlist wallets as the owner reads them', () => {
  it("shows a wallet's own quantity, or the per-wallet limit for a line without one", () => {
    expect(allowanceText(3, 2)).toBe('3 tokens');
    expect(allowanceText(1, 2)).toBe('1 token');
    expect(allowanceText(1500, 2)).toBe('1,500 tokens');
    expect(allowanceText(null, 2)).toBe('Per-wallet limit (2)');
  });

  it('counts wallets with their own quantity and those at the limit', () => {
    expect(allowanceSummary([{ quantity: 3 }, { quantity: null }, { quantity: 1 }])).toBe(
      '2 with their own quantity, 1 at the per-wallet limit',
    );
    expect(allowanceSummary([{ quantity: null }])).toBe('1 at the per-wallet limit');
    expect(allowanceSummary([{ quantity: 4 }])).toBe('1 with their own quantity');
  });

  it('pages the list, keeping the page within range', () => {
    const entries = [1, 2, 3, 4, 5];
    expect(allowlistPage(entries, 1, 2)).toEqual([1, 2]);
    expect(allowlistPage(entries, 3, 2)).toEqual([5]);
    expect(allowlistPage(entries, 9, 2)).toEqual([5]);
    expect(allowlistPage([], 1, 2)).toEqual([]);
  });
});
