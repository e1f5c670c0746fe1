import { BaseError } from '../errors/base-error.ts';
import {
  ExactCountUnreachableError,
  ExactSearchTooLargeError,
  NotEnoughCombinationsError,
} from '../errors/sample-errors.ts';
import { allocateLargestRemainder } from './allocate-largest-remainder.ts';
import type { CombinationTable } from './combination-table.ts';
import type { ConfigurationModel } from './configuration-model.ts';
import { buildConfigurationTables, type CollectionPlan, type PlannedToken } from './plan-collection.ts';
import { createRandom, shuffleInPlace } from './random.ts';
import { exactOptionCounts, sampleExact } from './sample-exact.ts';
import { sampleWeighted } from './sample-weighted.ts';
import { TakenCombinations } from './taken-combinations.ts';
import { UsedCombinations } from './used-combinations.ts';

/**
 * A change to a planned collection, replayed in order after `planCollection`: `reroll` draws new
 * combinations for some editions (every other token stays as it is), `grow` adds tokens after the
 * last edition. `derivation` names the change's own random stream (seed + derivation), so replaying
 * the same changes on the same spec gives the same plan, and two rerolls never draw alike.
 */
export type PlanAmendment =
  | { kind: 'reroll'; editions: number[]; derivation: string }
  | { kind: 'grow'; count: number; derivation: string };

/** Search steps a reroll in exact mode spends looking for wholly new combinations before reusing freed ones. */
const NEW_ONLY_DECISIONS = 200_000;

/** Freed combinations left out in turn, at most, when a reroll in exact mode looks for another arrangement of them. */
const LEAVE_OUT_TRIES = 16;

/** An amendment that cannot apply to this plan (an edition that does not exist, a 1-of-1…). */
export class PlanAmendmentError extends BaseError {
  readonly code = 'PLAN_AMENDMENT_INVALID';
}

/**
 * Applies amendments to a plan, in order, and returns the new plan (the given one is left as is).
 * Rerolled and added tokens follow the weights of their configuration under the same rules and are
 * unique across the whole collection; a rerolled token never gets back a combination the collection
 * holds (its own included), so every reroll changes what it shows. Rerolls keep each token's
 * configuration; growth is shared among configurations in proportion to their sizes.
 *
 * In exact rarity every count stays exact: a reroll shares out again exactly the traits its tokens held
 * (the kept tokens' traits are spent), and a growth adds what brings each configuration's counts to the
 * exact counts of its new size. Where no unique arrangement under the rules exists, it throws
 * `PlanAmendmentError` with the reason, before anything is drawn.
 */
export function amendPlan(plan: CollectionPlan, amendments: readonly PlanAmendment[]): CollectionPlan {
  let current = plan;
  for (const amendment of amendments) {
    current = amendment.kind === 'reroll' ? reroll(current, amendment) : grow(current, amendment);
  }
  return current;
}

type GeneratedToken = Extract<PlannedToken, { kind: 'generated' }>;

/** A generated token's option per position of its configuration's model (the absent option where it has no trait). */
function optionsOf(model: ConfigurationModel, token: GeneratedToken): Int32Array {
  return Int32Array.from(model.positions, (position) => {
    const trait = token.traits[position.layer]!;
    return trait >= 0 ? trait : position.noneOption;
  });
}

function takenBy(plan: CollectionPlan): TakenCombinations {
  const taken = new TakenCombinations(plan.collection.layers.length);
  for (const token of plan.tokens) if (token.kind === 'generated') taken.addShown(token.traits);
  return taken;
}

/** How many of `tokens` show each option, per position of `model`. */
function countOptions(model: ConfigurationModel, tokens: readonly GeneratedToken[]): number[][] {
  const counts = model.positions.map((position) => new Array<number>(position.optionCount).fill(0));
  for (const token of tokens) {
    optionsOf(model, token).forEach((option, p) => {
      counts[p]![option]!++;
    });
  }
  return counts;
}

/** What one configuration's draw needs besides its size: the exact counts, and the tokens a reroll frees. */
interface DrawRequest {
  configuration: number;
  count: number;
  stream: string;
  /** Exact mode: how many new tokens show each option, per position. Weighted mode: undefined. */
  counts?: number[][];
  /** The tokens a reroll redraws: in exact mode, their combinations may go to one another when no new ones fit. */
  freed?: readonly GeneratedToken[];
}

function isExactFailure(error: unknown): error is ExactCountUnreachableError | ExactSearchTooLargeError {
  return error instanceof ExactCountUnreachableError || error instanceof ExactSearchTooLargeError;
}

