import { ExactCountUnreachableError, ExactSearchTooLargeError } from '../errors/sample-errors.ts';
import { describeTrait, type ResolvedLayer } from '../spec/resolve-collection.ts';
import { allocateLargestRemainder } from './allocate-largest-remainder.ts';
import { type CombinationTable, countOptionOccurrences } from './combination-table.ts';
import { isValidAssignment } from './configuration-model.ts';
import { drawUnusedCombination } from './draw-combination.ts';
import { type Random, shuffleInPlace } from './random.ts';
import { assertScoreFits, productRankTotals, rankOptions } from './rank-sum-bound.ts';
import { MAX_SEARCH_CELLS, solveExactCounts } from './solve-exact-counts.ts';
import type { TakenCombinations } from './taken-combinations.ts';
import { UsedCombinations } from './used-combinations.ts';

/** Repair steps (each tries many swaps) before exact mode hands over to the exhaustive search. */
const BASE_STEPS = 3_000;
const STEPS_PER_TOKEN = 5;
/**
 * Up to this many valid combinations, when the size takes at least a quarter of them, the
 * exhaustive search runs first (repair only if it stops undecided). Steered by the linear
 * relaxation it settles such spaces in a few seconds (7 layers × 5 traits, 30,000 of 78,125
 * tight counts: 2 s), where repair used to spend 30–80 s before handing over.
 */
const SEARCH_FIRST_TOTAL = 100_000;
/** Decisions of that first search before it hands over to repair. */
const FIRST_SEARCH_DECISIONS = 2_000_000;
/** Tries per token to draw a combination that needs no repair. */
const CONSTRUCT_ATTEMPTS = 30;
/** Random (partner, layers) swaps compared at each repair step of a large collection. */
const CANDIDATES = 6;
/** Up to this many tokens every partner is tried at each repair step. */
const EXHAUSTIVE_SIZE = 200;
/** Up to this many layers, swaps of two layers at once are tried too. */
const MAX_PAIR_LAYERS = 8;

/** Options of `sampleExact`. */
export interface SampleExactOptions {
  /** Per position and option, how many tokens show it (default: `exactOptionCounts` of the size). */
  counts?: number[][];
  /**
   * For a caller with another way out: a space small enough to search is searched at once within this many
   * steps (no repair), and an undecided search throws `ExactSearchTooLargeError`.
   */
  maxDecisions?: number;
}

/**
 * Per position, how many of `size` tokens show each option in exact mode: the layer's
 * presence splits `size` into present/absent, then the trait weights (read as counts) split
 * the present tokens, both by largest remainder.
 */
export function exactOptionCounts(
  table: CombinationTable,
  layers: readonly ResolvedLayer[],
  size: number,
): number[][] {
  return table.model.positions.map((position) => {
    const layer = layers[position.layer]!;
    const counts = new Array<number>(position.optionCount).fill(0);
    const [present, absent] =
      position.noneOption >= 0
        ? allocateLargestRemainder([layer.presence, 1 - layer.presence], size)
        : [size, 0];
    const weights = layer.traits.map((trait, index) => (position.enabled[index] ? trait.weight : 0));
    allocateLargestRemainder(weights, present!).forEach((count, index) => {
      counts[index] = count;
    });
    if (position.noneOption >= 0) counts[position.noneOption] = absent!;
    return counts;
  });
}

/**
 * Draws `size` distinct valid combinations whose per-layer trait counts are exactly
 * `options.counts` (by default `exactOptionCounts`; a reroll or a growth passes the counts it frees or adds). Each layer's column of options is a shuffled multiset with those counts;
 * tokens that break a rule or repeat a combination are repaired by swapping one layer's values
 * between two tokens, which never changes any count. Small spaces (where repair has few
 * free swaps) go to `solveExactCounts` first, and so does any repair that runs out of steps:
 * that search finds an arrangement whenever one exists, or proves that none does. Impossible
 * counts (a trait wanted more often than valid combinations contain it) are reported before any work.
 */
