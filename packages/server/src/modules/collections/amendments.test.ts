import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureProject } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';

interface TokenView {
  edition: number;
  attributes: { trait_type: string; value: string }[];
}

describe.each(databaseKinds)('lock and reroll, grow on %s', (kind) => {
  let test: TestApp;
  let owner: LoggedInUser;
  let other: LoggedInUser;
  let collectionId: string;

  const inject = (method: 'GET' | 'POST', url: string, payload?: object, cookie = owner.cookie) =>
    test.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  /** Polls the collection until its job has ended; answers its view. */
  async function settled() {
    for (;;) {
      const response = await inject('GET', `/api/v1/collections/${collectionId}`);
      const collection = response.json().data.collection;
      if (collection.progress.status !== 'generating') return collection;
      await setTimeout(50);
    }
  }

  async function tokens(): Promise<TokenView[]> {
    const response = await inject('GET', `/api/v1/collections/${collectionId}/tokens?pageSize=200`);
    expect(response.statusCode).toBe(200);
    return response.json().data.tokens;
  }

  const shown = (token: TokenView) => token.attributes.map((a) => `${a.trait_type}=${a.value}`).join(',');

  async function image(edition: number) {
    const response = await inject('GET', `/api/v1/collections/${collectionId}/images/${edition}.png`);
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  }

  beforeAll(async () => {
    test = await createTestApp(kind);
    owner = await createUserAndLogin(test.app, { planId: 'pro' });
    other = await createUserAndLogin(test.app, { planId: 'pro' });
    const projectId = await createFixtureProject(test.app, owner.cookie, { collectionSize: 8 });
    const started = await inject('POST', `/api/v1/projects/${projectId}/generate`);
    collectionId = started.json().data.collection.id;
    expect((await settled()).progress.status).toBe('ready');
  }, 60_000);

  afterAll(async () => {
    await test?.close();
  });

  it('refuses bad requests with a clear 4xx and records nothing', async () => {
    const cases: [object, number, RegExp][] = [
      [{ keep: [1], reroll: [2] }, 400, /either the tokens to keep or the tokens to reroll/],
      [{ reroll: [9] }, 400, /Token #9 is not in this collection of 8/],
      [{ keep: [1, 2, 3, 4, 5, 6, 7, 8] }, 400, /Every token is kept/],
      [{ reroll: [] }, 400, /Choose at least one token/],
    ];
    for (const [payload, status, message] of cases) {
      const response = await inject('POST', `/api/v1/collections/${collectionId}/reroll`, payload);
      expect(response.statusCode).toBe(status);
      expect(response.json().error.message).toMatch(message);
    }
    const tooMany = await inject('POST', `/api/v1/collections/${collectionId}/grow`, { count: 20 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toMatch(
      /Cannot make 20 unique tokens: only 19 valid combinations exist/,
    );
    const theirs = await inject(
      'POST',
      `/api/v1/collections/${collectionId}/reroll`,
      { keep: [1] },
      other.cookie,
    );
    expect(theirs.statusCode).toBe(404);
    const theirHistory = await inject(
      'GET',
      `/api/v1/collections/${collectionId}/amendments`,
      undefined,
      other.cookie,
    );
    expect(theirHistory.statusCode).toBe(404);
    const history = await inject('GET', `/api/v1/collections/${collectionId}/amendments`);
    expect(history.json().data.amendments).toEqual([]);
    expect((await settled()).progress.status).toBe('ready');
  });

  it('rerolls every token but the three kept as a job: kept images stay byte-identical, the rest change, all unique; a change asked meanwhile is refused', async () => {
    const before = await tokens();
    const kept = [await image(1), await image(4), await image(6)];
    const cidsBefore = (await inject('GET', `/api/v1/collections/${collectionId}/ipfs`)).json().data;
    // The same reroll asked twice at once: the collection is claimed once, the other answer is a 409.
    const answers = await Promise.all([
      inject('POST', `/api/v1/collections/${collectionId}/reroll`, { keep: [1, 4, 6] }),
      inject('POST', `/api/v1/collections/${collectionId}/reroll`, { keep: [1, 4, 6] }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 409]);
    const first = answers.find((answer) => answer.statusCode === 202)!;
    const second = answers.find((answer) => answer.statusCode === 409)!;
    expect(first.json().data).toMatchObject({
      collection: { progress: { status: 'generating' } },
      amendment: { kind: 'reroll', editions: [2, 3, 5, 7, 8], createdBy: owner.email, status: 'running' },
    });
    expect(second.json().error.message).toMatch(/being generated or changed|not finished generating/);

    const after = await settled();
    expect(after.progress).toMatchObject({ status: 'ready', done: 5, total: 5 });
    const rerolled = await tokens();
    expect([await image(1), await image(4), await image(6)]).toEqual(kept);
    for (const edition of [1, 4, 6]) expect(shown(rerolled[edition - 1]!)).toBe(shown(before[edition - 1]!));
    for (const edition of [2, 3, 5, 7, 8])
      expect(shown(rerolled[edition - 1]!)).not.toBe(shown(before[edition - 1]!));
    expect(new Set([...rerolled, ...before].map(shown)).size).toBe(13);
    const cidsAfter = (await inject('GET', `/api/v1/collections/${collectionId}/ipfs`)).json().data;
    expect(cidsAfter.imagesCid).not.toBe(cidsBefore.imagesCid);

    const history = (await inject('GET', `/api/v1/collections/${collectionId}/amendments`)).json().data
      .amendments;
    expect(history).toEqual([
      expect.objectContaining({ kind: 'reroll', status: 'done', createdBy: owner.email }),
    ]);
    const changes = await inject(
      'GET',
      `/api/v1/collections/${collectionId}/amendments/${history[0].id}/changes`,
    );
    expect(changes.json().data).toMatchObject({ total: 5, page: 1 });
    const change = changes.json().data.changes[0];
    expect(change).toMatchObject({ edition: 2, before: { attributes: before[1]!.attributes } });
    expect(change.after.attributes).toEqual(rerolled[1]!.attributes);
    const oldImage = await inject('GET', change.before.image);
    expect(oldImage.statusCode).toBe(200);
    expect(oldImage.headers['content-type']).toBe('image/png');
    const notRerolled = await inject(
      'GET',
      `/api/v1/collections/${collectionId}/amendments/${history[0].id}/before/1.png`,
    );
    expect(notRerolled.statusCode).toBe(404);
  }, 60_000);

  it('keeps exact counts exact: a reroll shares out again exactly the traits it frees, a grow adds the exact counts of the new size, an impossible reroll is a 400 that changes nothing', async () => {
    const projectId = await createFixtureProject(test.app, owner.cookie, {
      collectionSize: 12,
      name: 'Exact Cats',
    });
    const project = (await inject('GET', `/api/v1/projects/${projectId}`)).json().data.project;
    // Counts adding up to the size: Background 6/4/2, Body 5/4/3, Hat 4/4/4 of 12.
    const counts = [
      [6, 4, 2],
      [5, 4, 3],
      [4, 4, 4],
    ];
    const patched = await test.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${projectId}`,
      headers: { cookie: owner.cookie },
      payload: {
        rarityMode: 'exact',
        seed: 'exact-cats',
        layers: project.layers.map(
          (layer: { id: string; name: string; traits: { id: string; name: string }[] }, l: number) => ({
            id: layer.id,
            name: layer.name,
            traits: layer.traits.map((trait, t) => ({
              id: trait.id,
              name: trait.name,
              weight: counts[l]![t]!,
            })),
          }),
        ),
      },
    });
    expect(patched.statusCode).toBe(200);
    const started = await inject('POST', `/api/v1/projects/${projectId}/generate`);
    expect(started.statusCode).toBe(202);
    const id: string = started.json().data.collection.id;
    const ready = async () => {
      for (;;) {
        const collection = (await inject('GET', `/api/v1/collections/${id}`)).json().data.collection;
        if (collection.progress.status !== 'generating') return collection;
        await setTimeout(50);
      }
    };
    const tally = async () => {
      const listed = await inject('GET', `/api/v1/collections/${id}/tokens?pageSize=200`);
      const found: Record<string, number> = {};
      for (const token of listed.json().data.tokens as TokenView[]) {
        for (const { trait_type, value } of token.attributes)
          found[`${trait_type}=${value}`] = (found[`${trait_type}=${value}`] ?? 0) + 1;
      }
      return { tokens: listed.json().data.tokens as TokenView[], found };
    };
    expect((await ready()).progress.status).toBe('ready');
    const generated = await tally();
    expect(generated.found).toEqual({
      'Background=Sky': 6,
      'Background=Sand': 4,
      'Background=Moss': 2,
      'Body=Red': 5,
      'Body=Blue': 4,
      'Body=Gold': 3,
      'Hat=Cap': 4,
      'Hat=Crown': 4,
      'Hat=Band': 4,
    });

    // The grow first: whether its new tokens fit depends only on the seed's collection (the reroll's own draw
    // comes from the change's id, new each time, and could leave the grow no room).
    const grown = await inject('POST', `/api/v1/collections/${id}/grow`, { count: 3 });
    expect(grown.json().error?.message).toBeUndefined();
    expect(grown.statusCode).toBe(202);
    expect((await ready()).progress.status).toBe('ready');
    const bigger = await tally();
    // The exact counts of 15 by largest remainder: Background 7.5/5/2.5 → 8/5/2, Body 6.25/5/3.75 → 6/5/4.
    expect(bigger.found).toEqual({
      'Background=Sky': 8,
      'Background=Sand': 5,
      'Background=Moss': 2,
      'Body=Red': 6,
      'Body=Blue': 5,
      'Body=Gold': 4,
      'Hat=Cap': 5,
      'Hat=Crown': 5,
      'Hat=Band': 5,
    });

    const rerolled = await inject('POST', `/api/v1/collections/${id}/reroll`, { keep: [1, 2, 3] });
    expect(rerolled.json().error?.message).toBeUndefined();
    expect(rerolled.statusCode).toBe(202);
    expect((await ready()).progress.status).toBe('ready');
    const after = await tally();
    expect(after.found).toEqual(bigger.found);
    expect(new Set(after.tokens.map(shown)).size).toBe(15);
    for (let edition = 4; edition <= 15; edition++) {
      expect(shown(after.tokens[edition - 1]!)).not.toBe(shown(bigger.tokens[edition - 1]!));
    }

    // One token alone frees only the traits of the combination it shows: refused, nothing recorded or changed.
    const refused = await inject('POST', `/api/v1/collections/${id}/reroll`, { reroll: [5] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'Rerolling token #5 cannot keep the exact counts and change the collection: the traits they hold make no unique combinations under the rules but the ones they already show; reroll more tokens, or others.',
    );
    expect((await inject('GET', `/api/v1/collections/${id}/amendments`)).json().data.amendments).toHaveLength(
      2,
    );
    expect((await tally()).found).toEqual(bigger.found);
  }, 90_000);

  it('grows the collection: the first tokens stay byte-identical, the new ones are unique, and a published collection refuses changes', async () => {
    const before = await tokens();
    const firstImage = await image(1);
    const grown = await inject('POST', `/api/v1/collections/${collectionId}/grow`, { count: 4 });
    expect(grown.statusCode).toBe(202);
    expect(grown.json().data.amendment).toMatchObject({ kind: 'grow', editions: [9, 10, 11, 12] });
    expect(await settled()).toMatchObject({ size: 12, progress: { status: 'ready' } });
    const all = await tokens();
    expect(all).toHaveLength(12);
    expect(all.slice(0, 8).map(shown)).toEqual(before.map(shown));
    expect(await image(1)).toEqual(firstImage);
    expect(new Set(all.map(shown)).size).toBe(12);
    await image(12);

    const published = await inject('POST', `/api/v1/collections/${collectionId}/publication`, {
      mode: 'hosted',
    });
    expect(published.statusCode).toBe(201);
    for (const [url, payload] of [
      ['reroll', { reroll: [2] }],
      ['grow', { count: 1 }],
    ] as const) {
      const refused = await inject('POST', `/api/v1/collections/${collectionId}/${url}`, payload);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toMatch(
        /published: its provenance hash and token URLs are public/,
      );
    }
    const history = (await inject('GET', `/api/v1/collections/${collectionId}/amendments`)).json().data
      .amendments;
    expect(history.map((entry: { kind: string }) => entry.kind)).toEqual(['grow', 'reroll']);
  }, 60_000);
});
