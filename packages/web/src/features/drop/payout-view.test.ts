import { describe, expect, it } from 'vitest';
import { isSplitPayout, sharePercent } from './payout-view.ts';

const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const friend = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const payout = (address: `0x${string}`, shares: bigint) => ({
  address,
  shares,
  released: 0n,
  releasable: 0n,
});

describe('sharePercent', () => {
  it("says each payee's part of the sales in percent, to two decimals", () => {
    expect(sharePercent(6000n, 10_000n)).toBe('60 %');
    expect(sharePercent(1n, 3n)).toBe('33.33 %');
    expect(sharePercent(1n, 1n)).toBe('100 %');
    expect(sharePercent(0n, 0n)).toBe('0 %');
  });
});

describe('isSplitPayout', () => {
  it('tells a split from the one payout address a contract without payees reports', () => {
    expect(isSplitPayout([payout(owner, 6000n), payout(friend, 4000n)], owner)).toBe(true);
    expect(isSplitPayout([payout(owner, 1n)], owner.toLowerCase())).toBe(false);
    // A split of one payee that is not the withdrawal address is still paid by release.
    expect(isSplitPayout([payout(friend, 1n)], owner)).toBe(true);
  });
});
