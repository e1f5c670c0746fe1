import { ExactCountUnreachableError, ExactSearchTooLargeError } from '../errors/sample-errors.ts';
import { describeTrait, type ResolvedLayer } from '../spec/resolve-collection.ts';
import type { CombinationTable } from './combination-table.ts';
import { type Random, shuffleInPlace } from './random.ts';
import { assertScoreFits, rankOptions } from './rank-sum-bound.ts';
import { relaxExactCounts } from './relax-exact-counts.ts';
import type { TakenCombinations } from './taken-combinations.ts';
import { assertWeightsProve, scoreCandidates, weighCandidates, weighEach } from './weigh-candidates.ts';

/** Most candidate combinations (times layers) the exact search holds in memory. */
export const MAX_SEARCH_CELLS = 16_000_000;
/** Most include/exclude decisions (propagated ones included) before the search stops undecided. */
export const MAX_SEARCH_DECISIONS = 30_000_000;

/** Share of the decisions the search by lightest candidates may use before the search by tightest counts. */
const LIGHTEST_SHARE = 0.3;
/** How the search picks the candidate to decide next (see `solveExactCounts`). */
type Branching = 'lightest' | 'tightest';

/** Scales tried when rounding the relaxation's prices to integer weights for a proof. */
const RELAXATION_PROOF_SCALES = [6, 12, 60, 420, 2_520, 27_720, 720_720];

/** Open candidates scored when choosing what to branch on. */
const SCORED_CANDIDATES = 64;

/** Parameters of `solveExactCounts`. */
export interface SolveExactCountsParameters {
  table: CombinationTable;
  layers: readonly ResolvedLayer[];
  /** Per position and option, how many tokens must show it (each position's counts add up to the size). */
  counts: readonly (readonly number[])[];
  size: number;
  /** Combinations earlier configurations already use; never chosen again. */
  taken: TakenCombinations;
  random: Random;
  /** Override of `MAX_SEARCH_DECISIONS` (tests). */
  maxDecisions?: number;
}

/**
 * Finds `size` distinct valid combinations whose per-position option counts are exactly
 * `counts`, or proves that none exist. Complete: it decides, for each valid untaken
 * combination, whether it is in the collection, by depth-first search with propagation
 * (an option still needed n times among exactly n open combinations takes them all; one
 * needed no more drops the rest), backtracking over every choice. It branches first on the
 * candidates in order (the linear relaxation's arrangement, then the lightest; see below), then,
 * from the root again, on the tightest count; either search run to its end is a proof. Before
 * searching, every pair of layers is checked by max-flow: if the two layers' counts cannot even
 * be paired within the combinations that hold each pair, that cut is the named reason; then
 * every layer at once, by the rank-sum bound (`rank-sum-bound.ts`), by weights `weighCandidates`
 * searches, and by the linear relaxation (`relax-exact-counts.ts`), whose prices are such
 * weights whenever no fractional arrangement exists.
 * Throws `ExactCountUnreachableError` only on a proof of impossibility, and
 * `ExactSearchTooLargeError` (undecided) when the space or the search exceeds its limits.
 */
