import { describe, expect, it } from 'vitest';
import { planCollection } from '../sample/plan-collection.ts';
import type { CollectionSpecInput } from '../spec/collection-spec.ts';
import { parseCollectionSpec } from '../spec/parse-collection-spec.ts';
import { resolveCollection } from '../spec/resolve-collection.ts';
import { buildSolanaMetadata, buildTokenMetadata, tokenDna } from './token-metadata.ts';

/** Background always there; Hat absent from half the tokens; Glasses has a blank trait named "None". */
function spec(showNone: boolean): CollectionSpecInput {
  return {
    name: 'Nones',
    size: 8,
    width: 8,
    height: 8,
    seed: 'none',
    rarity: 'exact',
    layers: [
      {
        name: 'Background',
        traits: [
          { name: 'Blue', asset: 'b.png' },
          { name: 'Red', asset: 'r.png' },
        ],
      },
      {
        name: 'Hat',
        presence: 0.5,
        showNone,
        traits: [
          { name: 'Cap', asset: 'c.png' },
          { name: 'Crown', asset: 'k.png' },
        ],
      },
      {
        name: 'Glasses',
        showNone,
        traits: [
          { name: 'none', weight: 1, asset: 'blank.png' },
          { name: 'Round', weight: 1, asset: 'r.png' },
        ],
      },
    ],
    output: {
      solana: { sellerFeeBasisPoints: 500, creators: [{ address: 'creator', share: 100 }] },
    },
  };
}

function tokens(showNone: boolean) {
  const plan = planCollection(resolveCollection(parseCollectionSpec(spec(showNone))));
  return plan.tokens.map((token) => ({
    eth: buildTokenMetadata(plan.collection, token),
    solana: buildSolanaMetadata(plan.collection, token)!,
    dna: tokenDna(plan.collection, token),
  }));
}

describe('"None" in token metadata', () => {
  it('leaves absent layers and "None" traits out of ETH and Solana attributes by default', () => {
    const all = tokens(false);
    const values = all.flatMap((token) => token.eth.attributes.map((attribute) => String(attribute.value)));
    expect(values.some((value) => value.toLowerCase() === 'none')).toBe(false);
    // 4 tokens without a hat, 4 with the blank glasses: those attributes are simply missing.
    expect(all.filter((token) => !token.eth.attributes.some((a) => a.trait_type === 'Hat'))).toHaveLength(4);
    expect(all.filter((token) => !token.eth.attributes.some((a) => a.trait_type === 'Glasses'))).toHaveLength(
      4,
    );
    for (const token of all) expect(token.solana.attributes).toEqual(token.eth.attributes);
  });

  it('writes "None" for every absent layer and keeps the None trait when the layer asks for it', () => {
    const all = tokens(true);
    for (const token of all) {
      expect(token.eth.attributes.map((attribute) => attribute.trait_type)).toEqual([
        'Background',
        'Hat',
        'Glasses',
      ]);
      expect(token.solana.attributes).toEqual(token.eth.attributes);
    }
    const hats = all.map((token) => token.eth.attributes[1]!.value);
    expect(hats.filter((value) => value === 'None')).toHaveLength(4);
    const glasses = all.map((token) => token.eth.attributes[2]!.value);
    expect(glasses.filter((value) => value === 'none')).toHaveLength(4);
  });

  it('keeps the same tokens and fingerprints whether or not None is shown', () => {
    expect(tokens(true).map((token) => token.dna)).toEqual(tokens(false).map((token) => token.dna));
    expect(new Set(tokens(false).map((token) => token.dna)).size).toBe(8);
  });
});
