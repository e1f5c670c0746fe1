import { BaseError } from '../errors/base-error.ts';
import { InternalError } from '../errors/internal-error.ts';
import {
  ExactCountUnreachableError,
  NotEnoughCombinationsError,
  UnreachableTraitError,
} from '../errors/sample-errors.ts';
import { parseCollectionSpec } from '../spec/parse-collection-spec.ts';
import { resolveCollection } from '../spec/resolve-collection.ts';
import { countConfigurations } from './count-combinations.ts';
import { buildConfigurationTables, planCollection } from './plan-collection.ts';

/** Why a collection cannot be generated as specified: the engine's reason and what to change. */
export interface FeasibilityProblem {
  /** The engine error's code (e.g. `NOT_ENOUGH_COMBINATIONS`, `EXACT_COUNT_UNREACHABLE`). */
  code: string;
  /** The reason in words, with the proof's figures. */
  message: string;
  /** What to change, when the message does not already say it. */
  fix: string | null;
}

/** What `checkFeasibility` finds, before any rendering. */
export interface FeasibilityReport {
  /** Distinct valid combinations summed over configurations; null when the spec cannot be counted. */
  total: bigint | null;
  configurations: { name: string; size: number; total: bigint }[];
  /** Null when every token can be planned (sizes, exact counts and rules all met). */
  problem: FeasibilityProblem | null;
}

/**
 * Decides whether a spec can be generated, without reading any image: counts the valid
 * combinations of each configuration, then plans every token as generation would (unique,
 * valid, exact counts solved or proven impossible). A problem the user can fix comes back as
 * the engine's reason and the change to make; anything else (a bug) is thrown.
 */
export function checkFeasibility(specInput: unknown): FeasibilityReport {
  let stage: Omit<FeasibilityReport, 'problem'> = { total: null, configurations: [] };
  try {
    const collection = resolveCollection(parseCollectionSpec(specInput));
    const tables = buildConfigurationTables(collection);
    stage = countConfigurations(collection, tables);
    planCollection(collection, tables);
    return { ...stage, problem: null };
  } catch (error) {
    if (!(error instanceof BaseError) || error instanceof InternalError) throw error;
    return { ...stage, problem: { code: error.code, message: error.message, fix: fixFor(error) } };
  }
}

/** The change to suggest for errors whose message states only the reason. */
function fixFor(error: BaseError): string | null {
  if (error instanceof NotEnoughCombinationsError) {
    return `Lower the size to ${error.available} or less, add traits to the layers, or loosen the rules.`;
  }
  if (error instanceof UnreachableTraitError) {
    return 'Change or remove the rules that rule them out, or set their weight to 0.';
  }
  // The per-trait checks before sampling name the trait but not the change (the proofs do).
  const { trait, reason } = error.details;
  if (error instanceof ExactCountUnreachableError && typeof trait === 'string' && reason === undefined) {
    return `Lower the count of ${trait} or the size, loosen the rules that involve it, or use weighted rarity.`;
  }
  return null;
}
