import { BaseError } from '../errors/base-error.ts';
import { NotEnoughCombinationsError } from '../errors/sample-errors.ts';
import { allocateLargestRemainder } from './allocate-largest-remainder.ts';
import { buildConfigurationTables, type CollectionPlan, type PlannedToken } from './plan-collection.ts';
import { createRandom, shuffleInPlace } from './random.ts';
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
 */
export function amendPlan(plan: CollectionPlan, amendments: readonly PlanAmendment[]): CollectionPlan {
  let current = plan;
  for (const amendment of amendments) {
    current = amendment.kind === 'reroll' ? reroll(current, amendment) : grow(current, amendment);
  }
  return current;
}

type GeneratedToken = Extract<PlannedToken, { kind: 'generated' }>;

function takenBy(plan: CollectionPlan): TakenCombinations {
  const taken = new TakenCombinations(plan.collection.layers.length);
  const byConfiguration = buildConfigurationTables(plan.collection);
  for (const token of plan.tokens) {
    if (token.kind !== 'generated') continue;
    const model = byConfiguration[token.configuration]!.model;
    const options = model.positions.map((position) => {
      const trait = token.traits[position.layer]!;
      return trait >= 0 ? trait : position.noneOption;
    });
    taken.add(model, options);
  }
  return taken;
}

/** Draws `count` new unique combinations of one configuration, avoiding every taken one. */
function draw(
  plan: CollectionPlan,
  tables: ReturnType<typeof buildConfigurationTables>,
  taken: TakenCombinations,
  configuration: number,
  count: number,
  stream: string,
): Int32Array[] {
  const table = tables[configuration]!;
  const used = new UsedCombinations(table.model);
  for (const options of taken.within(table.model)) used.add(options);
  const available = table.total - BigInt(used.size);
  if (BigInt(count) > available) {
    const { configurations } = plan.collection;
    const where = configurations.length > 1 ? ` in ${configurations[configuration]!.name}` : '';
    throw new NotEnoughCombinationsError(
      count,
      available,
      where,
      `${used.size} of its ${table.total} are already in the collection`,
    );
  }
  const random = createRandom(plan.collection.spec.seed, stream);
  return sampleWeighted(table, count, used, taken, random).map((options) =>
    taken.traitsOf(table.model, options),
  );
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
  const tables = buildConfigurationTables(plan.collection);
  const taken = takenBy(plan);
  const replaced = new Map<number, Int32Array>();
  for (const [configuration, tokens] of [...byConfiguration].sort((a, b) => a[0] - b[0])) {
    const drawn = draw(
      plan,
      tables,
      taken,
      configuration,
      tokens.length,
      `reroll:${derivation}:${configuration}`,
    );
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
  const tables = buildConfigurationTables(plan.collection);
  const taken = takenBy(plan);
  const added: PlannedToken[] = [];
  shares.forEach((share, configuration) => {
    if (share === 0) return;
    for (const traits of draw(
      plan,
      tables,
      taken,
      configuration,
      share,
      `grow:${derivation}:${configuration}`,
    )) {
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