export function solveExactCounts(parameters: SolveExactCountsParameters): Int32Array[] {
  const { table, layers, counts, size, taken, random } = parameters;
  const { model } = table;
  const k = model.positions.length;
  if (table.total * BigInt(Math.max(k, 1)) > BigInt(MAX_SEARCH_CELLS)) {
    throw new ExactSearchTooLargeError(
      `Exact rarity could not settle ${size} tokens with these exact counts by repair, and the ${table.total} valid combinations are too many to search exhaustively; loosen rules or counts, or use weighted rarity`,
      { size, combinations: table.total.toString(), limit: MAX_SEARCH_CELLS },
    );
  }

  const candidates = enumerateCandidates(table, taken);
  const n = candidates.length / Math.max(k, 1);
  // A seeded order: which arrangement is found depends on the seed, and only on it.
  const order = shuffleInPlace(
    Array.from({ length: n }, (_, index) => index),
    random,
  );
  const cells = new Int32Array(n * k);
  order.forEach((from, to) => {
    cells.set(candidates.subarray(from * k, from * k + k), to * k);
  });

  const offset: number[] = [];
  let optionIds = 0;
  for (const position of model.positions) {
    offset.push(optionIds);
    optionIds += position.optionCount;
  }
  const idOf = (p: number, option: number): number => offset[p]! + option;
  const nameOf = (id: number): string => {
    let p = 0;
    while (p + 1 < k && offset[p + 1]! <= id) p++;
    const option = id - offset[p]!;
    const position = model.positions[p]!;
    return option === position.noneOption
      ? `no ${layers[position.layer]!.name}`
      : describeTrait(layers as ResolvedLayer[], position.layer, option);
  };

  const need = new Int32Array(optionIds);
  counts.forEach((perOption, p) => {
    perOption.forEach((count, option) => {
      need[idOf(p, option)] = count;
    });
  });
  const avail = new Int32Array(optionIds);
  for (let c = 0; c < n; c++) for (let p = 0; p < k; p++) avail[idOf(p, cells[c * k + p]!)]!++;

  for (let id = 0; id < optionIds; id++) {
    if (need[id]! > avail[id]!) {
      throw new ExactCountUnreachableError(
        `Exact rarity wants ${need[id]} tokens with ${nameOf(id)}, but only ${avail[id]} valid combinations not used elsewhere contain it; lower its count or the size, loosen its rules, or use weighted rarity`,
        { trait: nameOf(id), wanted: need[id], available: avail[id], reason: 'trait' },
      );
    }
  }
  assertPairsFit({ k, n, cells, need, offset, size, nameOf, layers, model });
  const ranks = rankOptions(counts);
  const where = 'valid combinations';
  assertScoreFits(scoreCandidates({ cells, k, counts, size }, ranks), size, k, { kind: 'ranks' }, where);
  const weights = weighCandidates({ cells, k, counts, size, start: ranks, where });
  const totals = weighEach(cells, k, weights);
  // The linear relaxation, from the `size` lightest candidates: no fractional arrangement is a
  // proof (its prices are the weights), and a fractional one is whole but for a few candidates.
  const lightest = Array.from({ length: n }, (_, index) => index).sort((x, y) => totals[x]! - totals[y]!);
  const start = new Uint8Array(n);
  for (let at = 0; at < size; at++) start[lightest[at]!] = 1;
  const relaxed = relaxExactCounts({ cells, k, offset, need, start });
  if (relaxed.kind === 'infeasible') {
    const prices = model.positions.map((position, p) =>
      relaxed.weights.subarray(offset[p]!, offset[p]! + position.optionCount),
    );
    assertWeightsProve({ cells, k, counts, size, where }, prices, RELAXATION_PROOF_SCALES);
  }
  // The relaxation's arrangement first (its whole candidates, then the fractional ones by how
  // much they are in), then the lightest (see weighCandidates), the seeded shuffle breaking ties:
  // in a tight space every arrangement is close to these, so the search starts near one.
  const x = relaxed.kind === 'feasible' ? relaxed.x : undefined;
  const shuffled = cells.slice();
  const byWeight = x ? lightest.sort((a, b) => x[b]! - x[a]! || totals[a]! - totals[b]!) : lightest;
  byWeight.forEach((from, to) => {
    cells.set(shuffled.subarray(from * k, from * k + k), to * k);
  });
  const listStart = new Int32Array(optionIds + 1);
  for (let id = 0; id < optionIds; id++) listStart[id + 1] = listStart[id]! + avail[id]!;
  const lists = new Int32Array(n * k);
  const fill = listStart.slice(0, optionIds);
  for (let c = 0; c < n; c++) for (let p = 0; p < k; p++) lists[fill[idOf(p, cells[c * k + p]!)]!++] = c;
  // For the message of a refuted or undecided search: the counts that use the largest share of the combinations holding them.
  const tightest = Array.from({ length: optionIds }, (_, id) => id)
    .filter((id) => need[id]! > 0)
    .sort((x, y) => need[y]! / avail[y]! - need[x]! / avail[x]! || x - y)
    .slice(0, 3)
    .map((id) => `${nameOf(id)} (${need[id]} of ${avail[id]} combinations)`);

  // Depth-first search over include (1) / exclude (2) of each candidate, with a trail to undo.
  const state = new Uint8Array(n);
  const trail = new Int32Array(n);
  let trailLength = 0;
  let left = size;
  const queue: number[] = [];
  let decisions = 0;
  const maxDecisions = parameters.maxDecisions ?? MAX_SEARCH_DECISIONS;

  /** Decides candidate c; false on a contradiction (the decision stays on the trail to be undone). */
  const decide = (c: number, value: 1 | 2): boolean => {
    decisions++;
    state[c] = value;
    trail[trailLength++] = c;
    if (value === 1) left--;
    let ok = true;
    for (let p = 0; p < k; p++) {
      const id = offset[p]! + cells[c * k + p]!;
      avail[id]!--;
      if (value === 1) need[id]!--;
      if (need[id]! < 0 || need[id]! > avail[id]!) ok = false;
      else if (avail[id]! > 0 && (need[id] === 0 || need[id] === avail[id])) queue.push(id);
    }
    return ok;
  };
  /** Forces the open candidates of options needed by all or by none of them, until nothing changes. */
  const propagate = (): boolean => {
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (avail[id] === 0) continue;
      const value = need[id] === 0 ? 2 : need[id] === avail[id] ? 1 : 0;
      if (value === 0) continue;
      for (let at = listStart[id]!; at < listStart[id + 1]!; at++) {
        const c = lists[at]!;
        if (state[c] === 0 && !decide(c, value)) {
          queue.length = 0;
          return false;
        }
      }
    }
    return true;
  };
  const undoTo = (length: number): void => {
    while (trailLength > length) {
      const c = trail[--trailLength]!;
      if (c < firstOpen) firstOpen = c;
      const included = state[c] === 1;
      state[c] = 0;
      if (included) left++;
      for (let p = 0; p < k; p++) {
        const id = offset[p]! + cells[c * k + p]!;
        avail[id]!++;
        if (included) need[id]!++;
      }
    }
  };
  /** Candidates before this one are all decided (candidates are numbered lightest first). */
  let firstOpen = 0;
  /** The open candidate to branch on, by the lightest rule: the lightest open candidate. */
  const chooseLightest = (): number => {
    while (state[firstOpen] !== 0) firstOpen++;
    return firstOpen;
  };
  /** The open candidate to branch on, by the tightest rule: in the tightest needed option, the one whose other options are needed most. */
  const choose = (): number => {
    let bestId = -1;
    let bestSlack = Number.POSITIVE_INFINITY;
    for (let id = 0; id < optionIds; id++) {
      if (need[id]! <= 0) continue;
      const slack = avail[id]! - need[id]!;
      if (slack < bestSlack || (slack === bestSlack && avail[id]! < avail[bestId]!)) {
        bestSlack = slack;
        bestId = id;
      }
    }
    let best = -1;
    let bestScore = Number.NEGATIVE_INFINITY;
    let seen = 0;
    // Any open candidate keeps the search complete; scoring only the first few keeps each step cheap.
    for (let at = listStart[bestId]!; at < listStart[bestId + 1]! && seen < SCORED_CANDIDATES; at++) {
      const c = lists[at]!;
      if (state[c] !== 0) continue;
      seen++;
      let score = 0;
      for (let p = 0; p < k; p++) {
        const id = offset[p]! + cells[c * k + p]!;
        score += need[id]! / avail[id]!;
      }
      if (score > bestScore) {
        bestScore = score;
        best = c;
      }
    }
    return best;
  };

  /**
   * One depth-first search from the root with a branching rule, up to `limit` decisions: true when
   * an arrangement is found, false at the limit; throws the proof when every branch is refuted.
   */
  const search = (branching: Branching, limit: number): boolean => {
    queue.length = 0;
    undoTo(0);
    firstOpen = 0;
    const stopAt = decisions + limit;
    for (let id = 0; id < optionIds; id++) if (avail[id]! > 0 && need[id]! === 0) queue.push(id);
    for (let id = 0; id < optionIds; id++) if (avail[id]! > 0 && need[id] === avail[id]) queue.push(id);
    let consistent = propagate();
    // Choice points: trail length before the choice and the candidate chosen; `excluded` once its second branch runs.
    const choices: { length: number; candidate: number; excluded: boolean }[] = [];
    for (;;) {
      if (decisions > stopAt) return false;
      if (consistent) {
        if (left === 0) return true;
        const candidate = branching === 'lightest' ? chooseLightest() : choose();
        choices.push({ length: trailLength, candidate, excluded: false });
        consistent = decide(candidate, 1) && propagate();
        continue;
      }
      // Backtrack to the latest choice whose exclude branch is still open.
      let choice = choices.pop();
      while (choice?.excluded) choice = choices.pop();
      if (!choice) throw impossible(size, n, tightest);
      queue.length = 0;
      undoTo(choice.length);
      choice.excluded = true;
      choices.push(choice);
      consistent = decide(choice.candidate, 2) && propagate();
    }
  };

  // Two complete searches, each proof enough: first the lightest candidates in turn (what settles
  // tight, skewed counts, where every arrangement is close to the lightest candidates), then the
  // tightest count first (what settles rule-bound spaces), with the larger share of the budget.
  const found =
    search('lightest', Math.floor(maxDecisions * LIGHTEST_SHARE)) ||
    search('tightest', maxDecisions - decisions);
  if (!found) {
    throw new ExactSearchTooLargeError(
      `Exact rarity stopped searching for ${size} tokens with these exact counts after ${maxDecisions} steps without finding an arrangement or proving there is none; the tightest counts are ${tightest.join(', ')}: lower those counts or the size, loosen the rules that involve them, or use weighted rarity`,
      { size, combinations: n, limit: maxDecisions, traits: tightest },
    );
  }

  const result: Int32Array[] = [];
  for (let c = 0; c < n; c++) if (state[c] === 1) result.push(cells.slice(c * k, c * k + k));
  return result;
}

