import { describe, expect, it } from 'vitest';
import { countBelow, formatBigCount, formatEta, percentDone } from './eta.ts';

describe('formatEta', () => {
  it('says the time left in words at the right scale', () => {
    expect(formatEta(null)).toBe('Estimating time left…');
    expect(formatEta(Number.NaN)).toBe('Estimating time left…');
    expect(formatEta(2)).toBe('A few seconds left');
    expect(formatEta(45)).toBe('About 45 s left');
    expect(formatEta(59.6)).toBe('About 1 min left');
    expect(formatEta(185)).toBe('About 3 min left');
    expect(formatEta(3600)).toBe('About 1 h left');
    expect(formatEta(3900)).toBe('About 1 h 5 min left');
  });
});

describe('percentDone', () => {
  it('reaches 100 only when everything is done', () => {
    expect(percentDone(0, 0)).toBe(0);
    expect(percentDone(199, 200)).toBe(99);
    expect(percentDone(20, 20)).toBe(100);
    expect(percentDone(25, 20)).toBe(100);
  });
});

describe('counts beyond 2^53', () => {
  it('groups digits and compares exactly', () => {
    expect(formatBigCount('1234567')).toBe('1,234,567');
    expect(formatBigCount('123')).toBe('123');
    expect(formatBigCount('18446744073709551617')).toBe('18,446,744,073,709,551,617');
    expect(countBelow('12', 20)).toBe(true);
    expect(countBelow('20', 20)).toBe(false);
    expect(countBelow('18446744073709551617', 10_000)).toBe(false);
    expect(countBelow('9007199254740993', 9007199254740992)).toBe(false);
  });
});
