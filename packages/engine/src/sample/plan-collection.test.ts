import { describe, expect, it } from 'vitest';
import {
  ExactCountUnreachableError,
  NotEnoughCombinationsError,
  UnreachableTraitError,
} from '../errors/sample-errors.ts';
import type { CollectionSpecInput } from '../spec/collection-spec.ts';
import { parseCollectionSpec } from '../spec/parse-collection-spec.ts';
import { resolveCollection } from '../spec/resolve-collection.ts';
import { countValidCombinations } from './count-combinations.ts';
import { type CollectionPlan, planCollection } from './plan-collection.ts';

function layer(name: string, weights: number[], extra: Partial<{ presence: number }> = {}) {
  return {
    name,
    ...extra,
    traits: weights.map((weight, index) => ({
      name: `${name}${index}`,
      weight,
      asset: `${name}/${index}.png`,
    })),
  };
}

function plan(input: CollectionSpecInput): CollectionPlan {
  return planCollection(resolveCollection(parseCollectionSpec(input)));
}

/** Trait names a token shows, by layer name (absent layers left out). */
function shown(result: CollectionPlan): Map<string, string>[] {
  const { layers } = result.collection;
  return result.tokens.map((token) => {
    const map = new Map<string, string>();
    if (token.kind !== 'generated') return map;
    token.traits.forEach((trait, layerIndex) => {
      if (trait >= 0) map.set(layers[layerIndex]!.name, layers[layerIndex]!.traits[trait]!.name);
    });
    return map;
  });
}

function keyOf(map: Map<string, string>): string {
  return [...map.entries()].map(([layerName, trait]) => `${layerName}=${trait}`).join('|');
}

const skewed = [40, 25, 15, 10, 5, 3, 1, 1];