/** Every valid combination of the table that no earlier configuration took, as options by position, flat. */
function enumerateCandidates(table: CombinationTable, taken: TakenCombinations): Int32Array {
  const { model } = table;
  const k = model.positions.length;
  const out: number[] = [];
  const options = new Int32Array(k);
  const classes = new Int32Array(k);
  const visit = (i: number): void => {
    if (i === k) {
      if (!taken.has(model, options)) for (let p = 0; p < k; p++) out.push(options[p]!);
      return;
    }
    const position = model.positions[i]!;
    const into = model.constraintsInto[i]!;
    for (let cls = 0; cls < position.classCount; cls++) {
      let allowed = true;
      for (const constraint of into) {
        if (!constraint.allowed[classes[constraint.a]! * position.classCount + cls]) {
          allowed = false;
          break;
        }
      }
      if (!allowed) continue;
      classes[i] = cls;
      for (const option of position.classOptions[cls]!) {
        options[i] = option;
        visit(i + 1);
      }
    }
  };
  visit(0);
  return Int32Array.from(out);
}

/**
 * Necessary condition per pair of layers: the tokens can be given both layers' exact counts
 * only if a flow of `size` fits through "option of p → option of q" edges whose capacity is
 * the number of candidate combinations holding that pair. A smaller max flow is a proof of
 * impossibility; its minimum cut names the traits at fault.
 */
