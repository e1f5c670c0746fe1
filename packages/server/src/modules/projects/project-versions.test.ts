import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFiles } from '../../../test/support/multipart.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';
import { ifMatchVersion } from './projects.routes.ts';

function png(color: string) {
  return sharp({ create: { width: 16, height: 16, channels: 4, background: color } })
    .png()
    .toBuffer();
}

describe('ifMatchVersion', () => {
  it('reads one strong or weak ETag, ignores * and a missing header, refuses anything else', () => {
    expect(ifMatchVersion('"7"')).toBe(7);
    expect(ifMatchVersion('W/"12"')).toBe(12);
    expect(ifMatchVersion(undefined)).toBeUndefined();
    expect(ifMatchVersion('*')).toBeUndefined();
    for (const bad of ['7', '"seven"', '"1", "2"', '"-1"']) {
      expect(() => ifMatchVersion(bad)).toThrow(/If-Match must be the ETag/);
    }
  });
});

describe.each(databaseKinds)('project versions on %s', (kind) => {
  let test: TestApp;
  let alice: LoggedInUser;

  beforeAll(async () => {
    test = await createTestApp(kind);
    alice = await createUserAndLogin(test.app, { firstName: 'Alice', lastName: 'Weaver' });
  });
  afterAll(async () => {
    await test?.close();
  });

  const base = { name: 'Loom Cats', description: 'Cats on a loom', collectionSize: 4, width: 64, height: 64 };

  async function newProject() {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: { cookie: alice.cookie },
      payload: base,
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers.etag).toBe('"1"');
    return response.json().data.project;
  }

  function patch(id: string, payload: object, ifMatch?: string) {
    return test.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${id}`,
      headers: { cookie: alice.cookie, ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
      payload,
    });
  }

  async function read(id: string) {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${id}`,
      headers: { cookie: alice.cookie },
    });
    expect(response.statusCode).toBe(200);
    return { etag: response.headers.etag, project: response.json().data.project };
  }

  it('answers the version as ETag with who saved last; a fresh If-Match saves and bumps it', async () => {
    const created = await newProject();
    expect(created).toMatchObject({ version: 1, updatedBy: 'Alice Weaver' });
    expect(await read(created.id)).toMatchObject({ etag: '"1"', project: { version: 1 } });

    const saved = await patch(created.id, { name: 'Loom Cats II' }, '"1"');
    expect(saved.statusCode).toBe(200);
    expect(saved.headers.etag).toBe('"2"');
    expect(saved.json().data.project).toMatchObject({ name: 'Loom Cats II', version: 2 });
    expect(await read(created.id)).toMatchObject({ etag: '"2"', project: { name: 'Loom Cats II' } });
  });

  it('refuses a stale If-Match with 412 naming who saved and when, and writes nothing', async () => {
    const created = await newProject();
    expect((await patch(created.id, { description: 'First tab' }, '"1"')).statusCode).toBe(200);
    const before = await read(created.id);

    const stale = await patch(created.id, { description: 'Second tab', name: 'Overwritten' }, '"1"');
    expect(stale.statusCode).toBe(412);
    expect(stale.json().error.code).toBe('PRECONDITION_FAILED');
    expect(stale.json().error.message).toMatch(
      /^Someone else saved this project after you opened it: Alice Weaver, \d{4}-\d\d-\d\d \d\d:\d\d UTC\./,
    );
    expect(await read(created.id)).toEqual(before);

    const malformed = await patch(created.id, { name: 'Overwritten' }, 'two');
    expect(malformed.statusCode).toBe(400);
    expect(await read(created.id)).toEqual(before);
  });

  it('saves without If-Match as before (API clients, keep-alive saves), still bumping the version', async () => {
    const created = await newProject();
    const saved = await patch(created.id, { seed: 'abc' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.project).toMatchObject({ seed: 'abc', version: 2 });
    expect((await patch(created.id, { seed: 'def' }, '*')).json().data.project.version).toBe(3);
  });

  it('bumps the version on uploads, renames and deletes of traits; an older If-Match is then refused', async () => {
    const created = await newProject();
    const withLayer = await patch(created.id, { layers: [{ name: 'Body' }] }, '"1"');
    const layer = withLayer.json().data.project.layers[0];
    const body = multipartFiles([
      { filename: 'Fur.png', bytes: await png('#884400') },
      { filename: 'Scales.png', bytes: await png('#008844') },
    ]);
    const uploaded = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${created.id}/layers/${layer.id}/traits`,
      headers: { cookie: alice.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.headers.etag).toBe('"3"');
    const traits = uploaded.json().data.project.layers[0].traits;
    expect(uploaded.json().data.project.version).toBe(3);

    // An edit based on the version before the upload would drop the new images: refused.
    const stale = await patch(created.id, { layers: [{ id: layer.id, name: 'Body', traits: [] }] }, '"2"');
    expect(stale.statusCode).toBe(412);
    expect((await read(created.id)).project.layers[0].traits).toHaveLength(2);

    const renamed = await patch(
      created.id,
      { layers: [{ id: layer.id, name: 'Body', traits: [{ ...traits[0], name: 'Soft Fur' }] }] },
      '"3"',
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.project).toMatchObject({
      version: 4,
      layers: [{ traits: [{ name: 'Soft Fur' }] }],
    });

    const artwork = multipartFiles([{ filename: 'Legend.png', bytes: await png('#ffd700'), field: 'file' }]);
    const oneOfOne = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${created.id}/one-of-ones`,
      headers: { cookie: alice.cookie, ...artwork.headers },
      payload: artwork.payload,
    });
    expect(oneOfOne.statusCode).toBe(201);
    expect(oneOfOne.json().data.project.version).toBe(5);
  });

  it('lets only one of two saves based on the same version through', async () => {
    const created = await newProject();
    const answers = await Promise.all([
      patch(created.id, { name: 'Tab A' }, '"1"'),
      patch(created.id, { name: 'Tab B' }, '"1"'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 412]);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json().data.project.name;
    expect(await read(created.id)).toMatchObject({ etag: '"2"', project: { name: winner, version: 2 } });
  });
});
