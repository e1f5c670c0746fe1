import { describe, expect, it } from 'vitest';
import { ExactCountUnreachableError } from '../errors/sample-errors.ts';
import { parseCollectionSpec } from '../spec/parse-collection-spec.ts';
import { resolveCollection } from '../spec/resolve-collection.ts';
import { buildConfigurationTables } from './plan-collection.ts';
import { relaxExactCounts } from './relax-exact-counts.ts';
import { exactOptionCounts } from './sample-exact.ts';
import { assertWeightsProve } from './weigh-candidates.ts';

/** Every combination of `layers` layers of 5 traits, with exact counts 30/25/20/15/10 % of `size`, as the solver sees them. */
function skewedCase(layers: number, size: number) {
  const collection = resolveCollection(
    parseCollectionSpec({
      name: 'S',
      size,
      width: 8,
      height: 8,
      rarity: 'exact',
      layers: Array.from({ length: layers }, (_, l) => ({
        name: `L${l}`,
        traits: [30, 25, 20, 15, 10].map((weight, t) => ({ name: `T${t}`, weight, asset: 'x.png' })),
      })),
    }),
  );
  const table = buildConfigurationTables(collection)[0]!;
  const counts = exactOptionCounts(table, collection.layers, size);
  const optionCounts = table.model.positions.map((position) => position.optionCount);
  const k = optionCounts.length;
  const offset = optionCounts.map((_, p) => optionCounts.slice(0, p).reduce((sum, count) => sum + count, 0));
  const n = optionCounts.reduce((product, count) => product * count, 1);
  const cells = new Int32Array(n * k);
  for (let c = 0; c < n; c++) {
    let rest = c;
    for (let p = k - 1; p >= 0; p--) {
      cells[c * k + p] = rest % optionCounts[p]!;
      rest = Math.floor(rest / optionCounts[p]!);
    }
  }
  const need = Int32Array.from(counts.flat());
  // Start from the first `size` combinations, far from any arrangement (all most-common traits first).
  const start = new Uint8Array(n);
  start.fill(1, 0, size);
  return { cells, k, offset, need, start, counts, size, n };
}

describe('relaxExactCounts', () => {
  it('finds a fractional arrangement with exactly the counts, whole but for at most one candidate per count', () => {
    const { cells, k, offset, need, start, n } = skewedCase(5, 1_580);
    const relaxed = relaxExactCounts({ cells, k, offset, need, start });
    expect(relaxed.kind).toBe('feasible');
    if (relaxed.kind !== 'feasible') return;
    const sums = new Float64Array(need.length);
    for (let c = 0; c < n; c++)
      for (let p = 0; p < k; p++) sums[offset[p]! + cells[c * k + p]!]! += relaxed.x[c]!;
    for (const [id, sum] of sums.entries()) expect(sum).toBeCloseTo(need[id]!, 6);
    expect(relaxed.x.every((value) => value >= 0 && value <= 1)).toBe(true);
    const fractional = relaxed.x.filter((value) => value > 1e-9 && value < 1 - 1e-9).length;
    expect(fractional).toBeLessThanOrEqual(need.length);
  });

  it('refutes counts that no fractional arrangement meets, with weights that prove it once rounded to integers', () => {
    // 352 of 625 combinations of 4 layers: the ranks prove nothing here, the relaxation has no solution.
    const { cells, k, offset, need, start, counts, size } = skewedCase(4, 352);
    const relaxed = relaxExactCounts({ cells, k, offset, need, start });
    expect(relaxed.kind).toBe('infeasible');
    if (relaxed.kind !== 'infeasible') return;
    const weights = counts.map((perOption, p) =>
      relaxed.weights.subarray(offset[p]!, offset[p]! + perOption.length),
    );
    expect(() =>
      assertWeightsProve({ cells, k, counts, size, where: 'valid combinations' }, weights, [6, 12, 60, 420]),
    ).toThrow(ExactCountUnreachableError);
  });

  it('gives up undecided rather than answer wrongly when it runs out of iterations', () => {
    const { cells, k, offset, need, start } = skewedCase(4, 351);
    expect(relaxExactCounts({ cells, k, offset, need, start, maxIterations: 1 })).toEqual({
      kind: 'undecided',
    });
    expect(relaxExactCounts({ cells, k, offset, need, start }).kind).toBe('feasible');
  });
});