function assertPairsFit(context: {
  k: number;
  n: number;
  cells: Int32Array;
  need: Int32Array;
  offset: number[];
  size: number;
  nameOf: (id: number) => string;
  layers: readonly ResolvedLayer[];
  model: CombinationTable['model'];
}): void {
  const { k, n, cells, need, offset, size, nameOf, layers, model } = context;
  for (let p = 0; p < k; p++) {
    for (let q = p + 1; q < k; q++) {
      const rows = model.positions[p]!.optionCount;
      const columns = model.positions[q]!.optionCount;
      const pairs = new Int32Array(rows * columns);
      for (let c = 0; c < n; c++) pairs[cells[c * k + p]! * columns + cells[c * k + q]!]!++;
      const supply = Array.from({ length: rows }, (_, option) => need[offset[p]! + option]!);
      const demand = Array.from({ length: columns }, (_, option) => need[offset[q]! + option]!);
      const { flow, sourceSide, sinkSideColumns } = maxPairFlow(supply, demand, pairs);
      if (flow >= size) continue;
      const stuck = sourceSide.filter((option) => supply[option]! > 0);
      const wanted = stuck.reduce((sum, option) => sum + supply[option]!, 0);
      const partners = sinkSideColumns.filter((option) => demand[option]! > 0);
      const partnerTokens = partners.reduce((sum, option) => sum + demand[option]!, 0);
      let others = 0;
      const partnerSet = new Set(partners);
      for (const row of stuck)
        for (let column = 0; column < columns; column++)
          if (!partnerSet.has(column)) others += pairs[row * columns + column]!;
      const names = stuck.map((option) => nameOf(offset[p]! + option));
      const partnerNames = partners.map((option) => nameOf(offset[q]! + option));
      const layerP = layers[model.positions[p]!.layer]!.name;
      const layerQ = layers[model.positions[q]!.layer]!.name;
      const fits =
        partnerNames.length > 0
          ? `can only pair with ${partnerNames.join(', ')} (${partnerTokens} token${partnerTokens === 1 ? '' : 's'} in all) or in ${others} other distinct valid combinations`
          : `fit in only ${others} distinct valid combinations`;
      throw new ExactCountUnreachableError(
        `Exact rarity cannot give ${layerP} and ${layerQ} their exact counts together: the ${wanted} tokens with ${names.join(', ')} ${fits}, so at most ${flow} of ${size} tokens can be made; lower those counts, loosen the rules between ${layerP} and ${layerQ}, or use weighted rarity`,
        {
          reason: 'pair',
          layers: [layerP, layerQ],
          traits: names,
          partners: partnerNames,
          wanted,
          possible: flow,
          size,
        },
      );
    }
  }
}

