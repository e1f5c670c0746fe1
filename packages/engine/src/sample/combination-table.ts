import { RulesTooComplexError } from '../errors/sample-errors.ts';
import type { ConfigurationModel } from './configuration-model.ts';

/** Largest number of joint rule states one layer step may hold before counting refuses. */
export const MAX_RULE_STATES = 1 << 20;

/**
 * Exact counts (and probability masses) of valid completions, computed by dynamic programming
 * over the layers of a configuration. At step `i` the state is the class chosen by every
 * earlier layer that still has a rule with layer `i` or later (the "frontier"); everything
 * else is already settled, so completions depend on the state only.
 */
export interface CombinationTable {
  model: ConfigurationModel;
  /** `frontier[i]`: positions before `i` that have a rule with position `i` or later. */
  frontier: number[][];
  /** `stride[i][m]`: weight of `frontier[i][m]`'s class in the mixed-radix state index. */
  stride: number[][];
  /** `completions[i][state]`: number of valid assignments of positions `i..` given the state. */
  completions: bigint[][];
  /** The same counts as floats (exact below 2^53, only compared with small numbers above). */
  completionsApprox: Float64Array[];
  /** `mass[i][state]`: summed probability of those completions (product of option probabilities). */
  mass: Float64Array[];
  /** Number of valid combinations of the whole configuration. */
  total: bigint;
}

/** Builds the completion table of a configuration; throws `RulesTooComplexError` if rules tie too many layers together. */
export function buildCombinationTable(model: ConfigurationModel): CombinationTable {
  const k = model.positions.length;
  const lastPartner = new Int32Array(k).fill(-1);
  for (const { a, b } of model.constraints) lastPartner[a] = Math.max(lastPartner[a]!, b);
  const frontier: number[][] = [];
  const stride: number[][] = [];
  const stateCount: number[] = [];
  for (let i = 0; i <= k; i++) {
    const members: number[] = [];
    for (let j = 0; j < i; j++) if (lastPartner[j]! >= i) members.push(j);
    const strides: number[] = [];
    let size = 1;
    for (const member of members) {
      strides.push(size);
      size *= model.positions[member]!.classCount;
      if (size > MAX_RULE_STATES) throw new RulesTooComplexError(size, MAX_RULE_STATES);
    }
    frontier.push(members);
    stride.push(strides);
    stateCount.push(size);
  }

  const completions: bigint[][] = new Array(k + 1);
  const completionsApprox: Float64Array[] = new Array(k + 1);
  const mass: Float64Array[] = new Array(k + 1);
  completions[k] = [1n];
  completionsApprox[k] = Float64Array.of(1);
  mass[k] = Float64Array.of(1);
  const table: CombinationTable = {
    model,
    frontier,
    stride,
    completions,
    completionsApprox,
    mass,
    total: 0n,
  };
  for (let i = k - 1; i >= 0; i--) {
    const counts: bigint[] = new Array(stateCount[i]!).fill(0n);
    const masses = new Float64Array(stateCount[i]!);
    const position = model.positions[i]!;
    const next = completions[i + 1]!;
    const nextMass = mass[i + 1]!;
    forEachTransition(table, i, (state, cls, nextState) => {
      const after = next[nextState]!;
      if (after === 0n) return;
      counts[state] = counts[state]! + BigInt(position.classOptions[cls]!.length) * after;
      masses[state] = masses[state]! + position.classWeight[cls]! * nextMass[nextState]!;
    });
    completions[i] = counts;
    completionsApprox[i] = Float64Array.from(counts, Number);
    mass[i] = masses;
  }
  table.total = completions[0]![0]!;
  return table;
}

/**
 * Calls `visit(state, class, nextState)` for every state of step `i` and every class of
 * position `i` that the state's classes allow.
 */
export function forEachTransition(
  table: CombinationTable,
  i: number,
  visit: (state: number, cls: number, nextState: number) => void,
): void {
  const { model, frontier, stride } = table;
  const members = frontier[i]!;
  const strides = stride[i]!;
  const nextMembers = frontier[i + 1]!;
  const nextStrides = stride[i + 1]!;
  const position = model.positions[i]!;
  const into = model.constraintsInto[i]!;
  const memberIndex = new Map(members.map((member, index) => [member, index]));
  const intoMember = into.map((constraint) => memberIndex.get(constraint.a)!);
  const nextSource = nextMembers.map((member) => (member === i ? -1 : memberIndex.get(member)!));
  const states = members.reduce((size, member) => size * model.positions[member]!.classCount, 1);
  const classes = new Int32Array(members.length);
  for (let state = 0; state < states; state++) {
    for (let m = 0; m < members.length; m++) {
      classes[m] = Math.floor(state / strides[m]!) % model.positions[members[m]!]!.classCount;
    }
    for (let cls = 0; cls < position.classCount; cls++) {
      let ok = true;
      for (let r = 0; r < into.length; r++) {
        if (!into[r]!.allowed[classes[intoMember[r]!]! * position.classCount + cls]) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      let nextState = 0;
      for (let m = 0; m < nextMembers.length; m++) {
        const source = nextSource[m]!;
        nextState += (source < 0 ? cls : classes[source]!) * nextStrides[m]!;
      }
      visit(state, cls, nextState);
    }
  }
}

/** For every position and option, the number of valid combinations that contain it (0 for unreachable options). */
export function countOptionOccurrences(table: CombinationTable): bigint[][] {
  const { model, completions } = table;
  const k = model.positions.length;
  let prefix: bigint[] = [1n];
  const result: bigint[][] = [];
  for (let i = 0; i < k; i++) {
    const position = model.positions[i]!;
    const perClass: bigint[] = new Array(position.classCount).fill(0n);
    const nextPrefix: bigint[] = new Array(completions[i + 1]!.length).fill(0n);
    const current = prefix;
    forEachTransition(table, i, (state, cls, nextState) => {
      const before = current[state]!;
      if (before === 0n) return;
      perClass[cls] = perClass[cls]! + before * completions[i + 1]![nextState]!;
      nextPrefix[nextState] = nextPrefix[nextState]! + before * BigInt(position.classOptions[cls]!.length);
    });
    const perOption: bigint[] = new Array(position.optionCount).fill(0n);
    for (let option = 0; option < position.optionCount; option++) {
      const cls = position.classOf[option]!;
      if (cls >= 0) perOption[option] = perClass[cls]!;
    }
    result.push(perOption);
    prefix = nextPrefix;
  }
  return result;
}

/** State index of step `i` for a (partial) assignment of classes by position. */
export function stateIndex(table: CombinationTable, i: number, classes: ArrayLike<number>): number {
  const members = table.frontier[i]!;
  const strides = table.stride[i]!;
  let state = 0;
  for (let m = 0; m < members.length; m++) state += classes[members[m]!]! * strides[m]!;
  return state;
}
