import { describe, expect, it } from 'vitest';
import { specLayer } from '../../test/support/spec-layer.ts';
import type { CollectionSpecInput } from '../spec/collection-spec.ts';
import { parseCollectionSpec } from '../spec/parse-collection-spec.ts';
import { resolveCollection } from '../spec/resolve-collection.ts';
import { amendPlan, PlanAmendmentError } from './amend-plan.ts';
import { type CollectionPlan, planCollection } from './plan-collection.ts';

/** Exact counts that add up to the size, 60: Body Alpha 20, Eyes Delta 8, Hat Bravo 20 (the collection). */
const exactSpec: CollectionSpecInput = {
  name: 'Exact',
  size: 60,
  width: 8,
  height: 8,
  seed: 'exact-seed',
  rarity: 'exact',
  layers: [
    specLayer('Background', [30, 20, 10]),
    specLayer('Body', [20, 15, 15, 10]),
    specLayer('Eyes', [12, 12, 10, 8, 10, 8]),
    specLayer('Hat', [25, 20, 10], { presence: 55 / 60 }),
  ],
  rules: ['Body0 excludes Hat2', 'Eyes3 requires Background0'],
};

function plan(input: CollectionSpecInput): CollectionPlan {
  return planCollection(resolveCollection(parseCollectionSpec(input)));
}

/** `layer=trait` → how many tokens show it (an absent layer counts as `layer=-`). */
function counts(result: CollectionPlan): Record<string, number> {
  const tally: Record<string, number> = {};
  for (const token of result.tokens) {
    if (token.kind !== 'generated') continue;
    token.traits.forEach((trait, layerIndex) => {
      const key = `${result.collection.layers[layerIndex]!.name}=${trait < 0 ? '-' : trait}`;
      tally[key] = (tally[key] ?? 0) + 1;
    });
  }
  return tally;
}

function keyOf(token: CollectionPlan['tokens'][number]): string {
  return token.kind === 'generated' ? token.traits.join(',') : `one-of-one:${token.oneOfOne}`;
}

/** Every rule of `exactSpec` holds and no two tokens show the same combination. */
function expectValidAndUnique(result: CollectionPlan): void {
  expect(new Set(result.tokens.map(keyOf)).size).toBe(result.tokens.length);
  for (const token of result.tokens) {
    if (token.kind !== 'generated') continue;
    const [background, body, eyes, hat] = token.traits;
    expect(body === 0 && hat === 2).toBe(false);
    if (eyes === 3) expect(background).toBe(0);
  }
}

const kept = [1, 2, 3, 5, 8, 13, 21, 34, 55, 60];
const rerolled = Array.from({ length: 60 }, (_, index) => index + 1).filter(
  (edition) => !kept.includes(edition),
);

describe('amendPlan in exact rarity', () => {
  it('rerolls the unkept tokens with every count still exact, kept tokens unchanged, each rerolled token new', () => {
    const before = plan(exactSpec);
    const after = amendPlan(before, [{ kind: 'reroll', editions: rerolled, derivation: 'r1' }]);
    expect(counts(after)).toEqual(counts(before));
    expect(counts(after)).toMatchObject({ 'Body=0': 20, 'Eyes=3': 8, 'Hat=1': 20, 'Hat=-': 5 });
    expectValidAndUnique(after);
    for (const edition of rerolled) {
      expect(keyOf(after.tokens[edition - 1]!)).not.toBe(keyOf(before.tokens[edition - 1]!));
    }
    // Counts this tight leave few new combinations, but the collection shows some it did not have.
    const originals = new Set(before.tokens.map(keyOf));
    expect(after.tokens.some((token) => !originals.has(keyOf(token)))).toBe(true);
  });

  it('draws the same reroll from the same derivation and another from another', () => {
    const before = plan(exactSpec);
    const reroll = (derivation: string) =>
      amendPlan(before, [{ kind: 'reroll', editions: rerolled, derivation }]).tokens.map(keyOf);
    expect(reroll('r1')).toEqual(reroll('r1'));
    expect(reroll('r2')).not.toEqual(reroll('r1'));
  });

  it('keeps the counts exact over a reroll of a few tokens, then of those again', () => {
    const before = plan(exactSpec);
    const after = amendPlan(before, [
      { kind: 'reroll', editions: [4, 6, 7, 9, 10, 11], derivation: 'a' },
      { kind: 'reroll', editions: [4, 6, 7, 40, 41], derivation: 'b' },
    ]);
    expect(counts(after)).toEqual(counts(before));
    expectValidAndUnique(after);
  });

  it('grows by tokens that bring every count to the exact counts of the new size', () => {
    const before = plan(exactSpec);
    const grown = amendPlan(before, [{ kind: 'grow', count: 12, derivation: 'g' }]);
    expect(grown.tokens).toHaveLength(72);
    // What a collection of 72 planned in exact mode from the start has.
    expect(counts(grown)).toEqual(counts(plan({ ...exactSpec, size: 72 })));
    expectValidAndUnique(grown);
    for (let edition = 1; edition <= 60; edition++) {
      expect(keyOf(grown.tokens[edition - 1]!)).toBe(keyOf(before.tokens[edition - 1]!));
    }
    // Counts stay exact when the grown collection is rerolled.
    const rerolledGrown = amendPlan(grown, [
      { kind: 'reroll', editions: [61, 62, 63, 64, 1, 2], derivation: 'r' },
    ]);
    expect(counts(rerolledGrown)).toEqual(counts(grown));
  });

  it('refuses to reroll one token alone, saying why', () => {
    const before = plan(exactSpec);
    expect(() => amendPlan(before, [{ kind: 'reroll', editions: [7], derivation: 'one' }])).toThrow(
      'Rerolling token #7 cannot keep the exact counts and change the collection: the traits they hold make no unique combinations under the rules but the ones they already show; reroll more tokens, or others',
    );
  });

  it('refuses a reroll whose freed traits only make the combinations the tokens already show', () => {
    const before = plan(exactSpec);
    // Two tokens that differ on one layer only: swapping that layer gives back the same two combinations.
    const generated = before.tokens.filter((token) => token.kind === 'generated');
    let pair: number[] | undefined;
    for (const a of generated) {
      for (const b of generated) {
        if (a.edition >= b.edition) continue;
        const differing = a.traits.filter((trait, index) => trait !== b.traits[index]).length;
        if (differing === 1) pair = [a.edition, b.edition];
      }
    }
    expect(pair).toBeDefined();
    let error: unknown;
    try {
      amendPlan(before, [{ kind: 'reroll', editions: pair!, derivation: 'pair' }]);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(PlanAmendmentError);
    expect((error as Error).message).toBe(
      'Rerolling these 2 tokens cannot keep the exact counts and change the collection: the traits they hold make no unique combinations under the rules but the ones they already show; reroll more tokens, or others',
    );
  });

  it('leaves weighted rarity to the weights (counts may move)', () => {
    const weighted = plan({ ...exactSpec, rarity: 'weighted' });
    const after = amendPlan(weighted, [{ kind: 'reroll', editions: rerolled, derivation: 'w' }]);
    expectValidAndUnique(after);
    expect(after.tokens).toHaveLength(60);
  });
});
