import { describe, expect, it } from 'vitest';
import {
  formatEta,
  formatProgressCount,
  formatShare,
  progressPercent,
  rankLabel,
  tokenLabel,
  traitTypeLabel,
} from './format.ts';

describe('progress and time left', () => {
  it('shows whole percents and only reaches 100 % when every image is done', () => {
    expect(progressPercent(0, 20)).toBe(0);
    expect(progressPercent(7, 20)).toBe(35);
    expect(progressPercent(9_999, 10_000)).toBe(99);
    expect(progressPercent(10_000, 10_000)).toBe(100);
    expect(progressPercent(3, 0)).toBe(0);
  });

  it('says how much time is left in seconds, minutes or hours', () => {
    expect(formatEta(null)).toBe('Estimating time left…');
    expect(formatEta(Number.NaN)).toBe('Estimating time left…');
    expect(formatEta(0.2)).toBe('about 1 s left');
    expect(formatEta(42.4)).toBe('about 42 s left');
    expect(formatEta(120)).toBe('about 2 min left');
    expect(formatEta(130)).toBe('about 2 min 10 s left');
    expect(formatEta(3600)).toBe('about 1 h left');
    expect(formatEta(3900)).toBe('about 1 h 5 min left');
  });

  it('counts images with thousands separators', () => {
    expect(formatProgressCount(1234, 10000)).toBe('1,234 of 10,000 images');
  });
});

describe('rarity texts', () => {
  it('writes shares with the decimals they need', () => {
    expect(formatShare(0.25)).toBe('25%');
    expect(formatShare(0.033)).toBe('3.3%');
    expect(formatShare(0.03)).toBe('3%');
    expect(formatShare(0.0005)).toBe('0.05%');
    expect(formatShare(0.001)).toBe('0.1%');
    expect(formatShare(0.00001)).toBe('<0.01%');
    expect(formatShare(0)).toBe('0%');
    expect(formatShare(1)).toBe('100%');
  });

  it('names ranks, the trait-count meta trait and tokens', () => {
    expect(rankLabel(3, 20)).toBe('Rank 3 of 20');
    expect(rankLabel(1, 10000)).toBe('Rank 1 of 10,000');
    expect(traitTypeLabel('meta_trait:trait_count')).toBe('Trait count');
    expect(traitTypeLabel('Hat')).toBe('Hat');
    expect(tokenLabel({ name: 'Cats #7', edition: 7 })).toBe('Cats #7');
    expect(tokenLabel({ name: 'Golden Cat', edition: 7 })).toBe('Golden Cat #7');
  });
});
