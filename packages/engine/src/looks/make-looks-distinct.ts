import { BaseError } from '../errors/base-error.ts';
import { GenerationCancelledError } from '../errors/generate-errors.ts';
import { NotEnoughCombinationsError } from '../errors/sample-errors.ts';
import { amendPlan, type PlanAmendment, PlanAmendmentError } from '../sample/amend-plan.ts';
import type { CollectionPlan, PlannedToken } from '../sample/plan-collection.ts';
import { LOOK_ALIKE_DISTANCE, LookIndex, perceptualBits } from './group-look-alikes.ts';
import type { TokenLook } from './token-look.ts';

/** Rounds of rerolls before giving up: each round rerolls only the tokens still alike. */
export const MAX_LOOK_ROUNDS = 16;

/** "Every token looks different" cannot be met: the layers do not give enough different looks. */
export class LooksNotDistinctError extends BaseError {
  readonly code = 'LOOKS_NOT_DISTINCT';
}

/** Parameters of `makeLooksDistinct`. */
export interface MakeLooksDistinctParameters {
  plan: CollectionPlan;
  /** The look of a token as it would render (composited, not encoded). */
  lookOf: (token: PlannedToken) => Promise<TokenLook>;
  /** Looks computed at once (the render threads' slots). */
  concurrency: number;
  /** Largest perceptual distance that counts as alike (default `LOOK_ALIKE_DISTANCE`). */
  threshold?: number;
  signal?: AbortSignal;
}

/** The plan in which no two tokens look alike, and the rerolls that made it from the given one. */
export interface MakeLooksDistinctReturnType {
  plan: CollectionPlan;
  /** Replayed on the given plan with `amendPlan`, they give `plan` (kept so a resumed job skips the looks). */
  amendments: PlanAmendment[];
  /** Editions rerolled at least once, ascending. */
  rerolled: number[];
}

/**
 * Rerolls the tokens that would look like another token until none does, deterministically: tokens are
 * judged in edition order against those already kept (1-of-1s first: they cannot be rerolled), so a
 * token is rerolled only when an earlier edition already shows its look; each round rerolls every token
 * still alike at once (`amendPlan`'s reroll, stream `looks:<round>` of the seed), under the same rules,
 * uniqueness and exact counts, and only those are looked at again. The same plan gives the same result.
 * Throws `LooksNotDistinctError` in plain words when the layers cannot give every token its own look.
 */
export async function makeLooksDistinct(
  parameters: MakeLooksDistinctParameters,
): Promise<MakeLooksDistinctReturnType> {
  const threshold = parameters.threshold ?? LOOK_ALIKE_DISTANCE;
  let plan = parameters.plan;
  const index = new LookIndex(threshold);
  const keptEditions: number[] = [];
  const pixels = new Map<string, number>();
  const amendments: PlanAmendment[] = [];
  const rerolled = new Set<number>();
  /** The kept token this look matches, or undefined (and it is kept). */
  const judge = (edition: number, look: TokenLook, canReroll: boolean): number | undefined => {
    const bits = perceptualBits(look.perceptual);
    const twin = pixels.get(look.pixel) ?? keptEditions[index.near(bits)[0] ?? -1];
    if (twin !== undefined && canReroll) return twin;
    index.add(bits);
    keptEditions.push(edition);
    if (!pixels.has(look.pixel)) pixels.set(look.pixel, edition);
    return undefined;
  };
  const oneOfOnes = plan.tokens.filter((token) => token.kind === 'one-of-one');
  for (const [token, look] of await looksOf(oneOfOnes, parameters)) judge(token.edition, look, false);
  let pending: PlannedToken[] = plan.tokens.filter((token) => token.kind === 'generated');
  for (let round = 1; ; round++) {
    const alike: { edition: number; like: number }[] = [];
    for (const [token, look] of await looksOf(pending, parameters)) {
      const like = judge(token.edition, look, true);
      if (like !== undefined) alike.push({ edition: token.edition, like });
    }
    if (alike.length === 0) {
      return { plan, amendments, rerolled: [...rerolled].sort((a, b) => a - b) };
    }
    const amendment: PlanAmendment = {
      kind: 'reroll',
      editions: alike.map((token) => token.edition),
      derivation: `looks:${round}`,
    };
    if (round > MAX_LOOK_ROUNDS) throw notDistinct(plan, alike, `after ${MAX_LOOK_ROUNDS} rounds of rerolls`);
    try {
      plan = amendPlan(plan, [amendment]);
    } catch (error) {
      if (!(error instanceof NotEnoughCombinationsError || error instanceof PlanAmendmentError)) throw error;
      throw notDistinct(plan, alike, `and rerolling them fails: ${error.message}`, error);
    }
    amendments.push(amendment);
    for (const { edition } of alike) rerolled.add(edition);
    pending = alike.map(({ edition }) => plan.tokens[edition - 1]!);
  }
}

/** Looks of tokens, in their order, at most `concurrency` computed at once. */
async function looksOf(
  tokens: readonly PlannedToken[],
  { lookOf, concurrency, signal }: MakeLooksDistinctParameters,
): Promise<[PlannedToken, TokenLook][]> {
  const looks: TokenLook[] = new Array(tokens.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tokens.length) {
      if (signal?.aborted) throw new GenerationCancelledError({ cause: signal.reason });
      const at = next++;
      looks[at] = await lookOf(tokens[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return tokens.map((token, at) => [token, looks[at]!]);
}

function notDistinct(
  plan: CollectionPlan,
  alike: { edition: number; like: number }[],
  why: string,
  cause?: unknown,
): LooksNotDistinctError {
  const count = alike.length;
  const examples = alike
    .slice(0, 3)
    .map(({ edition, like }) => `#${edition} looks like #${like}`)
    .join(', ');
  return new LooksNotDistinctError(
    `Every token cannot look different: ${count.toLocaleString('en-US')} token${count === 1 ? '' : 's'} still look${count === 1 ? 's' : ''} like another (${examples}${count > 3 ? ', …' : ''}) ${why}. The layers do not give ${plan.tokens.length.toLocaleString('en-US')} tokens each a look of their own: lower the collection size, make the traits hidden under other layers visible, or turn off “Every token looks different”.`,
    { details: { alike: count }, cause },
  );
}