/**
 * Draws new unique combinations of a configuration, avoiding every combination the collection holds (and
 * taking those it draws): by the weights, or with exactly the given option counts. In exact mode, when no
 * arrangement of wholly new combinations exists, the rerolled tokens' own former combinations are allowed too
 * (`reroll` then gives none back to the token that had it); `describe` starts the message of a refusal.
 */
function drawer(
  plan: CollectionPlan,
  tables: CombinationTable[],
  describe: (count: number) => string,
): (request: DrawRequest) => Int32Array[] {
  const { configurations, layers, spec } = plan.collection;
  const taken = takenBy(plan);
  const drawnHere: Int32Array[] = [];
  /**
   * No wholly new arrangement keeps the counts: the freed combinations may go to one another. An arrangement
   * other than the one they show leaves at least one of them out, so one is left out in turn until one fits.
   */
  const shareOutAgain = (
    table: CombinationTable,
    count: number,
    counts: number[][],
    freed: readonly GeneratedToken[],
    stream: string,
  ): Int32Array[] => {
    const freedEditions = new Set(freed.map((token) => token.edition));
    const random = createRandom(spec.seed, stream);
    for (const left of shuffleInPlace([...freed], random).slice(0, LEAVE_OUT_TRIES)) {
      const held = new TakenCombinations(layers.length);
      for (const token of plan.tokens) {
        if (token.kind === 'generated' && !freedEditions.has(token.edition)) held.addShown(token.traits);
      }
      for (const traits of drawnHere) held.addShown(traits);
      held.addShown(left.traits);
      try {
        return sampleExact(table, layers, count, held, random, { counts });
      } catch (error) {
        if (!isExactFailure(error)) throw error;
      }
    }
    throw new PlanAmendmentError(
      `Rerolling ${describeEditions(freed)} cannot keep the exact counts and change the collection: the traits they hold make no unique combinations under the rules but the ones they already show; reroll more tokens, or others`,
    );
  };
  return ({ configuration, count, stream, counts, freed }) => {
    const table = tables[configuration]!;
    const used = new UsedCombinations(table.model);
    for (const options of taken.within(table.model)) used.add(options);
    const available = table.total - BigInt(used.size);
    const refuse = (error: ExactCountUnreachableError | ExactSearchTooLargeError) =>
      new PlanAmendmentError(`${describe(count)}. ${error.message}`, {
        cause: error,
        details: error.details,
      });
    let drawn: Int32Array[] | undefined;
    if (BigInt(count) <= available) {
      const random = createRandom(spec.seed, stream);
      if (!counts) {
        drawn = sampleWeighted(table, count, used, taken, random);
      } else {
        try {
          // Wholly new combinations are tried first, briefly: the freed ones are the way out when none fit.
          drawn = sampleExact(table, layers, count, taken, random, {
            counts,
            maxDecisions: freed ? NEW_ONLY_DECISIONS : undefined,
          });
        } catch (error) {
          if (!isExactFailure(error)) throw error;
          if (!freed) throw refuse(error);
        }
      }
    } else if (!counts || !freed) {
      const where = configurations.length > 1 ? ` in ${configurations[configuration]!.name}` : '';
      throw new NotEnoughCombinationsError(
        count,
        available,
        where,
        `${used.size} of its ${table.total} are already in the collection`,
      );
    }
    if (!drawn) drawn = shareOutAgain(table, count, counts!, freed!, `${stream}:freed`);
    return drawn.map((options) => {
      const traits = taken.traitsOf(table.model, options);
      if (!taken.hasKey(TakenCombinations.keyOf(traits))) taken.addShown(traits);
      drawnHere.push(traits);
      return traits;
    });
  };
}

