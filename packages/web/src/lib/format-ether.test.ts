import { formatEther as viemFormatEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { formatEther } from './format-ether.ts';

describe('formatEther', () => {
  it('writes wei as ether exactly as viem does', () => {
    for (const wei of [
      0n,
      1n,
      10n ** 16n,
      15n * 10n ** 17n,
      10n ** 18n,
      123_456_789_000_000_000_000n,
      2n ** 255n,
      -1n,
      -(2n * 10n ** 18n),
      999_999_999_999_999_999n,
    ])
      expect(formatEther(wei), String(wei)).toBe(viemFormatEther(wei));
  });
});