/** Max flow source → rows (supply) → columns (pair capacities) → sink (demand), with the minimum cut's sides. */
function maxPairFlow(
  supply: number[],
  demand: number[],
  pairs: Int32Array,
): { flow: number; sourceSide: number[]; sinkSideColumns: number[] } {
  const rows = supply.length;
  const columns = demand.length;
  // Nodes: 0 source, 1..rows, rows+1..rows+columns, last sink. Dense residual matrix (a few dozen nodes).
  const size = rows + columns + 2;
  const sink = size - 1;
  const residual = new Float64Array(size * size);
  for (let r = 0; r < rows; r++) residual[0 * size + 1 + r] = supply[r]!;
  for (let c = 0; c < columns; c++) residual[(1 + rows + c) * size + sink] = demand[c]!;
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) residual[(1 + r) * size + 1 + rows + c] = pairs[r * columns + c]!;
  let flow = 0;
  const parent = new Int32Array(size);
  const reach = (): boolean => {
    parent.fill(-1);
    parent[0] = 0;
    const queue = [0];
    for (let head = 0; head < queue.length; head++) {
      const u = queue[head]!;
      for (let v = 0; v < size; v++) {
        if (parent[v] === -1 && residual[u * size + v]! > 0) {
          parent[v] = u;
          queue.push(v);
        }
      }
    }
    return parent[sink] !== -1;
  };
  while (reach()) {
    let push = Number.POSITIVE_INFINITY;
    for (let v = sink; v !== 0; v = parent[v]!) push = Math.min(push, residual[parent[v]! * size + v]!);
    for (let v = sink; v !== 0; v = parent[v]!) {
      residual[parent[v]! * size + v]! -= push;
      residual[v * size + parent[v]!]! += push;
    }
    flow += push;
  }
  const sourceSide: number[] = [];
  for (let r = 0; r < rows; r++) if (parent[1 + r] !== -1) sourceSide.push(r);
  const sinkSideColumns: number[] = [];
  for (let c = 0; c < columns; c++) if (parent[1 + rows + c] !== -1) sinkSideColumns.push(c);
  return { flow, sourceSide, sinkSideColumns };
}

/** The error for a search that ended without a solution: every branch was refuted, so none exists. */
function impossible(size: number, n: number, tightest: string[]): ExactCountUnreachableError {
  return new ExactCountUnreachableError(
    `Exact rarity: no ${size} unique tokens meet every rule with these exact counts (the search ruled out every choice among the ${n} valid combinations); the tightest counts are ${tightest.join(', ')}: lower those counts or the size, loosen the rules that involve them, or use weighted rarity`,
    { reason: 'search', size, combinations: n, traits: tightest },
  );
}
