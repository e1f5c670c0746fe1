import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  createRarityTally,
  normalizeTraitString,
  openRarityTraitCount,
  type RarityInput,
  type RarityReport,
  rankLikeOpenRarity,
  TRAIT_COUNT_TYPE,
} from './rarity-report.ts';

type Traits = Record<string, string | number>;
type FixtureTokens = { count?: number; traits: Traits }[];
interface Expected {
  id: number;
  rank?: number;
  unique_traits?: number;
  score?: number;
}
interface Fixtures {
  rankings: { from: string; tokens: FixtureTokens; expected: Expected[] }[];
  setRanks: {
    from: string;
    tokens: { id: number; score: number; unique_traits: number }[];
    expected: { id: number; rank: number }[];
  }[];
  entropy: {
    from: string;
    tokens: FixtureTokens;
    spread: Record<string, Record<string, number>>;
    scoreOrder: [number, '>' | '==', number][];
  }[];
  sameScores: { from: string; a: FixtureTokens; b: FixtureTokens }[];
  frequencyCounts: {
    from: string;
    tokens: FixtureTokens;
    expected: Record<string, Record<string, number>>;
    nulls?: Record<string, number>;
  }[];
  traitCounts: { from: string; traits: Traits; expected: number }[];
}

// OpenRarity's own test data (facts, see "about" in the file), run through the engine.
const fixtures = JSON.parse(
  await readFile(new URL('../../test/fixtures/openrarity.json', import.meta.url), 'utf8'),
) as Fixtures;

const attributesOf = (traits: Traits): RarityInput['attributes'] =>
  Object.entries(traits).map(([trait_type, value]) => ({ trait_type, value }));

function rank(tokens: FixtureTokens): RarityReport {
  const tally = createRarityTally();
  let edition = 0;
  for (const { count = 1, traits } of tokens) {
    for (let i = 0; i < count; i++) {
      edition++;
      tally.add(edition, { name: `#${edition - 1}`, attributes: attributesOf(traits) });
    }
  }
  return tally.report(edition);
}

/** The report's counts keyed as OpenRarity keys them (normalized), the left-out count under `Null`. */
function frequencyCounts(report: RarityReport): Record<string, Record<string, number>> {
  const counts: Record<string, Record<string, number>> = {};
  for (const [type, values] of Object.entries(report.traits)) {
    counts[normalizeTraitString(type)] = Object.fromEntries(
      Object.entries(values).map(([value, stats]) => [normalizeTraitString(value), stats.count]),
    );
  }
  return counts;
}

describe('OpenRarity test data', () => {
  for (const ranking of fixtures.rankings) {
    it(`ranks as ${ranking.from}`, () => {
      const report = rank(ranking.tokens);
      for (const expected of ranking.expected) {
        // OpenRarity's token id n is edition n + 1.
        const token = report.tokens[expected.id]!;
        expect(token.edition).toBe(expected.id + 1);
        if (expected.rank !== undefined) expect(token.rank).toBe(expected.rank);
        if (expected.unique_traits !== undefined) expect(token.uniqueTraits).toBe(expected.unique_traits);
        if (expected.score !== undefined) expect(Math.abs(token.score - expected.score)).toBeLessThan(1e-9);
      }
    });
  }

  for (const { from, tokens, expected } of fixtures.setRanks) {
    it(`assigns ranks as ${from}`, () => {
      const ranked = rankLikeOpenRarity(
        tokens.map((token) => ({
          id: token.id,
          score: token.score,
          uniqueTraits: token.unique_traits,
          rank: 0,
        })),
      );
      expect(ranked.map(({ id, rank }) => ({ id, rank }))).toEqual(expected);
    });
  }

  for (const { from, tokens, spread, scoreOrder } of fixtures.entropy) {
    it(`scores over the collection entropy as ${from}`, () => {
      const report = rank(tokens);
      const size = report.tokenCount;
      let entropy = 0;
      for (const values of Object.values(spread)) {
        for (const count of Object.values(values)) entropy -= (count / size) * Math.log2(count / size);
      }
      // Each token's information content, over the entropy of the spread OpenRarity's test gives.
      report.tokens.forEach((token, index) => {
        const traits: Traits = tokens[index]!.traits;
        let information = 0;
        for (const [type, values] of Object.entries(spread)) {
          const value =
            type === TRAIT_COUNT_TYPE ? String(Object.keys(traits).length) : (traits[type] ?? 'Null');
          information += Math.log2(size / values[String(value)]!);
        }
        expect(Math.abs(token.score - information / entropy)).toBeLessThan(1e-9);
      });
      const scores = report.tokens.map((token) => token.score);
      for (const [a, relation, b] of scoreOrder) {
        if (relation === '>') expect(scores[a]).toBeGreaterThan(scores[b]!);
        else expect(scores[a]).toBe(scores[b]);
      }
    });
  }

  for (const { from, a, b } of fixtures.sameScores) {
    it(`scores a written "none" as a left-out trait, as ${from}`, () => {
      const left = rank(a).tokens;
      const written = rank(b).tokens;
      expect(written.map((token) => token.score)).toEqual(left.map((token) => token.score));
      expect(written.map((token) => token.rank)).toEqual(left.map((token) => token.rank));
    });
  }

  for (const { from, tokens, expected, nulls } of fixtures.frequencyCounts) {
    it(`counts trait values as ${from}`, () => {
      const counts = frequencyCounts(rank(tokens));
      // The report also counts the tokens that leave a type out (OpenRarity's null attributes,
      // which its frequency counts leave out); none of these tokens writes a "none".
      const left: Record<string, number> = {};
      for (const [type, values] of Object.entries(counts)) {
        if (values.none === undefined) continue;
        left[type] = values.none;
        delete values.none;
      }
      if (nulls) expect(left).toEqual(nulls);
      expect(counts).toEqual(expected);
    });
  }

  for (const { from, traits, expected } of fixtures.traitCounts) {
    it(`counts ${JSON.stringify(traits)} as ${expected} traits (${from})`, () => {
      expect(openRarityTraitCount(attributesOf(traits))).toBe(expected);
    });
  }
});

describe('values OpenRarity does not read', () => {
  it('skips a null value (metadata written elsewhere): no trait, not a numeric one that would refuse the collection', () => {
    const attributes = [
      { trait_type: 'Hat', value: 'Cap' },
      { trait_type: 'Glow', value: null },
    ] as unknown as { trait_type: string; value: string }[];
    expect(openRarityTraitCount(attributes)).toBe(1);
    expect(
      openRarityTraitCount([
        { trait_type: 'Level', value: 3 },
        { trait_type: 'Shiny', value: true },
      ]),
    ).toBe(2);
  });
});