function reroll(
  plan: CollectionPlan,
  { editions, derivation }: Extract<PlanAmendment, { kind: 'reroll' }>,
): CollectionPlan {
  const wanted = [...new Set(editions)].sort((a, b) => a - b);
  const byConfiguration = new Map<number, GeneratedToken[]>();
  for (const edition of wanted) {
    const token = plan.tokens[edition - 1];
    if (!Number.isInteger(edition) || !token) {
      throw new PlanAmendmentError(`Token #${edition} is not in this collection of ${plan.tokens.length}`);
    }
    if (token.kind !== 'generated') {
      throw new PlanAmendmentError(
        `Token #${edition} is a 1-of-1: its artwork is not drawn, so it cannot be rerolled`,
      );
    }
    const list = byConfiguration.get(token.configuration) ?? [];
    list.push(token);
    byConfiguration.set(token.configuration, list);
  }
  const exact = plan.collection.spec.rarity === 'exact';
  const tables = buildConfigurationTables(plan.collection);
  const draw = drawer(
    plan,
    tables,
    (count) =>
      `Rerolling these ${count.toLocaleString('en-US')} tokens cannot keep the exact counts: in exact rarity a reroll shares out again exactly the traits they hold, as new unique combinations under the rules, and none fits`,
  );
  const replaced = new Map<number, Int32Array>();
  for (const [configuration, tokens] of [...byConfiguration].sort((a, b) => a[0] - b[0])) {
    // The kept tokens' traits are spent: the rerolled ones get back exactly what they free.
    const counts = exact ? countOptions(tables[configuration]!.model, tokens) : undefined;
    const drawn = draw({
      configuration,
      count: tokens.length,
      stream: `reroll:${derivation}:${configuration}`,
      counts,
      freed: tokens,
    });
    // Where a token was given back its own former combination, it trades with another (both then change).
    tokens.forEach((token, index) => {
      if (TakenCombinations.keyOf(drawn[index]!) !== TakenCombinations.keyOf(token.traits)) return;
      const other = (index + 1) % tokens.length;
      [drawn[index], drawn[other]] = [drawn[other]!, drawn[index]!];
    });
    tokens.forEach((token, index) => {
      replaced.set(token.edition, drawn[index]!);
    });
  }
  return {
    collection: plan.collection,
    tokens: plan.tokens.map((token) => {
      const traits = replaced.get(token.edition);
      return traits && token.kind === 'generated' ? { ...token, traits } : token;
    }),
  };
}

/**
 * The option counts `count` new tokens of a configuration add in exact mode: what brings the counts of its
 * tokens to the exact counts of its new size. Largest remainder can give an option one fewer at a larger size
 * (the Alabama paradox); then the new tokens are split by the weights alone, so no count goes down.
 */
function grownCounts(
  plan: CollectionPlan,
  table: CombinationTable,
  configuration: number,
  count: number,
): number[][] {
  const tokens = plan.tokens.filter(
    (token): token is GeneratedToken => token.kind === 'generated' && token.configuration === configuration,
  );
  const { layers } = plan.collection;
  const current = countOptions(table.model, tokens);
  const target = exactOptionCounts(table, layers, tokens.length + count);
  const added = target.map((perOption, p) =>
    perOption.map((wanted, option) => wanted - current[p]![option]!),
  );
  return added.some((perOption) => perOption.some((value) => value < 0))
    ? exactOptionCounts(table, layers, count)
    : added;
}

function grow(
  plan: CollectionPlan,
  { count, derivation }: Extract<PlanAmendment, { kind: 'grow' }>,
): CollectionPlan {
  if (!Number.isInteger(count) || count < 1) {
    throw new PlanAmendmentError(`A collection grows by at least one token (got ${count})`);
  }
  const { configurations } = plan.collection;
  const shares = allocateLargestRemainder(
    configurations.map((configuration) => configuration.size),
    count,
  );
  const exact = plan.collection.spec.rarity === 'exact';
  const tables = buildConfigurationTables(plan.collection);
  const draw = drawer(
    plan,
    tables,
    (added) =>
      `Growing by ${added.toLocaleString('en-US')} tokens cannot keep the exact counts: in exact rarity the new tokens bring every count to its exact share of the new size, as new unique combinations under the rules, and none fits`,
  );
  const added: PlannedToken[] = [];
  shares.forEach((share, configuration) => {
    if (share === 0) return;
    const counts = exact ? grownCounts(plan, tables[configuration]!, configuration, share) : undefined;
    for (const traits of draw({
      configuration,
      count: share,
      stream: `grow:${derivation}:${configuration}`,
      counts,
    })) {
      added.push({ kind: 'generated', edition: 0, configuration, traits });
    }
  });
  if (plan.collection.spec.output.shuffle) {
    shuffleInPlace(added, createRandom(plan.collection.spec.seed, `grow:${derivation}:editions`));
  }
  const first = plan.tokens.length + 1;
  added.forEach((token, index) => {
    token.edition = first + index;
  });
  return { collection: plan.collection, tokens: [...plan.tokens, ...added] };
}

/** "token #4" or "these 3 tokens", for messages. */
function describeEditions(tokens: readonly GeneratedToken[]): string {
  return tokens.length === 1
    ? `token #${tokens[0]!.edition}`
    : `these ${tokens.length.toLocaleString('en-US')} tokens`;
}
