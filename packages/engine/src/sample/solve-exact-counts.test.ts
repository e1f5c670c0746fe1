import { describe, expect, it } from 'vitest';
import { ExactCountUnreachableError, ExactSearchTooLargeError } from '../errors/sample-errors.ts';
import { parseCollectionSpec } from '../spec/parse-collection-spec.ts';
import { resolveCollection } from '../spec/resolve-collection.ts';
import { isValidAssignment } from './configuration-model.ts';
import { buildConfigurationTables } from './plan-collection.ts';
import { createRandom } from './random.ts';
import { productRankTotals, rankOptions } from './rank-sum-bound.ts';
import { exactOptionCounts } from './sample-exact.ts';
import { solveExactCounts } from './solve-exact-counts.ts';
import { TakenCombinations } from './taken-combinations.ts';

/** A small random collection (3 layers of 2–3 traits, up to 3 excludes rules) with random exact counts. */
function randomCase(seed: number) {
  const random = createRandom('solver-cases', String(seed));
  const size = 2 + random.int(5);
  const layers = ['A', 'B', 'C'].map((name) => {
    const weights = new Array<number>(2 + random.int(2)).fill(0);
    for (let token = 0; token < size; token++) weights[random.int(weights.length)]!++;
    return {
      name,
      traits: weights.map((weight, index) => ({ name: `${name}${index}`, weight, asset: 'x.png' })),
    };
  });
  const rules: string[] = [];
  for (let rule = random.int(4); rule > 0; rule--) {
    const a = random.int(3);
    const b = (a + 1 + random.int(2)) % 3;
    const traitOf = (l: number) => layers[l]!.traits[random.int(layers[l]!.traits.length)]!.name;
    rules.push(`${traitOf(a)} excludes ${traitOf(b)}`);
  }
  return { size, layers, rules };
}

/** Whether some set of `size` distinct valid combinations has exactly these counts, by trying every subset. */
function bruteForceExists(combinations: Int32Array[], counts: number[][], size: number): boolean {
  for (let mask = 0; mask < 1 << combinations.length; mask++) {
    const chosen = combinations.filter((_, index) => mask & (1 << index));
    if (chosen.length !== size) continue;
    const fits = counts.every((perOption, p) =>
      perOption.every((count, option) => chosen.filter((options) => options[p] === option).length === count),
    );
    if (fits) return true;
  }
  return false;
}

describe('solveExactCounts', () => {
  it('finds an arrangement exactly when one exists (checked against every subset on 300 small cases)', () => {
    let found = 0;
    let refuted = 0;
    for (let seed = 0; found + refuted < 300; seed++) {
      const { size, layers, rules } = randomCase(seed);
      let table: ReturnType<typeof buildConfigurationTables>[number];
      let collection: ReturnType<typeof resolveCollection>;
      try {
        collection = resolveCollection(
          parseCollectionSpec({ name: 'T', size, width: 8, height: 8, rarity: 'exact', layers, rules }),
        );
        table = buildConfigurationTables(collection)[0]!;
      } catch {
        continue;
      }
      const counts = exactOptionCounts(table, collection.layers, size);
      const valid: Int32Array[] = [];
      const sizes = table.model.positions.map((position) => position.optionCount);
      for (let a = 0; a < sizes[0]!; a++)
        for (let b = 0; b < sizes[1]!; b++)
          for (let c = 0; c < sizes[2]!; c++) {
            const options = Int32Array.of(a, b, c);
            if (isValidAssignment(table.model, options)) valid.push(options);
          }
      if (valid.length > 12) continue;
      const exists = bruteForceExists(valid, counts, size);
      const solve = () =>
        solveExactCounts({
          table,
          layers: collection.layers,
          counts,
          size,
          taken: new TakenCombinations(3),
          random: createRandom(String(seed)),
        });
      if (exists) {
        // The rank bound over every combination of the layers' traits is a proof: it never refuses a case that has an arrangement.
        const totals = productRankTotals(table, counts, rankOptions(counts), size);
        expect(totals.wanted).toBeGreaterThanOrEqual(totals.least);
        expect(totals.wanted).toBeLessThanOrEqual(totals.greatest);
        const result = solve();
        expect(result).toHaveLength(size);
        expect(new Set(result.map((options) => options.join())).size).toBe(size);
        for (const options of result) expect(isValidAssignment(table.model, options)).toBe(true);
        counts.forEach((perOption, p) => {
          perOption.forEach((count, option) => {
            expect(result.filter((options) => options[p] === option)).toHaveLength(count);
          });
        });
        found++;
      } else {
        expect(solve).toThrow(ExactCountUnreachableError);
        refuted++;
      }
    }
    // Both outcomes are well represented, so the check covers proofs as well as finds.
    expect(found).toBeGreaterThan(30);
    expect(refuted).toBeGreaterThan(30);
  }, 60_000);

  it('never chooses a combination an earlier configuration took', () => {
    const collection = resolveCollection(
      parseCollectionSpec({
        name: 'T',
        size: 3,
        width: 8,
        height: 8,
        rarity: 'exact',
        layers: ['A', 'B'].map((name) => ({
          name,
          traits: [0, 1].map((index) => ({ name: `${name}${index}`, weight: 1, asset: 'x.png' })),
        })),
      }),
    );
    const table = buildConfigurationTables(collection)[0]!;
    const taken = new TakenCombinations(2);
    taken.add(table.model, [0, 0]);
    const parameters = {
      table,
      layers: collection.layers,
      size: 2,
      taken,
      random: createRandom('x'),
    };
    // A0 twice needs A0B0 and A0B1, and A0B0 is taken: a proof, not a budget.
    expect(() =>
      solveExactCounts({
        ...parameters,
        counts: [
          [2, 0],
          [1, 1],
        ],
      }),
    ).toThrow('only 1 valid combinations not used elsewhere contain it');
    const result = solveExactCounts({
      ...parameters,
      counts: [
        [1, 1],
        [1, 1],
      ],
    });
    expect(result.map((options) => options.join()).sort()).toEqual(['0,1', '1,0']);
  });

  it('says it stopped undecided, not that the counts are impossible, when the search runs past its limit', () => {
    const layers = ['A', 'B', 'C', 'D'].map((name) => ({
      name,
      traits: [8, 6, 5, 3, 2].map((weight, index) => ({ name: `${name}${index}`, weight, asset: 'x.png' })),
    }));
    const collection = resolveCollection(
      parseCollectionSpec({ name: 'T', size: 24, width: 8, height: 8, rarity: 'exact', layers }),
    );
    const table = buildConfigurationTables(collection)[0]!;
    const search = () =>
      solveExactCounts({
        table,
        layers: collection.layers,
        counts: exactOptionCounts(table, collection.layers, 24),
        size: 24,
        taken: new TakenCombinations(4),
        random: createRandom('limit'),
        maxDecisions: 5,
      });
    expect(search).toThrow(ExactSearchTooLargeError);
    // It names the counts to loosen first: those using the largest share of the combinations holding them.
    expect(search).toThrow(/the tightest counts are [A-D]\/[A-D]\d \(\d+ of \d+ combinations\)/);
  });
});