describe('planCollection', () => {
  it('makes 64 unique tokens out of 64 combinations even with skewed weights', () => {
    const result = plan({
      name: 'T',
      size: 64,
      width: 8,
      height: 8,
      seed: 's',
      layers: [layer('A', skewed), layer('B', skewed)],
    });
    expect(new Set(shown(result).map(keyOf)).size).toBe(64);
    expect(result.tokens.map((token) => token.edition)).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
  });

  it('fails at once naming the exact number of valid combinations when the size is larger', () => {
    const spec = {
      name: 'T',
      size: 57,
      width: 8,
      height: 8,
      layers: [layer('A', skewed), layer('B', skewed)],
      rules: ['A0 excludes B0', 'A1 requires one of B {B1, B2}'],
    };
    // 64 − 1 (A0+B0) − 6 (A1 with B other than B1/B2) = 57 valid.
    expect(countValidCombinations(spec).total).toBe(57n);
    expect(plan(spec).tokens).toHaveLength(57);
    const error = (() => {
      try {
        plan({ ...spec, size: 58 });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(NotEnoughCombinationsError);
    expect((error as Error).message).toContain('only 57 valid combinations');
  });

  it('keeps every rule on every token and matches a brute-force count', () => {
    const spec: CollectionSpecInput = {
      name: 'T',
      size: 120,
      width: 8,
      height: 8,
      seed: 7,
      layers: [
        layer('Bg', [1, 1, 1]),
        layer('Body', [3, 2, 1, 1]),
        layer('Hat', [5, 1, 1, 1], { presence: 0.6 }),
        layer('Eyes', [1, 2, 3]),
      ],
      rules: [
        'Hat/Hat1 excludes Eyes/Eyes0',
        'Body1 requires Bg2',
        'Hat2 requires one of Body {Body0, Body3}',
        'Eyes2 excludes Bg0',
      ],
    };
    const valid = (map: Map<string, string>): boolean =>
      !(map.get('Hat') === 'Hat1' && map.get('Eyes') === 'Eyes0') &&
      !(map.get('Body') === 'Body1' && map.get('Bg') !== 'Bg2') &&
      !(map.get('Hat') === 'Hat2' && !['Body0', 'Body3'].includes(map.get('Body') ?? '')) &&
      !(map.get('Eyes') === 'Eyes2' && map.get('Bg') === 'Bg0');
    let brute = 0;
    for (let bg = 0; bg < 3; bg++)
      for (let body = 0; body < 4; body++)
        for (let hat = -1; hat < 4; hat++)
          for (let eyes = 0; eyes < 3; eyes++) {
            const map = new Map([
              ['Bg', `Bg${bg}`],
              ['Body', `Body${body}`],
              ['Eyes', `Eyes${eyes}`],
            ]);
            if (hat >= 0) map.set('Hat', `Hat${hat}`);
            if (valid(map)) brute++;
          }
    expect(countValidCombinations(spec).total).toBe(BigInt(brute));
    const tokens = shown(plan({ ...spec, size: brute }));
    expect(tokens.every(valid)).toBe(true);
    expect(new Set(tokens.map(keyOf)).size).toBe(brute);
    const exact = shown(plan({ ...spec, size: 24, rarity: 'exact' }));
    expect(exact.every(valid)).toBe(true);
    expect(new Set(exact.map(keyOf)).size).toBe(24);
  });

  it('names traits that rules make unreachable', () => {
    expect(() =>
      plan({
        name: 'T',
        size: 2,
        width: 8,
        height: 8,
        layers: [layer('A', [1, 1]), layer('B', [1, 1])],
        rules: ['A1 requires B0', 'A1 excludes B0'],
      }),
    ).toThrow(UnreachableTraitError);
    expect(() =>
      plan({
        name: 'T',
        size: 2,
        width: 8,
        height: 8,
        layers: [layer('A', [1, 1]), layer('B', [1, 1])],
        rules: ['A1 requires B0', 'A1 excludes B0'],
      }),
    ).toThrow('"A/A1"');
  });

  it('counts huge spaces exactly as a bigint', () => {
    const layers = Array.from({ length: 20 }, (_, index) => layer(`L${index}`, new Array(20).fill(1)));
    expect(countValidCombinations({ name: 'T', size: 1, width: 8, height: 8, layers }).total).toBe(
      20n ** 20n,
    );
  });

  it('is deterministic for a seed and differs for another', () => {
    const spec = {
      name: 'T',
      size: 50,
      width: 8,
      height: 8,
      seed: 'a',
      layers: [layer('A', skewed), layer('B', skewed), layer('C', skewed)],
    };
    expect(shown(plan(spec)).map(keyOf)).toEqual(shown(plan(spec)).map(keyOf));
    expect(shown(plan({ ...spec, seed: 'b' })).map(keyOf)).not.toEqual(shown(plan(spec)).map(keyOf));
  });

  it('follows the weights in weighted mode (chi-squared, p > 0.001 per layer)', () => {
    const weights = [
      [30, 20, 15, 10, 10, 5, 5, 3, 1, 1],
      [1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
      [50, 25, 10, 5, 5, 2, 1, 1, 0.5, 0.5],
    ];
    const size = 1500;
    const result = plan({
      name: 'T',
      size,
      width: 8,
      height: 8,
      seed: 'chi',
      layers: [...weights.map((w, index) => layer(`L${index}`, w)), layer('Pad', new Array(100).fill(1))],
    });
    weights.forEach((w, layerIndex) => {
      const observed = new Array(w.length).fill(0);
      for (const token of result.tokens)
        if (token.kind === 'generated') observed[token.traits[layerIndex]!]++;
      const sum = w.reduce((a, b) => a + b, 0);
      const chi2 = w.reduce((acc, weight, index) => {
        const expected = (size * weight) / sum;
        return acc + (observed[index] - expected) ** 2 / expected;
      }, 0);
      // Critical value of χ² with 9 degrees of freedom at p = 0.001.
      expect(chi2).toBeLessThan(27.88);
    });
  });

  it('shows a layer as often as its presence weight says in weighted mode (chi-squared, p > 0.001)', () => {
    const size = 2000;
    const result = plan({
      name: 'T',
      size,
      width: 8,
      height: 8,
      seed: 'presence',
      // A space far larger than the size, so uniqueness barely bends the draws (as in the test above).
      layers: [
        layer('Bg', new Array(50).fill(1)),
        layer('Hat', [3, 1], { presence: 0.3 }),
        layer('Eyes', new Array(40).fill(1)),
        layer('Pad', new Array(100).fill(1)),
      ],
    });
    // Cells: no hat (0.7), Hat0 (0.3 · 3/4), Hat1 (0.3 · 1/4).
    const expected = [0.7, 0.225, 0.075].map((share) => share * size);
    const observed = [0, 0, 0];
    for (const token of result.tokens) if (token.kind === 'generated') observed[token.traits[1]! + 1]!++;
    const chi2 = observed.reduce(
      (acc, count, index) => acc + (count - expected[index]!) ** 2 / expected[index]!,
      0,
    );
    // Critical value of χ² with 2 degrees of freedom at p = 0.001.
    expect(chi2).toBeLessThan(13.82);
  });

  it('gives exact counts in exact mode, scaled by largest remainder', () => {
    const result = plan({
      name: 'T',
      size: 100,
      width: 8,
      height: 8,
      rarity: 'exact',
      layers: [
        layer('A', [5, 3, 2]),
        layer('B', [1, 1, 1]),
        layer('C', [70, 20, 10], { presence: 0.5 }),
        layer('D', new Array(10).fill(1)),
      ],
      rules: ['A2 excludes B0'],
    });
    const count = (layerIndex: number) => {
      const counts = new Map<number, number>();
      for (const token of result.tokens)
        if (token.kind === 'generated')
          counts.set(token.traits[layerIndex]!, (counts.get(token.traits[layerIndex]!) ?? 0) + 1);
      return Object.fromEntries([...counts.entries()].sort((x, y) => x[0] - y[0]));
    };
    expect(count(0)).toEqual({ 0: 50, 1: 30, 2: 20 });
    expect(count(1)).toEqual({ 0: 34, 1: 33, 2: 33 });
    expect(count(2)).toEqual({ '-1': 50, 0: 35, 1: 10, 2: 5 });
    expect(Object.values(count(3))).toEqual(new Array(10).fill(10));
    for (const names of shown(result)) expect(names.get('A') === 'A2' && names.get('B') === 'B0').toBe(false);
  });

  it('reports exact counts that rules make impossible', () => {
    expect(() =>
      plan({
        name: 'T',
        size: 10,
        width: 8,
        height: 8,
        rarity: 'exact',
        layers: [layer('A', [9, 1]), layer('B', [1, 1, 1, 1, 1, 1, 1, 1, 1, 1])],
        rules: ['A0 requires one of B {B0, B1}'],
      }),
    ).toThrow(ExactCountUnreachableError);
  });

  it('keeps tokens unique across layer configurations and places 1-of-1s', () => {
    const result = plan({
      name: 'T',
      size: 20,
      width: 8,
      height: 8,
      layers: [layer('A', [1, 1, 1]), layer('B', [1, 1, 1]), layer('C', [1, 1], { presence: 0.5 })],
      configurations: [
        { name: 'plain', size: 9, layers: ['A', 'B'] },
        { name: 'fancy', size: 9, layers: ['A', 'B', 'C'] },
      ],
      oneOfOnes: [
        { asset: 'one.png', attributes: [{ trait_type: 'Special', value: 'Gold' }] },
        { asset: 'two.png' },
      ],
    });
    const generated = shown(result).slice(0, 18);
    expect(new Set(generated.map(keyOf)).size).toBe(18);
    expect(result.tokens.slice(18).map((token) => token.kind)).toEqual(['one-of-one', 'one-of-one']);
    // fancy can show 27 combinations, 9 of which (C absent) plain may already have taken.
    expect(() =>
      plan({
        name: 'T',
        size: 28,
        width: 8,
        height: 8,
        layers: [layer('A', [1, 1, 1]), layer('B', [1, 1, 1]), layer('C', [1, 1], { presence: 0.5 })],
        configurations: [
          { name: 'plain', size: 9, layers: ['A', 'B'] },
          { name: 'fancy', size: 19, layers: ['A', 'B', 'C'] },
        ],
      }),
    ).toThrow('Cannot make 19 unique tokens in fancy: only 18 valid combinations exist');
  });

  it('uses every combination in exact mode when the size equals the space, and checks the forced counts', () => {
    const spec = {
      name: 'T',
      size: 64,
      width: 8,
      height: 8,
      rarity: 'exact' as const,
      layers: [layer('A', [1, 1, 1, 1]), layer('B', [1, 1, 1, 1]), layer('C', [1, 1, 1, 1])],
    };
    expect(new Set(shown(plan(spec)).map(keyOf)).size).toBe(64);
    expect(() =>
      plan({
        ...spec,
        layers: [layer('A', [3, 1, 1, 1]), layer('B', [1, 1, 1, 1]), layer('C', [1, 1, 1, 1])],
      }),
    ).toThrow('Exact rarity wants 32 tokens with A/A0, but only 16 valid combinations contain it');
  });

  it('plans 10,000 exact-count tokens from a large space quickly enough for a job', () => {
    const result = plan({
      name: 'T',
      size: 10_000,
      width: 8,
      height: 8,
      rarity: 'exact',
      layers: Array.from({ length: 6 }, (_, index) => layer(`L${index}`, [30, 20, 15, 10, 10, 8, 5, 2])),
      rules: ['L0/L00 excludes L1/L17'],
    });
    const keys = new Set(shown(result).map(keyOf));
    expect(keys.size).toBe(10_000);
    const l0 = new Array(8).fill(0);
    for (const token of result.tokens) if (token.kind === 'generated') l0[token.traits[0]!]++;
    expect(l0).toEqual([3000, 2000, 1500, 1000, 1000, 800, 500, 200]);
  });
});
