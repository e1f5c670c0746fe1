import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';
import type { StoredProject } from '../projects/project-document.ts';
import { chiSquareSurvival, rarityFit } from './rarity-fit.ts';

describe('rarityFit', () => {
  const project = {
    rarity_mode: 'weighted',
    rules: [],
    layers: [
      {
        name: 'Body',
        presence: 100,
        traits: [
          { name: 'Red', weight: 3 },
          { name: 'Blue', weight: 1 },
        ],
      },
      { name: 'Hat', presence: 50, traits: [{ name: 'Cap', weight: 1 }] },
    ],
  } as unknown as StoredProject;
  const report = {
    method: 'openrarity-information-content' as const,
    tokenCount: 100,
    traits: {
      Body: { Red: { count: 70, share: 0.7 }, Blue: { count: 30, share: 0.3 } },
      Hat: { Cap: { count: 50, share: 0.5 }, None: { count: 50, share: 0.5 } },
    },
    tokens: [],
  };

  it('gives each trait its target share (weight × presence) and None for an optional layer', () => {
    const [body, hat] = rarityFit(project, report);
    expect(body!.traits).toEqual([
      { name: 'Red', count: 70, share: 0.7, targetShare: 0.75, targetCount: 75 },
      { name: 'Blue', count: 30, share: 0.3, targetShare: 0.25, targetCount: 25 },
    ]);
    expect(hat!.traits.map((trait) => [trait.name, trait.targetShare])).toEqual([
      ['Cap', 0.5],
      ['None', 0.5],
    ]);
  });

  it('computes Pearson χ² with its p-value in weighted mode, none in exact mode', () => {
    const [body, hat] = rarityFit(project, report);
    // (70−75)²/75 + (30−25)²/25 = 1/3 + 1 = 4/3, one degree of freedom: p ≈ 0.2482.
    expect(body!.chiSquare!.statistic).toBeCloseTo(4 / 3, 10);
    expect(body!.chiSquare!.degreesOfFreedom).toBe(1);
    expect(body!.chiSquare!.pValue).toBeCloseTo(0.2482, 4);
    expect(hat!.chiSquare).toEqual({ statistic: 0, degreesOfFreedom: 1, pValue: 1 });
    const exact = rarityFit({ ...project, rarity_mode: 'exact' } as StoredProject, report);
    expect(exact.every((layer) => layer.chiSquare === null)).toBe(true);
  });

  it('matches χ² table values', () => {
    expect(chiSquareSurvival(3.841, 1)).toBeCloseTo(0.05, 3);
    expect(chiSquareSurvival(5.991, 2)).toBeCloseTo(0.05, 3);
    expect(chiSquareSurvival(18.307, 10)).toBeCloseTo(0.05, 3);
    expect(chiSquareSurvival(6.635, 1)).toBeCloseTo(0.01, 3);
    expect(chiSquareSurvival(0, 4)).toBe(1);
  });
});

describe.each(databaseKinds)('GET /api/v1/collections/:id/rarity on %s', (kind) => {
  let test: TestApp;
  let owner: LoggedInUser;
  let other: LoggedInUser;
  let collectionId: string;

  beforeAll(async () => {
    test = await createTestApp(kind);
    owner = await createUserAndLogin(test.app, { planId: 'pro' });
    other = await createUserAndLogin(test.app, { planId: 'pro' });
    collectionId = await createReadyCollection(test.app, owner.cookie, { collectionSize: 12 });
  }, 60_000);

  afterAll(async () => {
    await test?.close();
  });

  it('reports each layer against its targets, χ² and the rarest tokens', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}/rarity`,
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(200);
    const { rarity } = response.json().data;
    expect(rarity).toMatchObject({ tokenCount: 12, rarityMode: 'weighted', hasRules: false });
    expect(rarity.layers.map((layer: { layer: string }) => layer.layer)).toEqual([
      'Background',
      'Body',
      'Hat',
    ]);
    for (const layer of rarity.layers) {
      expect(layer.traits).toHaveLength(3);
      expect(layer.traits.reduce((sum: number, trait: { count: number }) => sum + trait.count, 0)).toBe(12);
      for (const trait of layer.traits) {
        expect(trait.targetShare).toBeCloseTo(1 / 3, 10);
        expect(trait.targetCount).toBe(4);
        expect(trait.share).toBeCloseTo(trait.count / 12, 10);
      }
      expect(layer.chiSquare.degreesOfFreedom).toBe(2);
      expect(layer.chiSquare.pValue).toBeGreaterThan(0);
      expect(layer.chiSquare.pValue).toBeLessThanOrEqual(1);
    }
    expect(rarity.rarest).toHaveLength(10);
    expect(rarity.rarest[0].rank).toBe(1);
    const ranks = rarity.rarest.map((token: { rank: number }) => token.rank);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    expect(rarity.rarest[0].name).toMatch(/^Fixture Cats #\d+$/);
  }, 30_000);

  it("is 404 for another user's collection and 401 signed out", async () => {
    const foreign = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}/rarity`,
      headers: { cookie: other.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('collections/');
    const anonymous = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}/rarity`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
