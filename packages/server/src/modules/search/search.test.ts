import { setTimeout } from 'node:timers/promises';
import type { SearchGroup } from '@layerloom/api';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';
import * as searchMigration from '../../db/migrations/0074_search.ts';
import * as workspaceMigration from '../../db/migrations/0200_workspace_pinning_and_search.ts';
import { indexUnindexedCollections } from './search.service.ts';

interface TokenView {
  edition: number;
  attributes: { trait_type: string; value: string }[];
}

describe.each(databaseKinds)('search on %s', (kind) => {
  let test: TestApp;
  let owner: LoggedInUser;
  let other: LoggedInUser;
  let admin: LoggedInUser;
  let ownCollection: string;
  let otherCollection: string;
  let ownTokens: TokenView[];
  /** The Body and Hat of the owner's token #1, and the Body of the other user's #1 (seeds differ per run). */
  let body: string;
  let hat: string;
  let otherBody: string;

  const find = async (user: LoggedInUser, query: Record<string, string | number>) => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/v1/search',
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
      headers: { cookie: user.cookie },
    });
    return response;
  };
  const groups = async (user: LoggedInUser, query: Record<string, string | number>) => {
    const response = await find(user, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.groups as SearchGroup[];
  };
  const group = async (
    user: LoggedInUser,
    q: string,
    searchKind: string,
    extra: Record<string, number> = {},
  ) => {
    const [only] = await groups(user, { q, kind: searchKind, pageSize: 50, ...extra });
    if (!only) throw new Error('no group');
    return only;
  };

  beforeAll(async () => {
    test = await createTestApp(kind);
    owner = await createUserAndLogin(test.app, { planId: 'pro', firstName: 'Olive', lastName: 'Owner' });
    other = await createUserAndLogin(test.app, { planId: 'pro', firstName: 'Oscar', lastName: 'Other' });
    admin = await createUserAndLogin(test.app, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
    ownCollection = await createReadyCollection(test.app, owner.cookie, {
      collectionSize: 12,
      name: 'Golden Apes',
    });
    otherCollection = await createReadyCollection(test.app, other.cookie, {
      collectionSize: 12,
      name: 'Golden Owls',
    });
    const listed = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${ownCollection}/tokens?pageSize=200`,
      headers: { cookie: owner.cookie },
    });
    ownTokens = listed.json().data.tokens;
    const traitOf = (token: TokenView | undefined, type: string) =>
      token?.attributes.find((attribute) => attribute.trait_type === type)?.value ?? '';
    body = traitOf(ownTokens[0], 'Body');
    hat = traitOf(ownTokens[0], 'Hat');
    const theirs = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${otherCollection}/tokens?pageSize=200`,
      headers: { cookie: other.cookie },
    });
    otherBody = traitOf(theirs.json().data.tokens[0], 'Body');
  }, 120_000);

  afterAll(async () => {
    await test?.close();
  });

  it('finds the user’s own project and collection by name, never another user’s', async () => {
    const all = await groups(owner, { q: 'golden' });
    expect(all.map((entry) => entry.kind)).toEqual(['project', 'collection', 'token']);
    const [projects, collections] = all;
    expect(projects?.hits).toEqual([expect.objectContaining({ kind: 'project', name: 'Golden Apes' })]);
    expect(collections?.hits).toEqual([
      expect.objectContaining({ kind: 'collection', id: ownCollection, name: 'Golden Apes', size: 12 }),
    ]);
    // Typing as one goes: the start of a word is enough.
    expect(
      (await group(owner, 'gold ap', 'collection')).hits.map((hit) => hit.kind === 'collection' && hit.id),
    ).toEqual([ownCollection]);
    expect((await group(other, 'apes', 'project')).total).toBe(0);
    expect((await group(other, 'apes', 'collection')).total).toBe(0);
  });

  it('finds tokens by trait values, all words required, only in the user’s own collections', async () => {
    const wanted = ownTokens.filter((token) => {
      const values = token.attributes.map((attribute) => attribute.value);
      return values.includes(body) && values.includes(hat);
    });
    expect(wanted.length).toBeGreaterThan(0);
    const found = await group(owner, `${body} ${hat}`.toLowerCase(), 'token');
    expect(found.total).toBe(wanted.length);
    expect(
      found.hits.map((hit) => hit.kind === 'token' && hit.edition).sort((a, b) => Number(a) - Number(b)),
    ).toEqual(wanted.map((token) => token.edition).sort((a, b) => a - b));
    for (const hit of found.hits) {
      expect(hit).toMatchObject({
        kind: 'token',
        collectionId: ownCollection,
        collectionName: 'Golden Apes',
      });
      if (hit.kind === 'token')
        expect(hit.traits.map((trait) => trait.value)).toEqual(expect.arrayContaining([body, hat]));
    }
    // The other user's collection has the same traits; none of its tokens is ever offered to the owner.
    const everyGold = await group(owner, body, 'token');
    expect(everyGold.total).toBeGreaterThan(0);
    expect(everyGold.hits.every((hit) => hit.kind === 'token' && hit.collectionId === ownCollection)).toBe(
      true,
    );
    const theirs = await group(other, otherBody, 'token');
    expect(theirs.hits.every((hit) => hit.kind === 'token' && hit.collectionId === otherCollection)).toBe(
      true,
    );
  });

  it('finds a token by its edition number, with or without #', async () => {
    for (const q of ['#3', '3', '# 3']) {
      const found = await group(owner, q, 'token');
      expect(found.hits).toEqual([
        expect.objectContaining({
          kind: 'token',
          collectionId: ownCollection,
          edition: 3,
          collectionName: 'Golden Apes',
        }),
      ]);
    }
    expect((await group(owner, '#99', 'token')).total).toBe(0);
  });

  it('pages each kind', async () => {
    // A token has one background: all words are required.
    expect((await group(owner, 'sky sand', 'token')).total).toBe(0);
    const sky = await group(owner, 'sky', 'token', { pageSize: 2 });
    const second = await group(owner, 'sky', 'token', { pageSize: 2, page: 2 });
    expect(sky.total).toBe(
      ownTokens.filter((token) => token.attributes.some((a) => a.value === 'Sky')).length,
    );
    expect(sky.hits.length).toBe(Math.min(2, sky.total));
    if (sky.total > 2) expect(second.hits[0]).not.toEqual(sky.hits[0]);
    expect(second.page).toBe(2);
  });

  it('reads query syntax as plain words: quotes, *, NEAR, - and friends give results or none, never an error', async () => {
    const tricky = [
      '"',
      '"gold',
      '*',
      'gold*',
      '-gold',
      'NEAR(gold crown)',
      'gold OR crown',
      'gold AND',
      'NOT',
      '((((',
      'body:gold',
      'kind : "user"',
      "'; drop table search_documents; --",
      '^gold',
      'gold & !crown | :*',
      '\\',
      '🐒',
    ];
    for (const q of tricky) {
      const response = await find(owner, { q });
      expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
      for (const entry of response.json().data.groups as SearchGroup[]) {
        expect(entry.hits.every((hit) => hit.kind !== 'user')).toBe(true);
      }
    }
    // Punctuation around a word leaves the word.
    expect((await group(owner, '"gold', 'token')).total).toBe((await group(owner, 'gold', 'token')).total);
    expect((await group(owner, 'NEAR(gold crown)', 'token')).total).toBe(0);
    expect((await group(owner, '-gold', 'token')).total).toBe((await group(owner, 'gold', 'token')).total);
  });

  it('lets admins, and only admins, search users by name or email', async () => {
    const byName = await group(admin, 'olive', 'user');
    expect(byName.hits).toEqual([
      expect.objectContaining({ kind: 'user', name: 'Olive Owner', email: owner.email }),
    ]);
    const [localPart] = owner.email.split('@');
    const byEmail = await group(admin, owner.email, 'user');
    expect(byEmail.hits.map((hit) => hit.kind === 'user' && hit.email)).toEqual([owner.email]);
    expect((await group(admin, localPart ?? '', 'user')).total).toBe(1);
    const all = await groups(admin, { q: 'olive' });
    expect(all.map((entry) => entry.kind)).toEqual(['project', 'collection', 'token', 'user']);

    const refused = await find(owner, { q: 'oscar', kind: 'user' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only admins can search users.',
    });
    expect((await groups(owner, { q: 'oscar' })).some((entry) => entry.kind === 'user')).toBe(false);
  });

  it('refuses a search without a session or without words to search', async () => {
    const anonymous = await test.app.inject({ method: 'GET', url: '/api/v1/search?q=gold' });
    expect(anonymous.statusCode).toBe(401);
    const empty = await find(owner, { q: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/Type something to search for/);
    const long = await find(owner, { q: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    const badKind = await find(owner, { q: 'gold', kind: 'secrets' });
    expect(badKind.statusCode).toBe(400);
  });

  it('follows a trait rename and a reroll of the owner’s tokens', async () => {
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      test.app.inject({ method, url, headers: { cookie: owner.cookie }, ...(payload ? { payload } : {}) });
    const settled = async () => {
      for (let attempt = 0; attempt < 600; attempt++) {
        const collection = (await call('GET', `/api/v1/collections/${ownCollection}`)).json().data.collection;
        if (collection.progress.status !== 'generating') return;
        await setTimeout(50);
      }
      throw new Error('the collection job did not finish');
    };
    const golds = (await group(owner, body, 'token')).total;
    expect(golds).toBe(ownTokens.filter((token) => token.attributes.some((a) => a.value === body)).length);
    const renamed = await call('PUT', `/api/v1/collections/${ownCollection}/metadata-settings`, {
      namePattern: null,
      description: null,
      externalUrl: null,
      backgroundColor: null,
      attributes: [],
      renames: [{ traitType: 'Body', from: body, to: 'Amber' }],
    });
    expect(renamed.statusCode, renamed.body).toBeLessThan(300);
    await settled();
    expect((await group(owner, 'amber', 'token')).total).toBe(golds);
    expect((await group(owner, body, 'token')).total).toBe(0);

    const before = (await group(owner, '#1', 'token')).hits[0];
    const rerolled = await call('POST', `/api/v1/collections/${ownCollection}/reroll`, { reroll: [1] });
    expect(rerolled.statusCode, rerolled.body).toBeLessThan(300);
    await settled();
    const answer = await call('GET', `/api/v1/collections/${ownCollection}/tokens?pageSize=200`);
    expect(answer.statusCode, answer.body).toBe(200);
    const listed: TokenView[] = answer.json().data.tokens;
    const now = listed.find((token) => token.edition === 1);
    const after = (await group(owner, '#1', 'token')).hits[0];
    expect(after).toMatchObject({
      traits: now?.attributes.map((attribute) => ({
        type: attribute.trait_type,
        value: String(attribute.value),
      })),
    });
    expect(after).not.toEqual(before);
  });

  it('follows renames and deletions of projects, collections and users', async () => {
    const project = (await group(owner, 'golden', 'project')).hits[0];
    if (project?.kind !== 'project') throw new Error('no project');
    const renamed = await test.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${project.id}`,
      headers: { cookie: owner.cookie },
      payload: { name: 'Silver Lemurs' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await group(owner, 'lemurs', 'project')).hits).toEqual([
      expect.objectContaining({ id: project.id, name: 'Silver Lemurs' }),
    ]);
    expect((await group(owner, 'golden', 'project')).total).toBe(0);

    await test.app.database.db
      .updateTable('users')
      .set({ first_name: 'Octavia' })
      .where('id', '=', owner.id)
      .execute();
    expect((await group(admin, 'octavia', 'user')).hits).toEqual([
      expect.objectContaining({ name: 'Octavia Owner', email: owner.email }),
    ]);
    expect((await group(admin, 'olive', 'user')).total).toBe(0);

    const deleted = await test.app.inject({
      method: 'DELETE',
      url: `/api/v1/projects/${project.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await group(owner, 'lemurs', 'project')).total).toBe(0);
  });

  it('indexes the tokens of collections finished before the index, and forgets a deleted collection', async () => {
    const before = (await group(other, otherBody, 'token')).total;
    expect(before).toBeGreaterThan(0);
    await test.app.database.db
      .deleteFrom('search_documents')
      .where('collection_id', '=', otherCollection)
      .where('kind', '=', 'token')
      .execute();
    expect((await group(other, otherBody, 'token')).total).toBe(0);
    expect(await indexUnindexedCollections(test.app)).toBe(1);
    expect((await group(other, otherBody, 'token')).total).toBe(before);

    const removed = await test.app.inject({
      method: 'DELETE',
      url: `/api/v1/collections/${otherCollection}`,
      headers: { cookie: other.cookie },
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await group(other, 'golden', 'collection')).total).toBe(0);
    expect((await group(other, otherBody, 'token')).total).toBe(0);
    expect((await group(other, '#3', 'token')).total).toBe(0);
  });
  it('indexes what already exists when the migration runs', async () => {
    // Migrations are written against an untyped database.
    const db = test.app.database.db as unknown as Kysely<unknown>;
    const crowns = (await group(owner, 'crown', 'token')).total;
    expect(crowns).toBeGreaterThan(0);
    // 0200 (the index by workspace) is undone first and redone last, as a database migrated from scratch runs them.
    await workspaceMigration.down(db);
    await searchMigration.down(db);
    await searchMigration.up(db);
    await workspaceMigration.up(db);
    expect((await group(owner, 'apes', 'collection')).hits).toEqual([
      expect.objectContaining({ id: ownCollection }),
    ]);
    expect((await group(admin, 'oscar', 'user')).total).toBe(1);
    // Tokens are in the blob store: the server indexes them at start.
    expect((await group(owner, 'crown', 'token')).total).toBe(0);
    expect(await indexUnindexedCollections(test.app)).toBe(1);
    expect((await group(owner, 'crown', 'token')).total).toBe(crowns);
  });
});
