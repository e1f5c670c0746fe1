import { describe, expect, it } from 'vitest';
import { configurationSizes } from './configuration-sizes.ts';

describe('configurationSizes', () => {
  it('splits the tokens by the shares, adding up exactly, the largest remainders first', () => {
    expect(configurationSizes(100, [3, 1])).toEqual([75, 25]);
    expect(configurationSizes(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(configurationSizes(7, [2, 5])).toEqual([2, 5]);
    expect(configurationSizes(5, [1, 2, 2])).toEqual([1, 2, 2]);
    expect(configurationSizes(1, [1, 1])).toEqual([1, 0]);
  });
});
