import { describe, expect, it } from 'vitest';
import { feasibilityCount, problemTarget, problemText } from './feasibility.ts';

describe('feasibilityCount', () => {
  it('passes the count on, and a problem as "not ready" or as the reason the project cannot be planned', () => {
    expect(feasibilityCount(undefined)).toBeUndefined();
    expect(feasibilityCount({ count: '27', configurations: [], feasible: true, problem: null })).toEqual({
      count: '27',
      problem: null,
      infeasible: null,
    });
    const notReady = { code: 'NOT_READY', message: 'Layer "Hat" has no images yet', fix: null };
    expect(feasibilityCount({ count: null, configurations: [], feasible: false, problem: notReady })).toEqual(
      {
        count: '0',
        problem: 'Layer "Hat" has no images yet',
        infeasible: null,
      },
    );
    // Too few combinations: the blockers word it with the draft's own size.
    const tooFew = {
      code: 'NOT_ENOUGH_COMBINATIONS',
      message: 'Cannot make 30 unique tokens',
      fix: 'Lower it.',
    };
    expect(
      feasibilityCount({ count: '27', configurations: [], feasible: false, problem: tooFew })?.infeasible,
    ).toBeNull();
    const exact = { code: 'EXACT_COUNT_UNREACHABLE', message: 'Exact rarity wants 8 tokens', fix: null };
    expect(
      feasibilityCount({ count: '21', configurations: [], feasible: false, problem: exact })?.infeasible,
    ).toBe(exact);
  });
});

describe('problemText', () => {
  it('ends the reason with a full stop and adds the fix after it', () => {
    expect(problemText({ message: 'Rules make trait "A/A1" impossible', fix: 'Change the rules.' })).toBe(
      'Rules make trait "A/A1" impossible. Change the rules.',
    );
    expect(problemText({ message: 'Too many steps; use weighted rarity.', fix: null })).toBe(
      'Too many steps; use weighted rarity.',
    );
  });

  it('sends exact-count problems to the rarity setting and the rest to the rules', () => {
    expect(problemTarget('EXACT_COUNT_UNREACHABLE')).toBe('rarity');
    expect(problemTarget('EXACT_SEARCH_TOO_LARGE')).toBe('rarity');
    expect(problemTarget('TRAIT_UNREACHABLE')).toBe('rules');
  });
});
