import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFiles } from '../../../test/support/multipart.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';

function png(color: string, size = 32, format: 'png' | 'jpeg' | 'gif' = 'png') {
  return sharp({ create: { width: size, height: size, channels: 4, background: color } })
    .toFormat(format)
    .toBuffer();
}

/** A half-transparent shape, so layers stack visibly. */
function shape(color: string, size = 32) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 4}" fill="${color}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe.each(databaseKinds)('projects on %s', (kind) => {
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

  const as = (user: LoggedInUser) => ({ cookie: user.cookie });
  const base = { name: 'Loom Cats', description: 'Cats on a loom', collectionSize: 4, width: 64, height: 64 };

  async function newProject(user = alice, body: object = base) {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: as(user),
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    return response.json().data.project as {
      id: string;
      layers: { id: string; traits: { id: string; name: string }[] }[];
    };
  }

  async function patch(id: string, payload: object, user = alice) {
    return test.app.inject({ method: 'PATCH', url: `/api/v1/projects/${id}`, headers: as(user), payload });
  }

  async function upload(
    id: string,
    layerId: string,
    files: { filename: string; bytes: Uint8Array }[],
    user = alice,
  ) {
    const body = multipartFiles(files);
    return test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/layers/${layerId}/traits`,
      headers: { ...as(user), ...body.headers },
      payload: body.payload,
    });
  }

  async function projectWithLayers(names: string[], user = alice) {
    const project = await newProject(user);
    const response = await patch(project.id, { layers: names.map((name) => ({ name })) }, user);
    expect(response.statusCode).toBe(200);
    return response.json().data.project as typeof project;
  }

  it('creates, lists, reads and discards a project; only for its owner', async () => {
    const project = await newProject();
    expect(project).toMatchObject({ ...base, rarityMode: 'weighted', layers: [], rules: [] });
    const list = await test.app.inject({ method: 'GET', url: '/api/v1/projects', headers: as(alice) });
    expect(list.json().data.projects.map((entry: { id: string }) => entry.id)).toContain(project.id);
    const bobs = await test.app.inject({ method: 'GET', url: '/api/v1/projects', headers: as(bob) });
    expect(bobs.json().data.projects.map((entry: { id: string }) => entry.id)).not.toContain(project.id);

    for (const [method, url] of [
      ['GET', `/api/v1/projects/${project.id}`],
      ['DELETE', `/api/v1/projects/${project.id}`],
      ['GET', `/api/v1/projects/${project.id}/combinations`],
    ] as const) {
      const response = await test.app.inject({ method, url, headers: as(bob) });
      expect(response.statusCode, `${method} ${url} by another user`).toBe(404);
    }
    expect((await patch(project.id, { name: 'Stolen' }, bob)).statusCode).toBe(404);

    const removed = await test.app.inject({
      method: 'DELETE',
      url: `/api/v1/projects/${project.id}`,
      headers: as(alice),
    });
    expect(removed.statusCode).toBe(200);
    const gone = await test.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${project.id}`,
      headers: as(alice),
    });
    expect(gone.statusCode).toBe(404);
  });

  it('asks for a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/projects'],
      ['POST', '/api/v1/projects'],
      ['GET', '/api/v1/projects/x'],
      ['PATCH', '/api/v1/projects/x'],
      ['POST', '/api/v1/projects/x/preview'],
    ] as const) {
      const response = await test.app.inject({ method, url, payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("refuses a project without the spec's required fields, naming each, and stores nothing", async () => {
    const before = (
      await test.app.inject({ method: 'GET', url: '/api/v1/projects', headers: as(alice) })
    ).json().data.projects.length;
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: as(alice),
      payload: { description: 'x', collectionSize: 0, width: 64 },
    });
    expect(response.statusCode).toBe(400);
    const messages = response
      .json()
      .error.fields.map((field: { path: string; message: string }) => `${field.path}: ${field.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'name: Project Name is required!',
        'collectionSize: Collection Size must be at least 1',
        'height: Height is required!',
      ]),
    );
    const after = (
      await test.app.inject({ method: 'GET', url: '/api/v1/projects', headers: as(alice) })
    ).json().data.projects.length;
    expect(after).toBe(before);
  });

  it('saves ordered layers with presence, blend and opacity; refuses duplicate names and unknown ids', async () => {
    const project = await newProject();
    const saved = await patch(project.id, {
      layers: [{ name: 'Background' }, { name: 'Hat', presence: 40, blend: 'multiply', opacity: 0.8 }],
      rarityMode: 'exact',
    });
    expect(saved.statusCode).toBe(200);
    const layers = saved.json().data.project.layers;
    expect(layers).toMatchObject([
      { name: 'Background', presence: 100, blend: 'normal', opacity: 1 },
      { name: 'Hat', presence: 40, blend: 'multiply', opacity: 0.8 },
    ]);
    const reordered = await patch(project.id, {
      layers: [layers[1], layers[0]].map(({ traits: _t, ...layer }) => layer),
    });
    expect(reordered.json().data.project.layers.map((layer: { name: string }) => layer.name)).toEqual([
      'Hat',
      'Background',
    ]);
    expect((await patch(project.id, { layers: [{ name: 'Hat' }, { name: 'hat' }] })).statusCode).toBe(400);
    expect((await patch(project.id, { layers: [{ id: 'nope', name: 'X' }] })).statusCode).toBe(400);
    expect((await patch(project.id, { layers: [{ name: 'X', presence: 120 }] })).statusCode).toBe(400);
  });

  it('uploads PNG, JPEG and GIF traits (names and #weights from file names) and serves them back', async () => {
    const project = await projectWithLayers(['Body']);
    const layerId = project.layers[0]!.id;
    const response = await upload(project.id, layerId, [
      { filename: 'Red#30.PNG', bytes: await png('#ff0000') },
      { filename: 'Blue Sky.jpg', bytes: await png('#0000ff', 32, 'jpeg') },
      { filename: 'green.GIF', bytes: await png('#00ff00', 32, 'gif') },
    ]);
    expect(response.statusCode).toBe(201);
    const added = response.json().data.added;
    expect(added.map((trait: { name: string; weight: number }) => [trait.name, trait.weight])).toEqual([
      ['Red', 30],
      ['Blue Sky', 1],
      ['green', 1],
    ]);
    expect(added[1].image).toMatchObject({ contentType: 'image/jpeg', width: 32, height: 32 });
    const image = await test.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${project.id}/traits/${added[0].id}/image`,
      headers: as(alice),
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(32);
    const bobsView = await test.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${project.id}/traits/${added[0].id}/image`,
      headers: as(bob),
    });
    expect(bobsView.statusCode).toBe(404);
  });

  it('refuses a bad file and stores none of the upload', async () => {
    const project = await projectWithLayers(['Body']);
    const layerId = project.layers[0]!.id;
    const good = { filename: 'ok.png', bytes: await png('#123456') };
    const cases: [string, { filename: string; bytes: Uint8Array }, number, RegExp][] = [
      [
        'wrong extension',
        { filename: 'art.bmp', bytes: await png('#111111') },
        400,
        /File type is not supported: art\.bmp/,
      ],
      [
        'JPEG named .png',
        { filename: 'fake.png', bytes: await png('#222222', 32, 'jpeg') },
        400,
        /File type is not supported: fake\.png is not really a PNG/,
      ],
      [
        'text named .gif',
        {
          filename: 'note.gif',
          bytes: Buffer.from('hello, this is not an image at all, just some text to be long enough'),
        },
        400,
        /File type is not supported/,
      ],
      [
        'corrupt PNG',
        { filename: 'broken.png', bytes: (await png('#333333', 64)).subarray(0, 90) },
        400,
        /broken\.png is corrupt or truncated/,
      ],
      [
        'tiny file',
        { filename: 'dot.png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
        400,
        /File size is too small: dot\.png/,
      ],
      [
        'over the Free plan size',
        { filename: 'huge.png', bytes: Buffer.alloc(5 * 1024 * 1024 + 10, 1) },
        413,
        /File size is too big: huge\.png/,
      ],
    ];
    for (const [label, bad, status, message] of cases) {
      const response = await upload(project.id, layerId, [good, bad]);
      expect(response.statusCode, label).toBe(status);
      expect(response.json().error.message, label).toMatch(message);
    }
    const stored = await test.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${project.id}`,
      headers: as(alice),
    });
    expect(stored.json().data.project.layers[0].traits).toEqual([]);
    const keys: string[] = [];
    for await (const key of test.app.blobs.list(`projects/${project.id}`)) keys.push(key);
    expect(keys).toEqual([]);
  });

  it("refuses a duplicate trait name, an unknown layer and an upload to another user's project", async () => {
    const project = await projectWithLayers(['Body']);
    const layerId = project.layers[0]!.id;
    expect(
      (await upload(project.id, layerId, [{ filename: 'A.png', bytes: await png('#aa0000') }])).statusCode,
    ).toBe(201);
    const duplicate = await upload(project.id, layerId, [
      { filename: 'a#5.png', bytes: await png('#aa0000') },
    ]);
    expect(duplicate.statusCode).toBe(409);
    expect(
      (await upload(project.id, 'nope', [{ filename: 'B.png', bytes: await png('#aa0000') }])).statusCode,
    ).toBe(404);
    expect(
      (await upload(project.id, layerId, [{ filename: 'C.png', bytes: await png('#aa0000') }], bob))
        .statusCode,
    ).toBe(404);
  });

  it('counts valid combinations live, with rules, and says what is missing', async () => {
    const project = await projectWithLayers(['Background', 'Hat']);
    const count = (id: string) =>
      test.app
        .inject({ method: 'GET', url: `/api/v1/projects/${id}/combinations`, headers: as(alice) })
        .then((r) => r.json().data);
    expect(await count(project.id)).toEqual({
      count: '0',
      enough: false,
      problem: 'Layer "Background" has no images yet',
    });
    const [background, hat] = project.layers;
    await upload(project.id, background!.id, [
      { filename: 'Day.png', bytes: await png('#87ceeb') },
      { filename: 'Night.png', bytes: await png('#101030') },
    ]);
    await upload(project.id, hat!.id, [
      { filename: 'Cap.png', bytes: await shape('#ff0000') },
      { filename: 'Crown.png', bytes: await shape('#ffd700') },
      { filename: 'Halo.png', bytes: await shape('#ffffff') },
    ]);
    expect(await count(project.id)).toEqual({ count: '6', enough: true, problem: null });
    await patch(project.id, {
      rules: [{ kind: 'excludes', trait: 'Hat/Halo', other: 'Background/Night' }],
      collectionSize: 6,
    });
    expect(await count(project.id)).toEqual({ count: '5', enough: false, problem: null });
    const bad = await patch(project.id, {
      rules: [{ kind: 'requires', trait: 'Hat/Top Hat', other: 'Background/Day' }],
    });
    expect(bad.statusCode).toBe(200);
    const unknown = await test.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${project.id}/combinations`,
      headers: as(alice),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/Top Hat/);
  });

  async function previewableProject(user: LoggedInUser) {
    const project = await projectWithLayers(['Background', 'Hat'], user);
    const [background, hat] = project.layers;
    await upload(
      project.id,
      background!.id,
      [{ filename: 'Day.png', bytes: await png('#87ceeb', 64) }],
      user,
    );
    await upload(
      project.id,
      hat!.id,
      [
        { filename: 'Cap.png', bytes: await shape('#ff0000', 64) },
        { filename: 'Crown.png', bytes: await shape('#ffd700', 64) },
      ],
      user,
    );
    return project;
  }

  async function renderCrown(user: LoggedInUser, id: string) {
    const preview = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/preview`,
      headers: as(user),
      payload: { traits: { Hat: 'Crown' }, size: 64 },
    });
    expect(preview.statusCode).toBe(200);
    return preview;
  }

  it('renders a chosen or random preview and a preview grid, not stored', async () => {
    const project = await previewableProject(alice);
    const preview = await renderCrown(alice, project.id);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(JSON.parse(decodeURIComponent(String(preview.headers['x-layerloom-attributes'])))).toEqual([
      { trait_type: 'Background', value: 'Day' },
      { trait_type: 'Hat', value: 'Crown' },
    ]);
    const { data, info } = await sharp(preview.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(64);
    const centre = (32 * 64 + 32) * info.channels;
    expect([...data.subarray(centre, centre + 3)]).toEqual([255, 215, 0]);

    const grid = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${project.id}/preview-grid`,
      headers: as(alice),
      payload: { count: 3, size: 64, seed: 'grid' },
    });
    expect(grid.statusCode).toBe(200);
    expect(grid.json().data.previews).toHaveLength(3);
    expect(grid.json().data.previews[0].image).toMatch(/^data:image\/png;base64,/);
    const keys: string[] = [];
    for await (const key of test.app.blobs.list(`projects/${project.id}/traits`)) keys.push(key);
    expect(keys).toHaveLength(3); // the three uploads; previews are not stored

    const unknownTrait = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${project.id}/preview`,
      headers: as(alice),
      payload: { traits: { Hat: 'Beanie' } },
    });
    expect(unknownTrait.statusCode).toBe(400);
    expect(unknownTrait.json().error.message).toMatch(/Beanie/);
    const empty = await newProject();
    const nothing = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${empty.id}/preview`,
      headers: as(alice),
      payload: {},
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.message).toBe('Add a layer to start');
  });

  it('watermarks previews on the Free plan only', async () => {
    const paid = await createUserAndLogin(test.app, { planId: 'pro' });
    const free = await renderCrown(alice, (await previewableProject(alice)).id);
    const pro = await renderCrown(paid, (await previewableProject(paid)).id);
    const band = async (png: Buffer) => {
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const at = (53 * info.width + 2) * info.channels; // left end of the watermark band, below the hat
      return [...data.subarray(at, at + 3)];
    };
    expect(await band(pro.rawPayload)).toEqual([135, 206, 235]);
    const marked = await band(free.rawPayload);
    expect(marked[2]).toBeLessThan(200);
  });

  it('deletes the images of traits and layers removed in an update', async () => {
    const project = await projectWithLayers(['Body', 'Eyes']);
    const [body, eyes] = project.layers;
    await upload(project.id, body!.id, [
      { filename: 'Fur.png', bytes: await png('#884400') },
      { filename: 'Scales.png', bytes: await png('#008844') },
    ]);
    const uploaded = await upload(project.id, eyes!.id, [
      { filename: 'Round.png', bytes: await png('#000000') },
    ]);
    const current = uploaded.json().data.project;
    const keysBefore: string[] = [];
    for await (const key of test.app.blobs.list(`projects/${project.id}`)) keysBefore.push(key);
    // Three images, and the analysis the quality check keeps for each (by the image's hash).
    expect(keysBefore.filter((key) => key.includes('/traits/'))).toHaveLength(3);
    expect(keysBefore.filter((key) => key.includes('/quality/'))).toHaveLength(3);
    const bodyLayer = current.layers[0];
    const response = await patch(project.id, {
      layers: [
        {
          id: bodyLayer.id,
          name: 'Body',
          traits: [{ id: bodyLayer.traits[1].id, name: 'Shiny Scales', weight: 7 }],
        },
      ],
    });
    expect(response.json().data.project.layers).toMatchObject([
      { traits: [{ name: 'Shiny Scales', weight: 7 }] },
    ]);
    const keysAfter: string[] = [];
    for await (const key of test.app.blobs.list(`projects/${project.id}`)) keysAfter.push(key);
    expect(keysAfter.filter((key) => key.includes('/traits/'))).toHaveLength(1);
    expect(keysAfter.filter((key) => key.includes('/quality/'))).toHaveLength(1);
  });
});
