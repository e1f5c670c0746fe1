import { InternalError } from '../errors/internal-error.ts';
import { type CombinationTable, stateIndex } from './combination-table.ts';
import type { Random } from './random.ts';
import type { UsedCombinations, UsedNode } from './used-combinations.ts';

/** Below this share of the true mass, a remaining-mass difference is treated as rounding noise. */
const MASS_FLOOR = 1e-12;

/**
 * Draws one valid combination (options by position) with probability proportional to the
 * product of its option probabilities, among all valid combinations. Never fails when the
 * configuration has at least one valid combination.
 */
export function drawValidCombination(table: CombinationTable, random: Random): Int32Array {
  const { model, mass, completionsApprox } = table;
  const k = model.positions.length;
  const options = new Int32Array(k);
  const classes = new Int32Array(k);
  const weights: number[] = [];
  for (let i = 0; i < k; i++) {
    const position = model.positions[i]!;
    weights.length = 0;
    let total = 0;
    for (let cls = 0; cls < position.classCount; cls++) {
      let weight = 0;
      if (allows(table, i, classes, cls)) {
        classes[i] = cls;
        const next = stateIndex(table, i + 1, classes);
        if (completionsApprox[i + 1]![next]! > 0) weight = position.classWeight[cls]! * mass[i + 1]![next]!;
      }
      weights.push(weight);
      total += weight;
    }
    const cls = pick(weights, total, random);
    classes[i] = cls;
    const members = position.classOptions[cls]!;
    if (members.length === 1) {
      options[i] = members[0]!;
    } else {
      weights.length = 0;
      total = 0;
      for (const option of members) {
        weights.push(position.probability[option]!);
        total += position.probability[option]!;
      }
      options[i] = members[pick(weights, total, random)]!;
    }
  }
  return options;
}

/**
 * Draws one valid combination that is not in `used`, with probability proportional to the
 * product of its option probabilities among the remaining ones. Exact: at each layer the
 * remaining completions of every option are the table's count minus the used ones under
 * the same prefix, so a branch with nothing left is never entered. The caller guarantees
 * that at least one unused valid combination remains.
 */
export function drawUnusedCombination(
  table: CombinationTable,
  used: UsedCombinations,
  random: Random,
): Int32Array {
  const { model, mass, completionsApprox } = table;
  const k = model.positions.length;
  const options = new Int32Array(k);
  const classes = new Int32Array(k);
  const candidates: number[] = [];
  const weights: number[] = [];
  let node: UsedNode | undefined = used.root;
  for (let i = 0; i < k; i++) {
    const position = model.positions[i]!;
    candidates.length = 0;
    weights.length = 0;
    let total = 0;
    for (let cls = 0; cls < position.classCount; cls++) {
      if (!allows(table, i, classes, cls)) continue;
      classes[i] = cls;
      const next = stateIndex(table, i + 1, classes);
      const completions = completionsApprox[i + 1]![next]!;
      if (completions <= 0) continue;
      const completionMass = mass[i + 1]![next]!;
      for (const option of position.classOptions[cls]!) {
        const child = node?.children?.get(option);
        if (child !== undefined && completions - child.count <= 0) continue;
        const full = position.probability[option]! * completionMass;
        const weight = Math.max(full - (child?.mass ?? 0), full * MASS_FLOOR);
        candidates.push(option);
        weights.push(weight);
        total += weight;
      }
    }
    if (candidates.length === 0) throw new InternalError('No unused combination left to draw');
    const option = candidates[pick(weights, total, random)]!;
    options[i] = option;
    classes[i] = position.classOf[option]!;
    node = node?.children?.get(option);
  }
  return options;
}

function allows(table: CombinationTable, i: number, classes: Int32Array, cls: number): boolean {
  const into = table.model.constraintsInto[i]!;
  const width = table.model.positions[i]!.classCount;
  for (let r = 0; r < into.length; r++) {
    const constraint = into[r]!;
    if (!constraint.allowed[classes[constraint.a]! * width + cls]) return false;
  }
  return true;
}

/** Index chosen with probability proportional to its weight (zero weights never chosen). */
export function pick(weights: readonly number[], total: number, random: Random): number {
  let threshold = random.next() * total;
  let last = -1;
  for (let index = 0; index < weights.length; index++) {
    const weight = weights[index]!;
    if (weight <= 0) continue;
    last = index;
    if (threshold < weight) return index;
    threshold -= weight;
  }
  if (last < 0) throw new InternalError('Every weight is zero');
  return last;
}
