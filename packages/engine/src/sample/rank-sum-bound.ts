import { ExactCountUnreachableError } from '../errors/sample-errors.ts';
import type { CombinationTable } from './combination-table.ts';

/**
 * A necessary condition on exact counts over every layer at once, which the per-trait and
 * per-pair checks cannot see. Give each option a score and score a combination by the sum of
 * its options' scores. The collection's total score is fixed by the counts alone, while `size`
 * distinct combinations score at least as much as the `size` lowest-scoring ones together and at
 * most as much as the `size` highest. With each option's rank among its position's counts as
 * its score (0 for the most wanted), counts that put every layer's common traits on nearly
 * every token fail the first test: there are not that many distinct combinations of common
 * traits. For example 10,000 tokens of 6 layers × 5 traits with counts 30/25/20/15/10 % need
 * an average rank of 1.50 per layer, and no 10,000 distinct combinations average below 1.66.
 * `weigh-candidates.ts` searches other scores when ranks prove nothing.
 */
export interface ScoreTotals {
  /** The total the counts require. */
  wanted: number;
  /** Least and greatest total of `size` distinct combinations of the space scored. */
  least: number;
  greatest: number;
}

/** Dense ranks of each position's options by count, most wanted first (rank 0). */
export function rankOptions(counts: readonly (readonly number[])[]): number[][] {
  return counts.map((perOption) => {
    const distinct = [...new Set(perOption)].sort((a, b) => b - a);
    return perOption.map((count) => distinct.indexOf(count));
  });
}

/** The total score the counts require. */
export function wantedScore(
  counts: readonly (readonly number[])[],
  scores: readonly ArrayLike<number>[],
): number {
  let wanted = 0;
  counts.forEach((perOption, p) => {
    perOption.forEach((count, option) => {
      wanted += count * scores[p]![option]!;
    });
  });
  return wanted;
}

/**
 * Totals of ranks over every combination of the configuration's enabled options (rules and
 * taken combinations ignored: a superset of the candidates, so the bound stays a proof). The
 * number of combinations per total comes from a convolution saturated at `size`, which keeps it
 * exact where it matters: only the first `size` combinations from either end count.
 */
export function productRankTotals(
  table: CombinationTable,
  counts: readonly (readonly number[])[],
  ranks: number[][],
  size: number,
): ScoreTotals {
  let histogram = Float64Array.of(1);
  table.model.positions.forEach((position, p) => {
    const perRank = new Float64Array(Math.max(...ranks[p]!, 0) + 1);
    for (let option = 0; option < position.optionCount; option++)
      if (position.enabled[option]) perRank[ranks[p]![option]!]!++;
    const next = new Float64Array(histogram.length + perRank.length - 1);
    histogram.forEach((count, sum) => {
      if (count === 0) return;
      perRank.forEach((options, rank) => {
        next[sum + rank] = Math.min(size, next[sum + rank]! + count * options);
      });
    });
    histogram = next;
  });
  const takeFrom = (sums: number[]): number => {
    let left = size;
    let total = 0;
    for (const sum of sums) {
      const taken = Math.min(left, histogram[sum]!);
      total += taken * sum;
      left -= taken;
      if (left === 0) break;
    }
    return total;
  };
  const ascending = Array.from(histogram.keys());
  return {
    wanted: wantedScore(counts, ranks),
    least: takeFrom(ascending),
    greatest: takeFrom(ascending.reverse()),
  };
}

/**
 * Throws when the counts' total score lies outside what `size` distinct combinations can reach.
 * `scoring` says whether the scores were the ranks (the message can then speak of average ranks)
 * or weights found by `weighCandidates`; `where` says which combinations were scored.
 */
export function assertScoreFits(
  totals: ScoreTotals,
  size: number,
  layerCount: number,
  scoring: { kind: 'ranks' } | { kind: 'weights'; weights: number[][] },
  where: string,
): void {
  const { wanted, least, greatest } = totals;
  if (wanted >= least && wanted <= greatest) return;
  const low = wanted < least;
  const limit = low ? least : greatest;
  const details = {
    reason: scoring.kind,
    size,
    wantedTotal: wanted,
    [low ? 'leastTotal' : 'greatestTotal']: limit,
    ...(scoring.kind === 'weights' ? { weights: scoring.weights } : {}),
  };
  const fix = 'spread the counts more evenly, lower the size, or use weighted rarity';
  if (scoring.kind === 'ranks') {
    const perLayer = (total: number): string => (total / size / Math.max(layerCount, 1)).toFixed(2);
    throw new ExactCountUnreachableError(
      `Exact rarity cannot give every layer its exact counts at once: they put each layer's ${low ? 'most common' : 'rarest'} traits together on more tokens than there are distinct ${where} of them. Ranking each layer's traits from most to least wanted (0, 1, 2, …), the counts need an average rank of ${perLayer(wanted)} per layer, and ${size} unique tokens cannot average ${low ? 'below' : 'above'} ${perLayer(limit)}; ${fix}`,
      details,
    );
  }
  throw new ExactCountUnreachableError(
    `Exact rarity cannot give every layer its exact counts at once: they crowd traits of different layers together on more tokens than there are distinct ${where} of them. Weighing each trait (the weights are in this error's details), the counts need a total weight of ${wanted}, and ${size} unique tokens cannot weigh ${low ? 'less' : 'more'} than ${limit}; ${fix}`,
    details,
  );
}
