/** Parameters of `relaxExactCounts`. */
export interface RelaxExactCountsParameters {
  /** Candidate combinations, options by position, flat (`n × k`). */
  cells: Int32Array;
  k: number;
  /** First option id of each position: option o of position p is row `offset[p] + o`. */
  offset: readonly number[];
  /** Tokens wanted per option id (each position's add up to the size). */
  need: Int32Array;
  /** Where to start: 1 for candidates to start included (the rest start excluded). */
  start: Uint8Array;
  /** Most simplex iterations before giving up undecided. */
  maxIterations?: number;
}

/** What the relaxation says: a fractional arrangement, weights that refute every arrangement, or nothing. */
export type RelaxExactCountsReturnType =
  | { kind: 'feasible'; x: Float64Array }
  | { kind: 'infeasible'; weights: Float64Array }
  | { kind: 'undecided' };

const TOLERANCE = 1e-9;
/** Iterations between two fresh inversions of the basis (product-form updates drift). */
const REFACTOR_EVERY = 64;
/** Fewest candidates priced per iteration (partial pricing), unless the space has fewer. */
const PRICING_SEGMENT = 2_048;
/** Iterations without progress before pricing switches to Bland's rule, which cannot cycle. */
const STALL_LIMIT = 50;

/**
 * Solves the linear relaxation of exact counts: is there x in [0, 1] per candidate with, for
 * every option, the sum of x over the candidates holding it equal to its count? Every
 * arrangement is such an x with 0/1 entries, so "no x" proves that no arrangement exists. A
 * bounded-variable primal simplex minimises the total infeasibility (phase 1) from `start`,
 * with one artificial variable per option row. The basis has one column per option, so at a
 * vertex all but at most that many candidates sit at 0 or 1: a feasible vertex is an
 * arrangement but for a handful of candidates, which is where the search starts.
 *
 * When the least infeasibility is positive, the row prices π at the optimum are weights with
 * Σ_j max(0, π·A_j) < π·b, which is `greatest < wanted` in the terms of `rank-sum-bound.ts`
 * (the caller rounds them to integers and checks the proof exactly).
 */
