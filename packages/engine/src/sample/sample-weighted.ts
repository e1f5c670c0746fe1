import type { CombinationTable } from './combination-table.ts';
import { drawUnusedCombination, drawValidCombination } from './draw-combination.ts';
import { type Random, shuffleInPlace } from './random.ts';
import type { TakenCombinations } from './taken-combinations.ts';
import type { UsedCombinations } from './used-combinations.ts';

/** Cheap draws tried before switching to the exact draw for one token. */
const REJECTION_ATTEMPTS = 8;

/**
 * Draws `size` distinct valid combinations of one configuration in weighted mode: each token
 * follows the weights, conditioned on being valid and not taken yet (sampling without
 * replacement). Cheap draws with duplicate rejection are tried first; after a few misses,
 * or once half the space is used, the exact draw over remaining completions takes over, so it
 * finishes for any `size` up to the number of untaken valid combinations. `used` holds the
 * combinations of this configuration that are already taken (by earlier configurations).
 */
export function sampleWeighted(
  table: CombinationTable,
  size: number,
  used: UsedCombinations,
  taken: TakenCombinations,
  random: Random,
): Int32Array[] {
  const total = Number(table.total);
  const result: Int32Array[] = [];
  while (result.length < size) {
    let options: Int32Array | undefined;
    if (used.size * 2 < total) {
      for (let attempt = 0; attempt < REJECTION_ATTEMPTS && options === undefined; attempt++) {
        const candidate = drawValidCombination(table, random);
        if (!taken.has(table.model, candidate)) options = candidate;
      }
    }
    options ??= drawUnusedCombination(table, used, random);
    used.add(options);
    taken.add(table.model, options);
    result.push(options);
  }
  // Later draws lean to rarer combinations once common ones are taken; shuffling keeps token numbers free of that trend.
  return shuffleInPlace(result, random);
}