export function sampleExact(
  table: CombinationTable,
  layers: readonly ResolvedLayer[],
  size: number,
  taken: TakenCombinations,
  random: Random,
  options: SampleExactOptions = {},
): Int32Array[] {
  const { model } = table;
  const k = model.positions.length;
  const { counts = exactOptionCounts(table, layers, size), maxDecisions } = options;
  const occurrences = countOptionOccurrences(table);
  for (let p = 0; p < k; p++) {
    const position = model.positions[p]!;
    for (let option = 0; option < position.optionCount; option++) {
      const wanted = counts[p]![option]!;
      if (wanted > 0 && BigInt(wanted) > occurrences[p]![option]!) {
        const name =
          option === position.noneOption
            ? `no ${layers[position.layer]!.name}`
            : describeTrait(layers as ResolvedLayer[], position.layer, option);
        throw new ExactCountUnreachableError(
          `Exact rarity wants ${wanted} tokens with ${name}, but only ${occurrences[p]![option]} valid combinations contain it`,
          { trait: name, wanted, available: occurrences[p]![option]!.toString() },
        );
      }
    }
  }
  // Counts that crowd every layer's common (or rare) traits together are refuted here, at once, not after a long search.
  const ranks = rankOptions(counts);
  assertScoreFits(productRankTotals(table, counts, ranks, size), size, k, { kind: 'ranks' }, 'combinations');
  if (size === 0) return [];
  if (BigInt(size) === table.total) return everyCombination(table, layers, counts, taken, random);
  const keep = (found: Int32Array[]): Int32Array[] => {
    for (const options of found) taken.add(model, options);
    // The search finds combinations in candidate order; shuffling spreads them over token numbers.
    return shuffleInPlace(found, random);
  };
  if (maxDecisions !== undefined && table.total * BigInt(Math.max(k, 1)) <= BigInt(MAX_SEARCH_CELLS)) {
    // A caller with another way out: a bounded search, which settles a small space either way or gives up.
    return keep(solveExactCounts({ table, layers, counts, size, taken, random, maxDecisions }));
  }
  if (table.total <= BigInt(SEARCH_FIRST_TOTAL) && BigInt(size) * 4n >= table.total) {
    // Small, tight spaces are where repair struggles (few free swaps) and where the exhaustive search is cheap.
    try {
      return keep(
        solveExactCounts({
          table,
          layers,
          counts,
          size,
          taken,
          random,
          maxDecisions: FIRST_SEARCH_DECISIONS,
        }),
      );
    } catch (error) {
      if (!(error instanceof ExactSearchTooLargeError)) throw error;
    }
  }

  const columns = construct(table, counts, size, taken, random);
  const tokenOptions = (token: number): Int32Array => Int32Array.from(columns, (column) => column[token]!);

  const keyHolders = new Map<string, Set<number>>();
  const keys: string[] = new Array(size);
  const bad = new IndexedSet(size);
  const isBad = (token: number): boolean => {
    const options = tokenOptions(token);
    return (
      !isValidAssignment(model, options) ||
      keyHolders.get(keys[token]!)!.size > 1 ||
      taken.has(model, options)
    );
  };
  const refresh = (token: number): void => {
    if (isBad(token)) bad.add(token);
    else bad.delete(token);
  };
  const attach = (token: number): void => {
    const key = columnsKey(columns, token);
    keys[token] = key;
    let holders = keyHolders.get(key);
    if (!holders) {
      holders = new Set();
      keyHolders.set(key, holders);
    }
    holders.add(token);
    for (const holder of holders) refresh(holder);
  };
  const detach = (token: number): void => {
    const holders = keyHolders.get(keys[token]!)!;
    holders.delete(token);
    if (holders.size === 0) keyHolders.delete(keys[token]!);
    else for (const holder of holders) refresh(holder);
  };
  for (let token = 0; token < size; token++) attach(token);

  /** Swaps the values of the layers in `move` between tokens a and b (an involution: doing it twice undoes it). */
  const swap = (move: readonly number[], a: number, b: number): void => {
    detach(a);
    detach(b);
    for (const p of move) {
      const column = columns[p]!;
      const value = column[a]!;
      column[a] = column[b]!;
      column[b] = value;
    }
    attach(a);
    attach(b);
  };
  // Moves: one layer, or two layers at once (reaches arrangements where each single swap breaks a rule).
  const moves: number[][] = [];
  for (let p = 0; p < k; p++) moves.push([p]);
  if (k <= MAX_PAIR_LAYERS) for (let p = 0; p < k; p++) for (let q = p + 1; q < k; q++) moves.push([p, q]);

  const budget = BASE_STEPS + STEPS_PER_TOKEN * size;
  const exhaustive = size <= EXHAUSTIVE_SIZE;
  for (let step = 0; step < budget && bad.size > 0; step++) {
    const a = bad.at(random.int(bad.size));
    // Min-conflicts: of the partners tried (all tokens when few), make the swap that leaves the fewest tokens in conflict.
    const current = bad.size;
    let bestConflicts = Number.POSITIVE_INFINITY;
    let bestMove: number[] | undefined;
    let best = -1;
    let ties = 0;
    const consider = (b: number, move: number[]): void => {
      if (b === a || move.every((p) => columns[p]![a] === columns[p]![b])) return;
      swap(move, a, b);
      const conflicts = bad.size;
      swap(move, a, b);
      if (conflicts < bestConflicts) {
        bestConflicts = conflicts;
        bestMove = move;
        best = b;
        ties = 1;
      } else if (conflicts === bestConflicts && random.int(++ties) === 0) {
        bestMove = move;
        best = b;
      }
    };
    if (exhaustive) {
      for (let b = 0; b < size; b++) for (const move of moves) consider(b, move);
    } else {
      for (let c = 0; c < CANDIDATES; c++) consider(random.int(size), moves[random.int(moves.length)]!);
    }
    // Equal moves drift across plateaus; a rare worse one escapes local minima.
    if (bestMove && (bestConflicts <= current || random.next() < 0.01)) swap(bestMove, a, best);
  }
  if (bad.size > 0) {
    // Repair is fast but incomplete; the exhaustive search finds an arrangement whenever one exists, or proves none does.
    return keep(solveExactCounts({ table, layers, counts, size, taken, random }));
  }
  const result: Int32Array[] = [];
  for (let token = 0; token < size; token++) {
    const options = tokenOptions(token);
    taken.add(model, options);
    result.push(options);
  }
  // Tokens built last had the fewest choices; shuffling keeps token numbers free of that trend.
  return shuffleInPlace(result, random);
}

