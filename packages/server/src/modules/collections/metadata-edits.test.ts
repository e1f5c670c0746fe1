import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureProject } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';
import { FROZEN_REASON } from '../marketplace/marketplace.service.ts';

const edits = {
  namePattern: 'Cat {edition} of {collection}',
  description: 'Hand-picked cats',
  externalUrl: 'https://cats.example/collection',
  backgroundColor: '#1D3557',
  attributes: [{ trait_type: 'Artist', value: 'Ada' }],
  tokenAttributes: [{ edition: 3, trait_type: 'Signed', value: 'Yes' }],
  renames: [{ traitType: 'Body', from: 'Red', to: 'Crimson' }],
};

describe.each(databaseKinds)('metadata editing on %s', (kind) => {
  let test: TestApp;
  let owner: LoggedInUser;
  let other: LoggedInUser;
  let collectionId: string;

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = owner.cookie) =>
    test.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const settingsUrl = () => `/api/v1/collections/${collectionId}/metadata-settings`;

  async function settled() {
    for (;;) {
      const collection = (await inject('GET', `/api/v1/collections/${collectionId}`)).json().data.collection;
      if (collection.progress.status !== 'generating') return collection;
      await setTimeout(50);
    }
  }

  const metadata = async (edition: number) =>
    (await inject('GET', `/api/v1/collections/${collectionId}/metadata/${edition}.json`)).json();

  beforeAll(async () => {
    test = await createTestApp(kind);
    owner = await createUserAndLogin(test.app, { planId: 'pro' });
    other = await createUserAndLogin(test.app, { planId: 'pro' });
    const projectId = await createFixtureProject(test.app, owner.cookie, { collectionSize: 6 });
    collectionId = (await inject('POST', `/api/v1/projects/${projectId}/generate`)).json().data.collection.id;
    expect((await settled()).progress.status).toBe('ready');
  }, 60_000);

  afterAll(async () => {
    await test?.close();
  });

  it("refuses edits that do not fit, someone else's collection, and records nothing", async () => {
    const cases: [object, RegExp][] = [
      [
        { namePattern: '{collection} #{id}' },
        /Unknown placeholder \{id\}: use \{collection\} and \{edition\}/,
      ],
      [{ namePattern: 'All the same' }, /needs \{edition\}/],
      [{ externalUrl: 'javascript:alert(1)' }, /starts with https:\/\/ or http:\/\//],
      [{ backgroundColor: 'blue' }, /six hex digits/],
      [{ renames: [{ traitType: 'Body', from: 'Purple', to: 'Violet' }] }, /no trait "Body: Purple"/],
      [{ renames: [{ traitType: 'Body', from: 'Red', to: 'Blue' }] }, /would merge the two/],
      [{ attributes: [{ trait_type: 'Hat', value: 'x' }] }, /"Hat" is a layer of this collection/],
      [
        { tokenAttributes: [{ edition: 7, trait_type: 'Signed', value: 'Yes' }] },
        /Token #7 is not in this collection \(#1 to #6\)/,
      ],
      [{ tokenAttributes: [{ edition: 0, trait_type: 'Signed', value: 'Yes' }] }, /numbered from 1/],
      [
        { tokenAttributes: [{ edition: 2, trait_type: 'Artist', value: 'Grace' }] },
        /"Artist" is already on every token/,
      ],
      [
        {
          tokenAttributes: [
            { edition: 2, trait_type: 'Signed', value: 'Yes' },
            { edition: 2, trait_type: 'Signed', value: 'No' },
          ],
        },
        /Token #2 has "Signed" twice/,
      ],
    ];
    for (const [change, message] of cases) {
      const response = await inject('PUT', settingsUrl(), { ...edits, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().error.message).toMatch(message);
    }
    expect((await inject('PUT', settingsUrl(), edits, other.cookie)).statusCode).toBe(404);
    expect((await inject('GET', settingsUrl(), undefined, other.cookie)).statusCode).toBe(404);
    const current = (await inject('GET', settingsUrl())).json().data;
    expect(current).toMatchObject({
      history: [],
      defaultNamePattern: '{collection} #{edition}',
      warnings: [],
    });
    expect(current.traits).toContainEqual({ traitType: 'Body', values: ['Red', 'Blue', 'Gold'] });
    expect((await metadata(1)).name).toBe('Fixture Cats #1');
  });

  it('rewrites every token with the edits as a job (a second save meanwhile is a 409), keeps the history, and a later reroll keeps the edits', async () => {
    const saved = await inject('PUT', settingsUrl(), edits);
    expect(saved.statusCode, saved.body).toBe(202);
    expect(saved.json().data.collection.progress.status).toBe('generating');
    const meanwhile = await inject('PUT', settingsUrl(), { ...edits, description: 'Other' });
    expect([409, 202]).toContain(meanwhile.statusCode);
    if (meanwhile.statusCode === 409)
      expect(meanwhile.json().error.message).toMatch(/being generated or changed/);
    await settled();
    // Only this test's first save when the second was refused; otherwise the second is the newest.
    if (meanwhile.statusCode === 202) {
      expect((await inject('PUT', settingsUrl(), edits)).statusCode).toBe(202);
      await settled();
    }

    const first = await metadata(1);
    expect(first).toMatchObject({
      name: 'Cat 1 of Fixture Cats',
      description: 'Hand-picked cats',
      external_url: 'https://cats.example/collection',
      background_color: '1d3557',
    });
    expect(first.attributes.at(-1)).toEqual({ trait_type: 'Artist', value: 'Ada' });
    // Token #3's own attribute, on it alone, after the collection-wide one.
    expect((await metadata(3)).attributes.slice(-2)).toEqual([
      { trait_type: 'Artist', value: 'Ada' },
      { trait_type: 'Signed', value: 'Yes' },
    ]);
    const tokens = (await inject('GET', `/api/v1/collections/${collectionId}/tokens`)).json().data;
    expect(tokens.tokens.map((token: { name: string }) => token.name)).toEqual(
      [1, 2, 3, 4, 5, 6].map((edition) => `Cat ${edition} of Fixture Cats`),
    );
    expect(Object.keys(tokens.traits.Body)).not.toContain('Red');
    const bodies = tokens.tokens.map(
      (token: { attributes: { trait_type: string; value: string }[] }) =>
        token.attributes.find((attribute) => attribute.trait_type === 'Body')!.value,
    );
    expect(bodies).not.toContain('Red');

    const current = (await inject('GET', settingsUrl())).json().data;
    expect(current.settings).toMatchObject({ ...edits, backgroundColor: '1d3557' });
    expect(current.history[0]).toMatchObject({ createdBy: owner.email, status: 'done' });
    expect(current.history.at(-1).changes).toEqual([
      'Name pattern “{collection} #{edition}” → “Cat {edition} of {collection}”',
      'Description changed',
      'External URL none → “https://cats.example/collection”',
      'Background colour none → #1d3557',
      'Attribute added: Artist: Ada',
      'Token attribute added: #3 Signed: Yes',
      'Trait renamed Body: Red → Crimson',
    ]);
    const unchanged = await inject('PUT', settingsUrl(), edits);
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json().error.message).toMatch(/Nothing changed/);

    expect(
      (await inject('POST', `/api/v1/collections/${collectionId}/reroll`, { reroll: [2] })).statusCode,
    ).toBe(202);
    await settled();
    expect(await metadata(2)).toMatchObject({ name: 'Cat 2 of Fixture Cats', background_color: '1d3557' });
    expect((await metadata(2)).attributes.at(-1)).toEqual({ trait_type: 'Artist', value: 'Ada' });
  }, 60_000);

  it('warns when names are too long for Metaplex', async () => {
    const long = { ...edits, namePattern: '{collection}: a very long token name #{edition}' };
    expect((await inject('PUT', settingsUrl(), long)).statusCode).toBe(202);
    await settled();
    const current = (await inject('GET', settingsUrl())).json().data;
    expect(current.warnings).toEqual([
      expect.stringMatching(/^Metaplex \(Solana\) keeps token names up to 32 bytes/),
    ]);
  }, 60_000);

  it('edits a published collection as a new version the hosted metadata serves, still refuses rerolls, and refuses every edit once frozen on chain (nothing written)', async () => {
    const published = await inject('POST', `/api/v1/collections/${collectionId}/publication`, {
      mode: 'hosted',
    });
    expect(published.statusCode).toBe(201);
    const hosted = new URL(published.json().data.publication.baseUri).pathname;
    const before = await test.app.inject({ method: 'GET', url: `${hosted}1` });
    expect(before.json().name).toBe('Fixture Cats: a very long token name #1');
    expect(before.headers['cache-control']).toBe('public, max-age=60, must-revalidate');

    const fixed = { ...edits, namePattern: 'Fixed Cat #{edition}', description: 'Typo fixed' };
    const saved = await inject('PUT', settingsUrl(), fixed);
    expect(saved.statusCode, saved.body).toBe(202);
    await settled();
    const after = await test.app.inject({ method: 'GET', url: `${hosted}1` });
    expect(after.json()).toMatchObject({ name: 'Fixed Cat #1', description: 'Typo fixed' });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // A cache holding the old version revalidates and gets the new one, not a 304.
    const revalidated = await test.app.inject({
      method: 'GET',
      url: `${hosted}1`,
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.json().name).toBe('Fixed Cat #1');
    const history = (await inject('GET', settingsUrl())).json().data.history;
    expect(history[0]).toMatchObject({
      status: 'done',
      changes: expect.arrayContaining(['Description changed']),
    });

    // The images are what the provenance hash covers: rerolls and growth stay closed.
    const reroll = await inject('POST', `/api/v1/collections/${collectionId}/reroll`, { reroll: [2] });
    expect(reroll.statusCode).toBe(409);
    expect(reroll.json().error.message).toMatch(/published/);
    const grow = await inject('POST', `/api/v1/collections/${collectionId}/grow`, { count: 1 });
    expect(grow.statusCode).toBe(409);

    // Frozen on chain (the contract and its freeze as the marketplace module records them).
    const db = test.app.database.db;
    const deploymentId = randomUUID();
    await db
      .insertInto('deployments')
      .values({
        id: deploymentId,
        collection_id: collectionId,
        owner_id: owner.id,
        chain_id: 31337,
        address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        deployer: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        transaction_hash: `0x${'1'.repeat(64)}`,
        block_number: '1',
        name: 'Fixture Cats',
        symbol: 'CATS',
        max_supply: 6,
        status: 'verified',
        status_reason: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    await db
      .insertInto('metadata_updates')
      .values({
        id: randomUUID(),
        collection_id: collectionId,
        deployment_id: deploymentId,
        kind: 'freeze',
        transaction_hash: `0x${'2'.repeat(64)}`,
        block_number: '2',
        detail: '',
        created_by: owner.email,
        created_at: new Date().toISOString(),
      })
      .execute();
    const refused = await inject('PUT', settingsUrl(), { ...fixed, description: 'After the freeze' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(FROZEN_REASON);
    const unchanged = (await inject('GET', settingsUrl())).json().data;
    expect(unchanged.history).toHaveLength(history.length);
    expect(unchanged.settings.description).toBe('Typo fixed');
    expect((await test.app.inject({ method: 'GET', url: `${hosted}1` })).json().description).toBe(
      'Typo fixed',
    );
  }, 60_000);
});
