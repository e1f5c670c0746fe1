import { describe, expect, it } from 'vitest';
import { allocateLargestRemainder, formatPercent, traitShares } from './rarity.ts';

describe('traitShares in weighted mode', () => {
  it('turns weights into the share of the layer and of all tokens', () => {
    const shares = traitShares([70, 20, 10], { mode: 'weighted', presence: 50, collectionSize: 100 });
    expect(shares.map((share) => share.percentOfLayer)).toEqual([70, 20, 10]);
    expect(shares.map((share) => share.percentOfAll)).toEqual([35, 10, 5]);
    expect(shares.every((share) => share.count === null)).toBe(true);
  });

  it('gives 0 % to everything when all weights are 0, and ignores negative weights', () => {
    expect(
      traitShares([0, 0], { mode: 'weighted', presence: 100, collectionSize: 10 })[0]?.percentOfLayer,
    ).toBe(0);
    expect(
      traitShares([-5, 5], { mode: 'weighted', presence: 100, collectionSize: 10 })[1]?.percentOfLayer,
    ).toBe(100);
  });
});

describe('traitShares in exact mode', () => {
  it('reads weights as counts scaled to the collection size, adding up exactly', () => {
    const shares = traitShares([1, 1, 1], { mode: 'exact', presence: 100, collectionSize: 20 });
    expect(shares.map((share) => share.count)).toEqual([7, 7, 6]);
    expect(shares.reduce((sum, share) => sum + (share.count ?? 0), 0)).toBe(20);
  });

  it('splits off the tokens without the layer first', () => {
    const shares = traitShares([3, 1], { mode: 'exact', presence: 50, collectionSize: 10 });
    expect(shares.map((share) => share.count)).toEqual([4, 1]);
    expect(shares[0]?.percentOfAll).toBe(40);
    expect(shares[0]?.percentOfLayer).toBe(80);
  });
});

describe('allocateLargestRemainder', () => {
  it('gives ties to the lower index and skips zero weights', () => {
    expect(allocateLargestRemainder([1, 1], 3)).toEqual([2, 1]);
    expect(allocateLargestRemainder([0, 1, 1], 3)).toEqual([0, 2, 1]);
    expect(allocateLargestRemainder([0, 0], 3)).toEqual([0, 0]);
  });
});

describe('formatPercent', () => {
  it('shows as many digits as the share needs', () => {
    expect(formatPercent(0)).toBe('0 %');
    expect(formatPercent(50)).toBe('50 %');
    expect(formatPercent(33.3333)).toBe('33.3 %');
    expect(formatPercent(0.5)).toBe('0.5 %');
    expect(formatPercent(0.123)).toBe('0.12 %');
    expect(formatPercent(0.001)).toBe('< 0.01 %');
  });
});
