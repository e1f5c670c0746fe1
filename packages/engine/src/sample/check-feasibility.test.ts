import { describe, expect, it } from 'vitest';
import type { CollectionSpecInput } from '../spec/collection-spec.ts';
import { checkFeasibility } from './check-feasibility.ts';

function layer(name: string, weights: number[]) {
  return {
    name,
    traits: weights.map((weight, index) => ({
      name: `${name}${index}`,
      weight,
      asset: `${name}/${index}.png`,
    })),
  };
}

const base: CollectionSpecInput = {
  name: 'T',
  size: 4,
  width: 8,
  height: 8,
  layers: [layer('A', [1, 1]), layer('B', [1, 1, 1])],
};

describe('checkFeasibility', () => {
  it('counts the combinations of each configuration and finds nothing in the way', () => {
    const report = checkFeasibility({
      ...base,
      size: 7,
      configurations: [
        { name: 'Both', size: 5, layers: ['A', 'B'] },
        { name: 'Only A', size: 2, layers: ['A'] },
      ],
    });
    expect(report).toEqual({
      total: 8n,
      configurations: [
        { name: 'Both', size: 5, total: 6n },
        { name: 'Only A', size: 2, total: 2n },
      ],
      problem: null,
    });
  });

  it('says how far the size must come down when there are too few combinations', () => {
    const report = checkFeasibility({ ...base, size: 7 });
    expect(report.total).toBe(6n);
    expect(report.problem).toEqual({
      code: 'NOT_ENOUGH_COMBINATIONS',
      message: 'Cannot make 7 unique tokens: only 6 valid combinations exist',
      fix: 'Lower the size to 6 or less, add traits to the layers, or loosen the rules.',
    });
  });

  it('names the traits that rules rule out, with the count still given', () => {
    const report = checkFeasibility({ ...base, rules: ['A1 requires B0', 'A1 excludes B0'] });
    expect(report.total).toBe(3n);
    expect(report.problem?.code).toBe('TRAIT_UNREACHABLE');
    expect(report.problem?.message).toBe(
      'Rules make trait "A/A1" impossible: no valid combination contains it',
    );
    expect(report.problem?.fix).toMatch(/rules/);
  });

  it('gives the proof when exact counts cannot all be met, though the size fits', () => {
    const report = checkFeasibility({
      name: 'T',
      size: 10,
      width: 8,
      height: 8,
      rarity: 'exact',
      layers: [layer('A', [9, 1]), layer('B', [1, 1, 1, 1, 1, 1, 1, 1, 1, 1])],
      rules: ['A0 requires one of B {B0, B1}'],
    });
    expect(report.total).toBe(12n);
    expect(report.problem?.code).toBe('EXACT_COUNT_UNREACHABLE');
    expect(report.problem?.message).toMatch(
      /^Exact rarity wants 9 tokens with A\/A0, but only 2 valid combinations/,
    );
    expect(report.problem?.fix).toBe(
      'Lower the count of A/A0 or the size, loosen the rules that involve it, or use weighted rarity.',
    );
  });

  it('reports a rule naming an unknown trait without a count', () => {
    const report = checkFeasibility({ ...base, rules: ['A7 excludes B0'] });
    expect(report.total).toBeNull();
    expect(report.problem?.message).toMatch(/A7/);
  });
});