/** When every valid combination is needed, the counts are forced: take them all and check they are the exact counts asked for. */
function everyCombination(
  table: CombinationTable,
  layers: readonly ResolvedLayer[],
  counts: number[][],
  taken: TakenCombinations,
  random: Random,
): Int32Array[] {
  const { model } = table;
  const used = new UsedCombinations(model);
  const all: Int32Array[] = [];
  while (BigInt(all.length) < table.total) {
    const options = drawUnusedCombination(table, used, random);
    used.add(options);
    all.push(options);
  }
  model.positions.forEach((position, p) => {
    const actual = new Array<number>(position.optionCount).fill(0);
    for (const options of all) actual[options[p]!]!++;
    actual.forEach((count, option) => {
      if (count === counts[p]![option]) return;
      const name =
        option === position.noneOption
          ? `no ${layers[position.layer]!.name}`
          : describeTrait(layers as ResolvedLayer[], position.layer, option);
      throw new ExactCountUnreachableError(
        `Exact rarity wants ${counts[p]![option]} tokens with ${name}, but using all ${table.total} valid combinations gives exactly ${count}`,
        { trait: name, wanted: counts[p]![option], available: count },
      );
    });
  });
  for (const options of all) taken.add(model, options);
  return all;
}

/** Draws per token and layer from the remaining exact counts, retrying a few times to avoid rule breaks and repeats; what is left in conflict is repaired afterwards. */
function construct(
  table: CombinationTable,
  counts: number[][],
  size: number,
  taken: TakenCombinations,
  random: Random,
): Int32Array[] {
  const { model } = table;
  const k = model.positions.length;
  const remaining = counts.map((perOption) => [...perOption]);
  const left = remaining.map(() => size);
  const columns = counts.map(() => new Int32Array(size));
  const seen = new Set<string>();
  const options = new Int32Array(k);
  for (let token = 0; token < size; token++) {
    for (let attempt = 0; attempt < CONSTRUCT_ATTEMPTS; attempt++) {
      for (let p = 0; p < k; p++) {
        let threshold = random.int(left[p]!);
        const perOption = remaining[p]!;
        let option = 0;
        while (threshold >= perOption[option]!) threshold -= perOption[option++]!;
        options[p] = option;
      }
      if (isValidAssignment(model, options) && !seen.has(options.join(',')) && !taken.has(model, options))
        break;
    }
    seen.add(options.join(','));
    for (let p = 0; p < k; p++) {
      columns[p]![token] = options[p]!;
      remaining[p]![options[p]!]!--;
      left[p]!--;
    }
  }
  return columns;
}

function columnsKey(columns: Int32Array[], token: number): string {
  let key = '';
  for (const column of columns) key += `${column[token]},`;
  return key;
}

/** A set of small integers with O(1) add, delete and access by position (for uniform random picks). */
class IndexedSet {
  private readonly items: number[] = [];
  private readonly where: Int32Array;

  constructor(capacity: number) {
    this.where = new Int32Array(capacity).fill(-1);
  }

  get size(): number {
    return this.items.length;
  }

  at(index: number): number {
    return this.items[index]!;
  }

  add(value: number): void {
    if (this.where[value]! >= 0) return;
    this.where[value] = this.items.length;
    this.items.push(value);
  }

  delete(value: number): void {
    const index = this.where[value]!;
    if (index < 0) return;
    const last = this.items.pop()!;
    if (last !== value) {
      this.items[index] = last;
      this.where[last] = index;
    }
    this.where[value] = -1;
  }
}
