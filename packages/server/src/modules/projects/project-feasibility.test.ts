import { setTimeout } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFiles } from '../../../test/support/multipart.ts';
import { createFixtureProject } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';

interface ProjectView {
  id: string;
  layers: {
    id: string;
    name: string;
    presence: number;
    showNone: boolean;
    traits: { id: string; name: string; weight: number }[];
  }[];
}

describe.each(databaseKinds)('project feasibility and "None" traits on %s', (kind) => {
  let test: TestApp;
  let alice: LoggedInUser;
  let bob: LoggedInUser;

  beforeAll(async () => {
    test = await createTestApp(kind);
    alice = await createUserAndLogin(test.app);
    bob = await createUserAndLogin(test.app);
  });
  afterAll(async () => {
    await test?.close();
  });

  const get = (url: string, user = alice) =>
    test.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
  const feasibility = async (id: string) => (await get(`/api/v1/projects/${id}/feasibility`)).json().data;
  const project = async (id: string) =>
    (await get(`/api/v1/projects/${id}`)).json().data.project as ProjectView;
  const patch = (id: string, payload: object) =>
    test.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${id}`,
      headers: { cookie: alice.cookie },
      payload,
    });
  const generate = (id: string) =>
    test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/generate`,
      headers: { cookie: alice.cookie },
    });
  const collectionCount = async () =>
    (await get('/api/v1/collections')).json().data.collections.length as number;

  /** Generates the project, waits until its collection is ready and answers each token's metadata, by edition. */
  async function generatedMetadata(id: string, size: number) {
    const started = await generate(id);
    expect(started.statusCode).toBe(202);
    const collectionId = started.json().data.collection.id as string;
    for (let attempt = 0; attempt < 300; attempt++) {
      const { progress } = (await get(`/api/v1/collections/${collectionId}`)).json().data.collection;
      if (progress.status === 'ready') break;
      await setTimeout(100);
    }
    const tokens: { name: string; attributes: { trait_type: string; value: string }[] }[] = [];
    for (let edition = 1; edition <= size; edition++) {
      tokens.push((await get(`/api/v1/collections/${collectionId}/metadata/${edition}.json`)).json());
    }
    return tokens;
  }

  /** The layers as the editor sends them back, with `change` applied to each. */
  function layersBody(
    view: ProjectView,
    change: (layer: ProjectView['layers'][number]) => object = () => ({}),
  ) {
    return view.layers.map((layer) => ({
      id: layer.id,
      name: layer.name,
      presence: layer.presence,
      showNone: layer.showNone,
      traits: layer.traits.map(({ id, name, weight }) => ({ id, name, weight })),
      ...change(layer),
    }));
  }

  it('says why an empty project cannot be generated yet, and only to its owner', async () => {
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: { cookie: alice.cookie },
      payload: { name: 'Empty', description: 'Nothing yet', collectionSize: 4, width: 32, height: 32 },
    });
    const id = created.json().data.project.id as string;
    expect(await feasibility(id)).toEqual({
      count: null,
      configurations: [],
      feasible: false,
      problem: { code: 'NOT_READY', message: 'Add a layer to start', fix: null },
    });
    expect((await get(`/api/v1/projects/${id}/feasibility`, bob)).statusCode).toBe(404);
    expect(
      (await test.app.inject({ method: 'GET', url: `/api/v1/projects/${id}/feasibility` })).statusCode,
    ).toBe(401);
  });

  it('answers an API key with the read scope (the SDK’s projects.feasibility) and refuses one without', async () => {
    const id = await createFixtureProject(test.app, alice.cookie, { collectionSize: 4 });
    const keyWith = async (scopes: string[]) => {
      const created = await test.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: { cookie: alice.cookie },
        payload: { name: `Feasibility ${scopes.join(' ')}`, scopes },
      });
      expect(created.statusCode).toBe(201);
      return created.json().data.secret as string;
    };
    const withKey = (secret: string) =>
      test.app.inject({
        method: 'GET',
        url: `/api/v1/projects/${id}/feasibility`,
        headers: { authorization: `Bearer ${secret}` },
      });
    const read = await withKey(await keyWith(['read']));
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ count: '27', feasible: true });
    const refused = await withKey(await keyWith(['generate', 'publish']));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/^This API key lacks the \w+ scope this request needs\./);
    const documented = (
      test.app.swagger() as { paths: Record<string, { get?: { 'x-api-key-scope'?: string } }> }
    ).paths['/api/v1/projects/{id}/feasibility'];
    expect(documented?.get?.['x-api-key-scope']).toBe('read');
  });

  it('counts the combinations and, when the size is too big, says how far to lower it', async () => {
    const id = await createFixtureProject(test.app, alice.cookie, { collectionSize: 4 });
    expect(await feasibility(id)).toEqual({
      count: '27',
      configurations: [{ name: 'configuration 1', size: 4, count: '27' }],
      feasible: true,
      problem: null,
    });
    expect((await patch(id, { collectionSize: 30 })).statusCode).toBe(200);
    expect(await feasibility(id)).toMatchObject({
      count: '27',
      feasible: false,
      problem: {
        code: 'NOT_ENOUGH_COMBINATIONS',
        message: 'Cannot make 30 unique tokens: only 27 valid combinations exist',
        fix: 'Lower the size to 27 or less, add traits to the layers, or loosen the rules.',
      },
    });
  });

  it('refuses, before any job, exact counts the rules make impossible though the size fits', async () => {
    const id = await createFixtureProject(test.app, alice.cookie, { collectionSize: 10 });
    const view = await project(id);
    const weights: Record<string, number> = { Red: 8, Blue: 1, Gold: 1 };
    const saved = await patch(id, {
      rarityMode: 'exact',
      rules: [{ kind: 'requires', trait: 'Body/Red', other: 'Hat/Cap' }],
      layers: layersBody(view, (layer) => ({
        traits: layer.traits.map(({ id: traitId, name, weight }) => ({
          id: traitId,
          name,
          weight: layer.name === 'Body' ? weights[name] : weight,
        })),
      })),
    });
    expect(saved.statusCode).toBe(200);
    const report = await feasibility(id);
    // 3 backgrounds × Red × Cap, plus Blue and Gold with anything: 3 + 9 + 9.
    expect(report.count).toBe('21');
    expect(report.feasible).toBe(false);
    expect(report.problem.code).toBe('EXACT_COUNT_UNREACHABLE');
    expect(report.problem.message).toBe(
      'Exact rarity wants 8 tokens with Body/Red, but only 3 valid combinations contain it',
    );
    expect(report.problem.fix).toBe(
      'Lower the count of Body/Red or the size, loosen the rules that involve it, or use weighted rarity.',
    );

    const before = await collectionCount();
    const refused = await generate(id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'Exact rarity wants 8 tokens with Body/Red, but only 3 valid combinations contain it. Lower the count of Body/Red or the size, loosen the rules that involve it, or use weighted rarity.',
    );
    expect(refused.body).not.toMatch(/projects\/|traits\/|\.ts:/);
    expect(await collectionCount()).toBe(before);
  });

  it('writes "None" for an absent layer only when the layer asks for it', async () => {
    const id = await createFixtureProject(test.app, alice.cookie, { collectionSize: 8 });
    const view = await project(id);
    expect(view.layers.map((layer) => layer.showNone)).toEqual([false, false, false]);
    const saved = await patch(id, {
      layers: layersBody(view, (layer) => (layer.name === 'Hat' ? { presence: 50, showNone: true } : {})),
    });
    expect(saved.statusCode).toBe(200);
    expect((await project(id)).layers.map((layer) => [layer.name, layer.showNone])).toEqual([
      ['Background', false],
      ['Body', false],
      ['Hat', true],
    ]);

    const tokens = (await generatedMetadata(id, 8)).map((token) => token.attributes);
    for (const attributes of tokens) {
      expect(attributes.map((attribute) => attribute.trait_type)).toEqual(['Background', 'Body', 'Hat']);
    }
    const hats = tokens.map((attributes) => attributes[2]!.value);
    expect(hats).toContain('None');
    expect(hats.some((value) => value !== 'None')).toBe(true);
  });

  it('saves layer configurations, counts and previews each, and generates their shares', async () => {
    const id = await createFixtureProject(test.app, alice.cookie, { collectionSize: 8 });
    const configurations = [
      { name: 'Bare', share: 3, layers: ['Body', 'Background'] },
      { name: 'Hatted', share: 1, layers: ['Background', 'Body', 'Hat'] },
    ];
    const saved = await patch(id, { configurations });
    expect(saved.statusCode).toBe(200);
    const stored = saved.json().data.project.configurations as { id: string; name: string }[];
    expect(stored).toMatchObject(configurations);
    expect(new Set(stored.map((configuration) => configuration.id)).size).toBe(2);
    expect(await feasibility(id)).toEqual({
      count: '36',
      configurations: [
        { name: 'Bare', size: 6, count: '9' },
        { name: 'Hatted', size: 2, count: '27' },
      ],
      feasible: true,
      problem: null,
    });

    const preview = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/preview`,
      headers: { cookie: alice.cookie },
      payload: { configuration: 1, size: 32 },
    });
    expect(preview.statusCode).toBe(200);
    const attributes = JSON.parse(decodeURIComponent(String(preview.headers['x-layerloom-attributes'])));
    expect(attributes.map((attribute: { trait_type: string }) => attribute.trait_type)).toEqual([
      'Background',
      'Body',
      'Hat',
    ]);
    const missing = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/preview`,
      headers: { cookie: alice.cookie },
      payload: { configuration: 5, size: 32 },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('The project has no configuration 6');

    const shapes = (await generatedMetadata(id, 8)).map(({ attributes }) =>
      attributes.map((attribute) => attribute.trait_type).join('+'),
    );
    expect(shapes.filter((shape) => shape === 'Background+Body')).toHaveLength(6);
    expect(shapes.filter((shape) => shape === 'Background+Body+Hat')).toHaveLength(2);
  });

  it('refuses configurations naming a missing layer, twice the same layer or a taken name, and keeps the saved ones', async () => {
    const id = await createFixtureProject(test.app, alice.cookie, { collectionSize: 4 });
    const cases = [
      {
        configurations: [{ name: 'Odd', share: 1, layers: ['Background', 'Wings'] }],
        message: 'Configuration “Odd” names layer “Wings”, which the project does not have',
      },
      {
        configurations: [{ name: 'Odd', share: 1, layers: ['Body', 'Body'] }],
        message: 'Configuration “Odd” has layer “Body” twice',
      },
      {
        configurations: [
          { name: 'Same', share: 1, layers: ['Body'] },
          { name: 'same', share: 1, layers: ['Hat'] },
        ],
        message: 'Two configurations are named “same”: rename one',
      },
      {
        configurations: [{ name: 'Empty', share: 1, layers: [] }],
        message: 'A configuration needs at least one layer',
      },
      { configurations: [{ name: 'Zero', share: 0, layers: ['Body'] }], message: 'Share must be at least 1' },
    ];
    for (const { configurations, message } of cases) {
      const refused = await patch(id, { configurations });
      expect(refused.statusCode).toBe(400);
      expect(JSON.stringify(refused.json().error)).toContain(message);
      expect((await project(id)) as unknown as { configurations: unknown[] }).toMatchObject({
        configurations: [],
      });
    }
  });

  it('adds a 1-of-1 checked by content, edits its name and attributes, counts it in the size and places it among the tokens', async () => {
    const id = await createFixtureProject(test.app, alice.cookie, { collectionSize: 5 });
    const upload = (filename: string, bytes: Buffer) => {
      const body = multipartFiles([{ filename, bytes, field: 'file' }]);
      return test.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${id}/one-of-ones`,
        headers: { cookie: alice.cookie, ...body.headers },
        payload: body.payload,
      });
    };
    const refused = await upload('Fake.png', Buffer.from('not an image at all, only words '.repeat(8)));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).not.toMatch(/projects\/|one-of-ones\//);
    expect((await project(id)) as unknown as { oneOfOnes: unknown[] }).toMatchObject({ oneOfOnes: [] });

    const artwork = await sharp({ create: { width: 32, height: 32, channels: 4, background: '#c0a030' } })
      .png()
      .toBuffer();
    const added = await upload('Golden Cat.png', artwork);
    expect(added.statusCode).toBe(201);
    const oneOfOne = added.json().data.added as { id: string; name: string; image: { contentType: string } };
    expect(oneOfOne).toMatchObject({
      name: 'Golden Cat',
      image: { contentType: 'image/png' },
      attributes: [],
    });
    const image = await get(`/api/v1/projects/${id}/one-of-ones/${oneOfOne.id}/image`);
    expect(image.statusCode).toBe(200);
    expect(Buffer.compare(image.rawPayload, artwork)).toBe(0);
    expect((await get(`/api/v1/projects/${id}/one-of-ones/${oneOfOne.id}/image`, bob)).statusCode).toBe(404);

    const edited = await patch(id, {
      oneOfOnes: [
        { id: oneOfOne.id, name: 'Golden One', attributes: [{ trait_type: 'Artist', value: 'Ada' }] },
      ],
    });
    expect(edited.statusCode).toBe(200);
    // Generated tokens make up the rest of the size.
    expect((await feasibility(id)).configurations).toEqual([
      { name: 'configuration 1', size: 4, count: '27' },
    ]);

    const tokens = await generatedMetadata(id, 5);
    const named = tokens.filter((token) => token.name === 'Golden One');
    expect(named).toHaveLength(1);
    expect(named[0]!.attributes).toEqual([{ trait_type: 'Artist', value: 'Ada' }]);
    expect(
      tokens.filter((token) => token.name !== 'Golden One').map((token) => token.attributes.length),
    ).toEqual([3, 3, 3, 3]);

    // Left out of the list: deleted with its image.
    expect((await patch(id, { oneOfOnes: [] })).statusCode).toBe(200);
    expect((await get(`/api/v1/projects/${id}/one-of-ones/${oneOfOne.id}/image`)).statusCode).toBe(404);
    expect(await test.app.blobs.stat(`projects/${id}/one-of-ones/${oneOfOne.id}.png`)).toBeUndefined();
  });
});