export function relaxExactCounts(parameters: RelaxExactCountsParameters): RelaxExactCountsReturnType {
  const { cells, k, offset, need, start } = parameters;
  const m = need.length;
  const n = start.length;
  const maxIterations = parameters.maxIterations ?? 50 * (m + 10) + 5_000;

  // x[j] for candidates; nonbasic candidates sit at 0 or 1. Artificial i has coefficient
  // sign[i] in row i, chosen so that it starts non-negative.
  const x = new Float64Array(n);
  for (let j = 0; j < n; j++) x[j] = start[j]! ? 1 : 0;

  // Basis: variable per row (j < n a candidate, n + i the artificial of row i); B⁻¹ dense, row-major.
  const basis = new Int32Array(m);
  const isBasic = new Int32Array(n).fill(-1);
  for (let i = 0; i < m; i++) basis[i] = n + i;
  const inverse = new Float64Array(m * m);
  const value = new Float64Array(m);
  const prices = new Float64Array(m);
  const column = new Float64Array(m);
  const alpha = new Float64Array(m);

  /** b − N x_N: each count less the nonbasic candidates' part of it (they sit at 0 or 1). */
  const residual = (): Float64Array => {
    const left = Float64Array.from(need);
    for (let j = 0; j < n; j++) {
      if (isBasic[j] !== -1 || x[j] === 0) continue;
      for (let p = 0; p < k; p++) left[offset[p]! + cells[j * k + p]!]! -= x[j]!;
    }
    return left;
  };
  const sign = residual().map((left) => (left >= 0 ? 1 : -1));

  /** The column of a variable in row space. */
  const columnOf = (variable: number, into: Float64Array): void => {
    into.fill(0);
    if (variable >= n) into[variable - n] = sign[variable - n]!;
    else for (let p = 0; p < k; p++) into[offset[p]! + cells[variable * k + p]!] = 1;
  };
  /** Inverts the basis afresh (Gauss–Jordan with partial pivoting) and recomputes basic values. */
  const refactor = (): boolean => {
    const matrix = new Float64Array(m * m);
    for (let r = 0; r < m; r++) {
      columnOf(basis[r]!, column);
      for (let i = 0; i < m; i++) matrix[i * m + r] = column[i]!;
    }
    inverse.fill(0);
    for (let i = 0; i < m; i++) inverse[i * m + i] = 1;
    for (let c = 0; c < m; c++) {
      let pivot = c;
      for (let r = c + 1; r < m; r++)
        if (Math.abs(matrix[r * m + c]!) > Math.abs(matrix[pivot * m + c]!)) pivot = r;
      if (Math.abs(matrix[pivot * m + c]!) < TOLERANCE) return false;
      if (pivot !== c) {
        for (let t = 0; t < m; t++) {
          [matrix[c * m + t], matrix[pivot * m + t]] = [matrix[pivot * m + t]!, matrix[c * m + t]!];
          [inverse[c * m + t], inverse[pivot * m + t]] = [inverse[pivot * m + t]!, inverse[c * m + t]!];
        }
      }
      const scale = 1 / matrix[c * m + c]!;
      for (let t = 0; t < m; t++) {
        matrix[c * m + t]! *= scale;
        inverse[c * m + t]! *= scale;
      }
      for (let r = 0; r < m; r++) {
        const factor = matrix[r * m + c]!;
        if (r === c || factor === 0) continue;
        for (let t = 0; t < m; t++) {
          matrix[r * m + t]! -= factor * matrix[c * m + t]!;
          inverse[r * m + t]! -= factor * inverse[c * m + t]!;
        }
      }
    }
    // Basic values: B⁻¹ (b − N x_N).
    const left = residual();
    for (let r = 0; r < m; r++) {
      let sum = 0;
      for (let i = 0; i < m; i++) sum += inverse[r * m + i]! * left[i]!;
      value[r] = sum;
      const variable = basis[r]!;
      if (variable < n) x[variable] = sum;
    }
    return true;
  };
  if (!refactor()) return { kind: 'undecided' };

  let stalled = 0;
  let lastObjective = Number.POSITIVE_INFINITY;
  const segment = Math.max(PRICING_SEGMENT, Math.ceil(n / 16));
  let cursor = 0;
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    if (iteration > 0 && iteration % REFACTOR_EVERY === 0 && !refactor()) return { kind: 'undecided' };
    let objective = 0;
    for (let r = 0; r < m; r++) if (basis[r]! >= n) objective += value[r]!;
    if (objective <= TOLERANCE * Math.max(1, m)) {
      for (let j = 0; j < n; j++) x[j] = Math.min(1, Math.max(0, x[j]!));
      return { kind: 'feasible', x };
    }
    if (objective < lastObjective - TOLERANCE) {
      lastObjective = objective;
      stalled = 0;
    } else stalled++;
    const bland = stalled > STALL_LIMIT;

    // Row prices π = c_B B⁻¹ (cost 1 on artificials).
    prices.fill(0);
    for (let r = 0; r < m; r++) {
      if (basis[r]! < n) continue;
      for (let i = 0; i < m; i++) prices[i]! += inverse[r * m + i]!;
    }
    // Entering candidate: reduced cost −π·A_j; at 0 it may rise if negative, at 1 fall if positive.
    // Partial pricing: the best of the first segment (from where the last scan stopped) that has
    // an improving candidate; Bland's rule takes the first improving candidate from 0 instead.
    let entering = -1;
    let best = TOLERANCE;
    const from = bland ? 0 : cursor;
    for (let scanned = 0; scanned < n; scanned++) {
      const j = from + scanned < n ? from + scanned : from + scanned - n;
      if (!bland && entering !== -1 && scanned % segment === 0) break;
      if (isBasic[j] !== -1) continue;
      let priced = 0;
      for (let p = 0; p < k; p++) priced += prices[offset[p]! + cells[j * k + p]!]!;
      const gain = x[j] === 0 ? priced : -priced;
      if (gain > best) {
        entering = j;
        if (bland) break;
        best = gain;
      }
      cursor = j + 1 < n ? j + 1 : 0;
    }
    if (entering === -1) {
      // Optimal with infeasibility left: the prices refute every arrangement.
      return { kind: 'infeasible', weights: Float64Array.from(prices) };
    }

    // Ratio test along the entering column, α = B⁻¹ A_q; the entering moves by t in `direction`.
    const direction = x[entering] === 0 ? 1 : -1;
    for (let r = 0; r < m; r++) {
      let sum = 0;
      for (let p = 0; p < k; p++) sum += inverse[r * m + offset[p]! + cells[entering * k + p]!]!;
      alpha[r] = sum * direction;
    }
    let step = 1;
    let leaving = -1;
    for (let r = 0; r < m; r++) {
      const a = alpha[r]!;
      const variable = basis[r]!;
      let limit = Number.POSITIVE_INFINITY;
      if (a > TOLERANCE) limit = Math.max(0, value[r]!) / a;
      else if (a < -TOLERANCE && variable < n) limit = Math.max(0, 1 - value[r]!) / -a;
      if (
        limit < step - TOLERANCE ||
        (limit <= step + TOLERANCE && leaving !== -1 && bland && variable < basis[leaving]!)
      ) {
        step = limit;
        leaving = r;
      }
    }
    for (let r = 0; r < m; r++) {
      value[r]! -= alpha[r]! * step;
      const variable = basis[r]!;
      if (variable < n) x[variable] = value[r]!;
    }
    if (leaving === -1) {
      // The entering candidate runs to its other bound: no change of basis.
      x[entering] = direction === 1 ? 1 : 0;
      continue;
    }
    const out = basis[leaving]!;
    if (out < n) {
      // It leaves at whichever bound it reached.
      x[out] = alpha[leaving]! > 0 ? 0 : 1;
      isBasic[out] = -1;
    }
    basis[leaving] = entering;
    isBasic[entering] = leaving;
    value[leaving] = direction === 1 ? step : 1 - step;
    x[entering] = value[leaving]!;
    // B⁻¹ update: pivot on α[leaving] (α taken without the direction's sign).
    const pivot = alpha[leaving]! * direction;
    const pivotRow = leaving * m;
    for (let i = 0; i < m; i++) inverse[pivotRow + i]! /= pivot;
    for (let r = 0; r < m; r++) {
      if (r === leaving) continue;
      const factor = alpha[r]! * direction;
      if (factor === 0) continue;
      for (let i = 0; i < m; i++) inverse[r * m + i]! -= factor * inverse[pivotRow + i]!;
    }
  }
  return { kind: 'undecided' };
}
