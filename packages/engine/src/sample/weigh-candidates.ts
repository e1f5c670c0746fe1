import { assertScoreFits, type ScoreTotals, wantedScore } from './rank-sum-bound.ts';

/** Candidate-layer cells (candidates × positions) one weighing visits at most, in all its rounds. */
const WEIGHING_CELLS = 60_000_000;
/** Most rounds of weight adjustment. */
const MAX_ROUNDS = 400;
/** Scales tried when rounding weights to integers for a proof, smallest (most readable) first. */
const PROOF_SCALES = [6, 12, 40, 200, 1000];
/** Scale of the integer weights returned to order the search. */
const SEARCH_SCALE = 1000;

/** Parameters of `weighCandidates`. */
export interface WeighCandidatesParameters {
  /** Candidate combinations, options by position, flat. */
  cells: Int32Array;
  k: number;
  counts: readonly (readonly number[])[];
  size: number;
  /** Starting scores (the ranks). */
  start: number[][];
  /** Names the candidates in messages ("valid combinations"). */
  where: string;
}

/**
 * Looks for option weights that prove the exact counts impossible, where the ranks of
 * `rank-sum-bound.ts` proved nothing. For weights g, let least(g) be the smallest total weight of
 * `size` distinct candidates and wanted(g) the total the counts require; least(g) > wanted(g)
 * proves impossibility. least − wanted is concave in g, and the counts of the `size` lightest
 * candidates minus the wanted counts are a supergradient, so weights are moved along it from the
 * ranks. Any point where rounded integer weights give a positive margin is a proof (checked
 * exactly), and the error names it. Otherwise the weights that came closest to a proof are
 * returned: in a tight space every arrangement is close to "the `size` lightest candidates", so
 * the search does best taking the lightest first.
 */
export function weighCandidates(parameters: WeighCandidatesParameters): number[][] {
  const { cells, k, counts, size, start } = parameters;
  const n = cells.length / Math.max(k, 1);
  if (n === 0 || size === 0) return start;
  let weights = start.map(centred);
  const rounds = Math.min(MAX_ROUNDS, Math.floor(WEIGHING_CELLS / (n * Math.max(k, 1))));
  const totals = new Float64Array(n);
  const sorted = new Float64Array(n);
  const chosen = counts.map((perOption) => new Float64Array(perOption.length));

  const evaluate = (scores: ArrayLike<number>[]): ScoreTotals & { threshold: number } =>
    scoreCandidates(parameters, scores, totals, sorted);
  let best = roundWeights(weights, SEARCH_SCALE);
  let bestMargin = Number.NEGATIVE_INFINITY;
  for (let round = 1; round <= rounds; round++) {
    const { threshold, ...margin } = evaluate(weights);
    if (proves(margin)) {
      assertWeightsProve(parameters, weights, PROOF_SCALES, totals, sorted);
      evaluate(weights);
    }
    // The `size` lightest candidates (ties in candidate order) and their counts per option.
    for (const perOption of chosen) perOption.fill(0);
    let below = 0;
    for (let c = 0; c < n; c++) if (totals[c]! < threshold) below++;
    let ties = size - below;
    for (let c = 0; c < n; c++) {
      const total = totals[c]!;
      if (total > threshold || (total === threshold && ties-- <= 0)) continue;
      for (let p = 0; p < k; p++) chosen[p]![cells[c * k + p]!]!++;
    }
    let gradientNorm = 0;
    let weightNorm = 0;
    chosen.forEach((perOption, p) => {
      perOption.forEach((count, option) => {
        gradientNorm += (count - counts[p]![option]!) ** 2;
        weightNorm += weights[p]![option]! ** 2;
      });
    });
    if (weightNorm === 0) break;
    // The weights that come closest to a proof (least − wanted per unit of weight) guide the search best.
    const normalized = (margin.least - margin.wanted) / Math.sqrt(weightNorm);
    if (normalized > bestMargin) {
      bestMargin = normalized;
      best = roundWeights(weights, SEARCH_SCALE);
    }
    // The lightest candidates have exactly the wanted counts: no weights can prove anything.
    if (gradientNorm === 0) break;
    const step = (0.5 / Math.sqrt(round)) * Math.sqrt(weightNorm / gradientNorm);
    weights = weights.map((perOption, p) =>
      centred(perOption.map((weight, option) => weight + step * (chosen[p]![option]! - counts[p]![option]!))),
    );
  }
  return best;
}

