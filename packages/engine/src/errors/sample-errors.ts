import { BaseError } from './base-error.ts';

/** More tokens were requested than there are distinct valid combinations. */
export class NotEnoughCombinationsError extends BaseError {
  readonly code = 'NOT_ENOUGH_COMBINATIONS';

  constructor(
    readonly requested: number,
    readonly available: bigint,
    where: string,
    reason?: string,
  ) {
    super(
      `Cannot make ${requested} unique tokens${where}: only ${available} valid combination${available === 1n ? '' : 's'} exist${reason ? ` (${reason})` : ''}`,
      { details: { requested, available: available.toString(), where, reason } },
    );
  }
}

/** Rules make traits impossible: no valid combination contains them. */
export class UnreachableTraitError extends BaseError {
  readonly code = 'TRAIT_UNREACHABLE';

  constructor(readonly traits: string[]) {
    super(
      `Rules make ${traits.length === 1 ? 'trait' : 'traits'} ${traits.map((t) => `"${t}"`).join(', ')} impossible: no valid combination contains ${traits.length === 1 ? 'it' : 'them'}`,
      { details: { traits } },
    );
  }
}

/** Exact rarity asks a trait for more tokens than there are distinct valid combinations holding it. */
export class ExactCountUnreachableError extends BaseError {
  readonly code = 'EXACT_COUNT_UNREACHABLE';

  constructor(message: string, details: Record<string, unknown>) {
    super(message, { details });
  }
}

/** Rules tie so many layers together that counting their combinations would need too much memory. */
export class RulesTooComplexError extends BaseError {
  readonly code = 'RULES_TOO_COMPLEX';

  constructor(states: number, limit: number) {
    super(
      `Rules link too many layers at once (${states} joint states, limit ${limit}); split rules or reorder layers`,
      { details: { states, limit } },
    );
  }
}

/** Exact rarity could neither find an arrangement nor prove there is none within the search limits. */
export class ExactSearchTooLargeError extends BaseError {
  readonly code = 'EXACT_SEARCH_TOO_LARGE';

  constructor(message: string, details: Record<string, unknown>) {
    super(message, { details });
  }
}
