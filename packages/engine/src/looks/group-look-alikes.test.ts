import { describe, expect, it } from 'vitest';
import { groupLookAlikes, hammingDistance, LookIndex, perceptualBits } from './group-look-alikes.ts';
import type { TokenLook } from './token-look.ts';

/** A 752-bit hash (188 hex digits) with the given bits set. */
function hash(bits: number[]): string {
  const digits = new Array<number>(188).fill(0);
  for (const bit of bits) digits[bit >> 2]! |= 8 >> (bit & 3);
  return digits.map((digit) => digit.toString(16)).join('');
}

const look = (pixel: string, bits: number[]): TokenLook => ({ pixel, perceptual: hash(bits) });

describe('groupLookAlikes', () => {
  it('groups pixel-identical tokens, and tokens whose hashes are within the threshold, in edition order', () => {
    const looks = [
      look('a', [1, 2, 3]),
      look('b', [100, 200]),
      look('a', [1, 2, 3]),
      look('c', [100, 201]),
      look('d', [500, 600, 700]),
      null,
      look('e', [5, 6, 7, 8, 9, 10]),
    ];
    expect(groupLookAlikes({ looks })).toEqual([{ editions: [1, 3], identical: true, distance: 0 }]);
    expect(groupLookAlikes({ looks, threshold: 2 })).toEqual([
      { editions: [1, 3], identical: true, distance: 0 },
      { editions: [2, 4], identical: false, distance: 2 },
    ]);
  });

  it('joins near tokens transitively into one group', () => {
    const looks = [look('a', [10]), look('b', [10, 11]), look('c', [10, 11, 12]), look('d', [700])];
    expect(groupLookAlikes({ looks, threshold: 1 })).toEqual([
      { editions: [1, 2, 3], identical: false, distance: 2 },
    ]);
  });
});

describe('LookIndex', () => {
  it('finds every hash within the threshold, whichever bits differ (last word included)', () => {
    const index = new LookIndex(3);
    const base = [0, 31, 32, 400, 751];
    index.add(perceptualBits(hash(base)));
    index.add(perceptualBits(hash([...base, 748, 749, 750])));
    index.add(perceptualBits(hash([...base, 5, 6, 7, 8])));
    expect(index.near(perceptualBits(hash(base)))).toEqual([0, 1]);
    expect(hammingDistance(perceptualBits(hash(base)), perceptualBits(hash([...base, 5, 6, 7, 8])))).toBe(4);
  });
});