/** Whether scored totals prove the counts impossible. */
function proves(totals: ScoreTotals): boolean {
  return totals.least > totals.wanted || totals.greatest < totals.wanted;
}

/** Weights as integers: scaled so the largest magnitude is `scale`, rounded, each position's lowest at 0. */
function roundWeights(weights: readonly ArrayLike<number>[], scale: number): number[][] {
  let most = 0;
  for (const perOption of weights)
    for (const weight of Array.from(perOption)) most = Math.max(most, Math.abs(weight));
  return weights.map((perOption) => {
    const rounded = Array.from(perOption, (weight) => (most === 0 ? 0 : Math.round((weight / most) * scale)));
    // Shifting one position's weights by a constant changes no margin; from 0 up they read best.
    const lowest = Math.min(...rounded);
    return rounded.map((weight) => weight - lowest);
  });
}

/**
 * Throws the proof when real-valued weights, rounded to integers at one of `scales` (tried in
 * order, the smallest reading best), show the counts impossible. Integer totals are exact, so a
 * rounded proof is a proof; returns when no scale gives one.
 */
export function assertWeightsProve(
  parameters: Pick<WeighCandidatesParameters, 'cells' | 'k' | 'counts' | 'size' | 'where'>,
  weights: readonly ArrayLike<number>[],
  scales: readonly number[],
  totals?: Float64Array<ArrayBuffer>,
  sorted?: Float64Array<ArrayBuffer>,
): void {
  const { size, k, where } = parameters;
  for (const scale of scales) {
    const scores = roundWeights(weights, scale);
    const scored = scoreCandidates(parameters, scores, totals, sorted);
    if (proves(scored)) assertScoreFits(scored, size, k, { kind: 'weights', weights: scores }, where);
  }
}

/** Adding a constant to one position's weights changes no margin: weights are kept centred on 0. */
function centred(weights: ArrayLike<number>): Float64Array {
  const moved = Float64Array.from(weights);
  const mean = moved.reduce((sum, weight) => sum + weight, 0) / Math.max(moved.length, 1);
  return moved.map((weight) => weight - mean);
}

/**
 * Scores every candidate (`totals`, by candidate) and returns the wanted total with the least and
 * greatest totals of `size` distinct candidates, and the `size`-th lightest total.
 */
export function scoreCandidates(
  parameters: Pick<WeighCandidatesParameters, 'cells' | 'k' | 'counts' | 'size'>,
  scores: ArrayLike<number>[],
  totals = new Float64Array(parameters.cells.length / Math.max(parameters.k, 1)),
  sorted = new Float64Array(totals.length),
): ScoreTotals & { threshold: number; totals: Float64Array } {
  const { cells, k, counts, size } = parameters;
  const n = totals.length;
  weighEach(cells, k, scores, totals);
  sorted.set(totals);
  sorted.sort();
  let least = 0;
  let greatest = 0;
  for (let at = 0; at < size; at++) {
    least += sorted[at]!;
    greatest += sorted[n - 1 - at]!;
  }
  return { wanted: wantedScore(counts, scores), least, greatest, threshold: sorted[size - 1]!, totals };
}

/** Each candidate's total score, into `totals` (by candidate). */
export function weighEach(
  cells: Int32Array,
  k: number,
  scores: readonly ArrayLike<number>[],
  totals = new Float64Array(cells.length / Math.max(k, 1)),
): Float64Array {
  for (let c = 0; c < totals.length; c++) {
    let total = 0;
    for (let p = 0; p < k; p++) total += scores[p]![cells[c * k + p]!]!;
    totals[c] = total;
  }
  return totals;
}
