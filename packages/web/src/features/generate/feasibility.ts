import type { Feasibility, FeasibilityProblem } from '@layerloom/api';
import type { CountState } from './generate-blockers.ts';

/**
 * What the blockers need from the server's feasibility answer: the count, the server's own "not
 * ready yet" reason, and any other reason the project cannot be generated. A size above the count
 * is left to the blockers' own wording (they know the draft's size).
 */
export function feasibilityCount(feasibility: Feasibility | undefined): CountState['data'] {
  if (!feasibility) return undefined;
  const { problem } = feasibility;
  return {
    count: feasibility.count ?? '0',
    problem: problem?.code === 'NOT_READY' ? problem.message : null,
    infeasible:
      problem && problem.code !== 'NOT_READY' && problem.code !== 'NOT_ENOUGH_COMBINATIONS' ? problem : null,
  };
}

/** A problem as one or two sentences: the reason, then what to change. */
export function problemText(problem: Pick<FeasibilityProblem, 'message' | 'fix'>): string {
  const reason = /[.!?]$/.test(problem.message) ? problem.message : `${problem.message}.`;
  return problem.fix ? `${reason} ${problem.fix}` : reason;
}

/** Where the fix of a problem lies: the rarity setting for exact counts, else the rules. */
export function problemTarget(code: string): 'rarity' | 'rules' {
  return code.startsWith('EXACT_') ? 'rarity' : 'rules';
}
