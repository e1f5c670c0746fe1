import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { writeTestCollection } from '../../test/support/write-test-collection.ts';
import {
  computeRarity,
  createRarityTally,
  NONE_VALUE,
  normalizeTraitString,
  type RarityInput,
  TRAIT_COUNT_TYPE,
} from './rarity-report.ts';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const grey = [128, 128, 128] as const;
const hat = (value: string) => ({ trait_type: 'Hat', value });
const eyes = (value: string) => ({ trait_type: 'Eyes', value });

/** The report of tokens given by their attributes, editions in order. */
function tally(tokens: RarityInput['attributes'][]) {
  const rarity = createRarityTally();
  tokens.forEach((attributes, index) => {
    rarity.add(index + 1, { name: `#${index + 1}`, attributes });
  });
  return rarity.report(tokens.length);
}

async function fourTokens() {
  const { dir, source } = await writeTestCollection([
    { color: grey, attributes: [hat('A'), eyes('X')] },
    { color: grey, attributes: [hat('A'), eyes('X')] },
    { color: grey, attributes: [hat('B'), eyes('X')] },
    { color: grey, attributes: [eyes('Y'), { trait_type: 'Level', value: 3 }] },
  ]);
  folders.push(dir);
  return source;
}

describe('computeRarity', () => {
  it('scores by information content over entropy, with None for a missing trait (hand-computed)', async () => {
    const report = await computeRarity(await fourTokens(), { traitCount: false });
    // Hat: A 2/4, B 1/4, None 1/4 → H = 1.5 bits; Eyes: X 3/4, Y 1/4 → H = 0.811278 bits.
    const entropy = 1.5 + (0.75 * -Math.log2(0.75) + 0.25 * 2);
    expect(report.traits).toEqual({
      Eyes: { X: { count: 3, share: 0.75 }, Y: { count: 1, share: 0.25 } },
      Hat: {
        A: { count: 2, share: 0.5 },
        B: { count: 1, share: 0.25 },
        [NONE_VALUE]: { count: 1, share: 0.25 },
      },
    });
    const scores = report.tokens.map((token) => token.score);
    expect(scores[0]).toBeCloseTo((1 - Math.log2(0.75)) / entropy, 12);
    expect(scores[2]).toBeCloseTo((2 - Math.log2(0.75)) / entropy, 12);
    expect(scores[3]).toBeCloseTo(4 / entropy, 12);
    expect(report.tokens.map((token) => token.rank)).toEqual([3, 3, 2, 1]);
    expect(report.tokens[3]).toMatchObject({ edition: 4, name: 'Test #4' });
  });

  it('leaves numeric attributes out of the score, counts them in the trait count and says OpenRarity refuses them', async () => {
    const report = await computeRarity(await fourTokens());
    expect(Object.keys(report.traits).sort()).toEqual(['Eyes', 'Hat', TRAIT_COUNT_TYPE]);
    // Token 4's Level counts as a trait (OpenRarity's Token.trait_count), so every token has 2.
    expect(report.traits[TRAIT_COUNT_TYPE]).toEqual({ '2': { count: 4, share: 1 } });
    expect(report.tokens.map((token) => token.rank)).toEqual([3, 3, 2, 1]);
    expect(report.openRarityRefuses).toBe(
      'OpenRarity does not rank collections with numeric or boolean traits (Level). These ranks use its method ' +
        'with those traits left out of the score and counted in the trait count, as its scoring does.',
    );
  });

  it('says nothing of OpenRarity refusing a collection of string traits only', async () => {
    const { dir, source } = await writeTestCollection([
      { color: grey, attributes: [hat('A')] },
      { color: grey, attributes: [hat('B')] },
    ]);
    folders.push(dir);
    expect(await computeRarity(source)).not.toHaveProperty('openRarityRefuses');
  });

  it('ranks by unique traits first, then score, sharing a rank when scores are equal (OpenRarity)', () => {
    // Token 1 has the only Hat C (unique) but a lower score than token 4, whose traits are all shared.
    const report = tally([
      [hat('C'), eyes('X')],
      [hat('A'), eyes('X')],
      [hat('A'), eyes('X')],
      [hat('B'), eyes('Y'), { trait_type: 'Mouth', value: 'M' }],
      [hat('B'), eyes('Y'), { trait_type: 'Mouth', value: 'M' }],
    ]);
    const byEdition = report.tokens.map(({ rank, uniqueTraits }) => [rank, uniqueTraits]);
    expect(report.tokens[3]!.score).toBeGreaterThan(report.tokens[0]!.score);
    expect(byEdition).toEqual([
      [1, 1],
      [4, 0],
      [4, 0],
      [2, 0],
      [2, 0],
    ]);
  });

  it('gives the same ranks with None shown in metadata as with it left out', () => {
    const shown = [
      [hat('None'), eyes('X')],
      [hat('A'), eyes('X')],
      [hat('A'), eyes('Y')],
      [hat('None'), eyes('Y')],
    ];
    const left = shown.map((attributes) => attributes.filter((attribute) => attribute.value !== 'None'));
    const withNone = tally(shown);
    const without = tally(left);
    expect(withNone.tokens).toEqual(without.tokens);
    expect(withNone.traits[TRAIT_COUNT_TYPE]).toEqual({
      '1': { count: 2, share: 0.5 },
      '2': { count: 2, share: 0.5 },
    });
    expect(withNone.traits.Hat).toEqual(without.traits.Hat);
  });

  it('tells a written None from a left-out type, as OpenRarity does (hand-computed)', () => {
    // Token 2's configuration has the Hat layer and shows None; token 3's has no Hat layer at all.
    const report = tally([[hat('Cap')], [hat('None')], [], [hat('Cap')]]);
    // The table shows both as None (tokens without a hat), as the layer fit and trait filters read it.
    expect(report.traits.Hat).toEqual({ Cap: { count: 2, share: 0.5 }, None: { count: 2, share: 0.5 } });
    // Hat: Cap ½, None ¼, left out ¼ → 1.5 bits; trait count 1 or 0, ½ each → 1 bit.
    expect(report.tokens.map((token) => token.score)).toEqual([2 / 2.5, 3 / 2.5, 3 / 2.5, 2 / 2.5]);
    // The written None is a unique trait, a left-out type is not; equal scores still share rank 1.
    expect(report.tokens.map(({ rank, uniqueTraits }) => [rank, uniqueTraits])).toEqual([
      [3, 0],
      [1, 1],
      [1, 0],
      [3, 0],
    ]);
  });

  it('compares trait types and values without case or surrounding spaces, naming them as first written', () => {
    const report = tally([
      [hat('Red')],
      [{ trait_type: ' hat', value: 'red ' }],
      [hat('BLUE')],
      [hat('blue')],
    ]);
    expect(report.traits).toEqual({
      Hat: { BLUE: { count: 2, share: 0.5 }, Red: { count: 2, share: 0.5 } },
      [TRAIT_COUNT_TYPE]: { '1': { count: 4, share: 1 } },
    });
    expect(report.tokens.map((token) => token.rank)).toEqual([1, 1, 1, 1]);
  });

  it("strips the spaces Python's str.strip() strips, not String.trim's", () => {
    expect(normalizeTraitString(' \u0085Hat\u001f\u3000')).toBe('hat');
    expect(normalizeTraitString('\ufeffHat')).toBe('\ufeffhat');
  });

  it('reads booleans as OpenRarity reads them: numeric, counted in the trait count only', () => {
    const report = tally([[hat('A'), { trait_type: 'Animated', value: true }], [hat('A')]]);
    expect(report.traits).toEqual({
      Hat: { A: { count: 2, share: 1 } },
      [TRAIT_COUNT_TYPE]: { '1': { count: 1, share: 0.5 }, '2': { count: 1, share: 0.5 } },
    });
    expect(report.openRarityRefuses).toContain('(Animated)');
  });

  it('gives every token rank 1 and score 0 when all are alike', async () => {
    const { dir, source } = await writeTestCollection([
      { color: grey, attributes: [hat('A')] },
      { color: grey, attributes: [hat('A')] },
    ]);
    folders.push(dir);
    const report = await computeRarity(source);
    expect(report.tokens.map((token) => [token.score, token.rank])).toEqual([
      [0, 1],
      [0, 1],
    ]);
  });

  it('names a missing or broken metadata file', async () => {
    const source = await fourTokens();
    await expect(computeRarity({ ...source, size: 5 })).rejects.toThrow('Cannot read metadata/5.json');
    const broken = { read: async () => new TextEncoder().encode('{"name": 1}') };
    await expect(computeRarity({ files: broken, size: 1 })).rejects.toThrow(
      /metadata\/1\.json is not ERC-721 metadata/,
    );
  });
});
