import { describe, expect, it } from 'vitest';
import { specLayer } from '../../test/support/spec-layer.ts';
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
      layers: [specLayer('A', skewed), specLayer('B', skewed)],
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
      layers: [specLayer('A', skewed), specLayer('B', skewed)],
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
        specLayer('Bg', [1, 1, 1]),
        specLayer('Body', [3, 2, 1, 1]),
        specLayer('Hat', [5, 1, 1, 1], { presence: 0.6 }),
        specLayer('Eyes', [1, 2, 3]),
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
        layers: [specLayer('A', [1, 1]), specLayer('B', [1, 1])],
        rules: ['A1 requires B0', 'A1 excludes B0'],
      }),
    ).toThrow(UnreachableTraitError);
    expect(() =>
      plan({
        name: 'T',
        size: 2,
        width: 8,
        height: 8,
        layers: [specLayer('A', [1, 1]), specLayer('B', [1, 1])],
        rules: ['A1 requires B0', 'A1 excludes B0'],
      }),
    ).toThrow('"A/A1"');
  });

  it('counts huge spaces exactly as a bigint', () => {
    const layers = Array.from({ length: 20 }, (_, index) => specLayer(`L${index}`, new Array(20).fill(1)));
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
      layers: [specLayer('A', skewed), specLayer('B', skewed), specLayer('C', skewed)],
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
      layers: [
        ...weights.map((w, index) => specLayer(`L${index}`, w)),
        specLayer('Pad', new Array(100).fill(1)),
      ],
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
        specLayer('Bg', new Array(50).fill(1)),
        specLayer('Hat', [3, 1], { presence: 0.3 }),
        specLayer('Eyes', new Array(40).fill(1)),
        specLayer('Pad', new Array(100).fill(1)),
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
        specLayer('A', [5, 3, 2]),
        specLayer('B', [1, 1, 1]),
        specLayer('C', [70, 20, 10], { presence: 0.5 }),
        specLayer('D', new Array(10).fill(1)),
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
        layers: [specLayer('A', [9, 1]), specLayer('B', [1, 1, 1, 1, 1, 1, 1, 1, 1, 1])],
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
      layers: [
        specLayer('A', [1, 1, 1]),
        specLayer('B', [1, 1, 1]),
        specLayer('C', [1, 1], { presence: 0.5 }),
      ],
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
        layers: [
          specLayer('A', [1, 1, 1]),
          specLayer('B', [1, 1, 1]),
          specLayer('C', [1, 1], { presence: 0.5 }),
        ],
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
      layers: [specLayer('A', [1, 1, 1, 1]), specLayer('B', [1, 1, 1, 1]), specLayer('C', [1, 1, 1, 1])],
    };
    expect(new Set(shown(plan(spec)).map(keyOf)).size).toBe(64);
    expect(() =>
      plan({
        ...spec,
        layers: [specLayer('A', [3, 1, 1, 1]), specLayer('B', [1, 1, 1, 1]), specLayer('C', [1, 1, 1, 1])],
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
      layers: Array.from({ length: 6 }, (_, index) => specLayer(`L${index}`, [30, 20, 15, 10, 10, 8, 5, 2])),
      rules: ['L0/L00 excludes L1/L17'],
    });
    const keys = new Set(shown(result).map(keyOf));
    expect(keys.size).toBe(10_000);
    const l0 = new Array(8).fill(0);
    for (const token of result.tokens) if (token.kind === 'generated') l0[token.traits[0]!]++;
    expect(l0).toEqual([3000, 2000, 1500, 1000, 1000, 800, 500, 200]);
  });

  describe('exact mode in tight spaces', () => {
    /** Trait names are unique across layers here (A0, B1…), so a trait names its layer. */
    function breaksRule(map: Map<string, string>, rule: string): boolean {
      const shows = (trait: string): boolean => map.get(trait.replace(/\d+$/, '')) === trait;
      const oneOf = /^(\w+) requires one of (\w+) \{(.+)\}$/.exec(rule);
      if (oneOf) {
        const allowed = oneOf[3]!.split(',').map((name) => name.trim());
        return shows(oneOf[1]!) && !allowed.includes(map.get(oneOf[2]!) ?? '');
      }
      const [trait, , other] = rule.split(' ');
      return shows(trait!) && shows(other!);
    }

    function tally(result: CollectionPlan): Record<string, number> {
      const counts: Record<string, number> = {};
      for (const map of shown(result))
        for (const trait of map.values()) counts[trait] = (counts[trait] ?? 0) + 1;
      return counts;
    }

    function tightSpec(size: number, weights: Record<string, number[]>, rules: string[], seed = 'tight') {
      return {
        name: 'T',
        size,
        width: 8,
        height: 8,
        seed,
        rarity: 'exact' as const,
        layers: Object.entries(weights).map(([name, w]) => specLayer(name, w)),
        rules,
      };
    }

    // Each of these has an arrangement (the weights are the trait counts of a subset of valid combinations);
    // the earlier repair-only planner gave up on all three ("found no arrangement") after 0.7 to 13 s.
    const tight = [
      tightSpec(53, { A: [22, 16, 15], B: [14, 14, 16, 9], C: [11, 10, 11, 8, 7, 6] }, [
        'B3 excludes A1',
        'B0 excludes C5',
        'B1 excludes C3',
      ]),
      tightSpec(83, { A: [19, 18, 7, 22, 17], B: [15, 11, 15, 18, 14, 10], C: [24, 24, 24, 11] }, [
        'A4 excludes B5',
        'C3 excludes A1',
        'A0 excludes B1',
        'A2 requires one of B {B2, B3}',
        'B2 excludes C3',
      ]),
      tightSpec(
        245,
        { A: [46, 42, 53, 30, 25, 49], B: [62, 48, 74, 61], C: [38, 38, 42, 55, 37, 35], D: [118, 97, 30] },
        [
          'D2 excludes A0',
          'D2 requires one of C {C2, C3}',
          'A4 requires one of B {B1, B2}',
          'B1 excludes A1',
          'D1 excludes A3',
          'C2 excludes B1',
        ],
      ),
    ];

    it.each(tight.map((spec) => [spec.size, countValidCombinations(spec).total, spec] as const))(
      'makes %i unique tokens out of %i valid combinations with the exact counts and every rule',
      (size, _total, spec) => {
        const result = plan(spec);
        const maps = shown(result);
        expect(new Set(maps.map(keyOf)).size).toBe(size);
        for (const map of maps)
          for (const rule of spec.rules) expect(breaksRule(map, rule), rule).toBe(false);
        const wanted: Record<string, number> = {};
        for (const entry of spec.layers) for (const trait of entry.traits) wanted[trait.name] = trait.weight;
        expect(tally(result)).toEqual(wanted);
      },
    );

    it('finds the same arrangement for the same seed and another one for another seed', () => {
      const spec = tight[0]!;
      expect(shown(plan(spec)).map(keyOf)).toEqual(shown(plan(spec)).map(keyOf));
      expect(shown(plan({ ...spec, seed: 'other' })).map(keyOf)).not.toEqual(shown(plan(spec)).map(keyOf));
    });

    it('names the two layers and the traits when their exact counts cannot be paired under the rules', () => {
      // A0 must go with B0, but 3 tokens want A0 and only 1 wants B0; each trait alone fits (3 combinations hold A0).
      const spec = tightSpec(4, { A: [3, 1], B: [1, 3], C: [1, 1, 1] }, ['A0 excludes B1']);
      expect(() => plan(spec)).toThrow(ExactCountUnreachableError);
      expect(() => plan(spec)).toThrow(
        'Exact rarity cannot give A and B their exact counts together: the 3 tokens with A/A0 can only pair with B/B0 (1 token in all) or in 0 other distinct valid combinations, so at most 2 of 4 tokens can be made; lower those counts, loosen the rules between A and B, or use weighted rarity',
      );
    });

    it('proves by weighing the traits that no arrangement exists when only all three layers together rule it out', () => {
      // A ∈ {A0, A2}, B ∈ {B1, B2}, C ∈ {C0, C2}, not A2 with C2: 6 valid combinations. Both A2 tokens need C0,
      // so both C2 tokens need A0; each pair then takes B1 and B2 once, giving B1 twice where 1 is wanted.
      const spec = tightSpec(4, { A: [2, 0, 2], B: [0, 1, 3], C: [2, 0, 2] }, ['C2 excludes A2']);
      expect(countValidCombinations(spec).total).toBe(6n);
      // Independent check: no 4 of the 6 combinations have these counts.
      const valid: string[][] = [];
      for (const a of ['A0', 'A2'])
        for (const b of ['B1', 'B2'])
          for (const c of ['C0', 'C2']) if (!(a === 'A2' && c === 'C2')) valid.push([a, b, c]);
      let arrangements = 0;
      for (let mask = 0; mask < 1 << valid.length; mask++) {
        const chosen = valid.filter((_, index) => mask & (1 << index)).flat();
        const count = (trait: string) => chosen.filter((name) => name === trait).length;
        const wanted = { A0: 2, A2: 2, B1: 1, B2: 3, C0: 2, C2: 2 };
        if (Object.entries(wanted).every(([trait, n]) => count(trait) === n)) arrangements++;
      }
      expect(arrangements).toBe(0);
      const error = (() => {
        try {
          plan(spec);
        } catch (caught) {
          return caught as ExactCountUnreachableError;
        }
      })();
      expect(error).toBeInstanceOf(ExactCountUnreachableError);
      // No pair of layers shows it, nor ranks; weights that make the wanted total lighter than any 4 combinations do.
      expect(error!.details.reason).toBe('weights');
      expect(error!.message).toMatch(
        /^Exact rarity cannot give every layer its exact counts at once: they crowd traits of different layers together on more tokens than there are distinct valid combinations of them\. Weighing each trait \(the weights are in this error's details\), the counts need a total weight of (\d+), and 4 unique tokens cannot weigh (less|more) than (\d+); spread the counts more evenly, lower the size, or use weighted rarity$/,
      );
      // The weights in the details are the proof: recomputed here, the wanted total is out of reach of every 4 combinations.
      const weights = error!.details.weights as number[][];
      const weightOf = (trait: string): number => weights['ABC'.indexOf(trait[0]!)]![Number(trait[1])]!;
      const wantedTotal = Object.entries({ A0: 2, A2: 2, B1: 1, B2: 3, C0: 2, C2: 2 }).reduce(
        (sum, [trait, n]) => sum + n * weightOf(trait),
        0,
      );
      expect(error!.details.wantedTotal).toBe(wantedTotal);
      const tokenWeights = valid.map((combination) =>
        combination.reduce((sum, trait) => sum + weightOf(trait), 0),
      );
      tokenWeights.sort((a, b) => a - b);
      const least = tokenWeights.slice(0, 4).reduce((sum, weight) => sum + weight, 0);
      const greatest = tokenWeights.slice(-4).reduce((sum, weight) => sum + weight, 0);
      expect(wantedTotal < least || wantedTotal > greatest).toBe(true);
    });
  });
});
