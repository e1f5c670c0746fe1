import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { writeTestCollection } from '../../test/support/write-test-collection.ts';
import { computeRarity, NONE_VALUE, TRAIT_COUNT_TYPE } from './rarity-report.ts';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const grey = [128, 128, 128] as const;
const hat = (value: string) => ({ trait_type: 'Hat', value });
const eyes = (value: string) => ({ trait_type: 'Eyes', value });

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

  it('leaves numeric attributes out and counts traits as a meta trait by default', async () => {
    const report = await computeRarity(await fourTokens());
    expect(Object.keys(report.traits).sort()).toEqual(['Eyes', 'Hat', TRAIT_COUNT_TYPE]);
    expect(report.traits[TRAIT_COUNT_TYPE]).toEqual({
      '1': { count: 1, share: 0.25 },
      '2': { count: 3, share: 0.75 },
    });
    expect(report.tokens.map((token) => token.rank)).toEqual([3, 3, 2, 1]);
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
