import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PROJECT_LIMITS } from '@layerloom/api';
import { type Kysely, sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFiles } from '../../../test/support/multipart.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';
import { storedZip } from '../../../test/support/zip.ts';
import { up as repairProjects } from '../../db/migrations/0022_project_limits.ts';

const png = (color: string) =>
  sharp({ create: { width: 16, height: 16, channels: 4, background: color } })
    .png()
    .toBuffer();

/** Every file under a folder, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe.each(databaseKinds)('one set of project limits on every way in, on %s', (kind) => {
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

  async function projectWithLayer(user = alice) {
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: as(user),
      payload: { name: 'Limits', description: 'Limits', collectionSize: 2, width: 16, height: 16 },
    });
    const id: string = created.json().data.project.id;
    const patched = await test.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${id}`,
      headers: as(user),
      payload: { layers: [{ name: 'Base' }] },
    });
    return { id, layerId: patched.json().data.project.layers[0].id as string };
  }

  function upload(id: string, layerId: string, files: { filename: string; bytes: Uint8Array }[]) {
    const body = multipartFiles(files);
    return test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/layers/${layerId}/traits`,
      headers: { ...as(alice), ...body.headers },
      payload: body.payload,
    });
  }

  function importZip(id: string, zip: Buffer) {
    const body = multipartFiles([{ filename: 'layers.zip', bytes: zip, field: 'file' }]);
    return test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/import-layers`,
      headers: { ...as(alice), ...body.headers },
      payload: body.payload,
    });
  }

  const getProject = async (id: string) =>
    (await test.app.inject({ method: 'GET', url: `/api/v1/projects/${id}`, headers: as(alice) })).json().data
      .project;

  /** Sends the project back as the editor's autosave does, with its own data. */
  async function autosave(id: string) {
    const project = await getProject(id);
    return test.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${id}`,
      headers: as(alice),
      payload: {
        name: project.name,
        description: project.description,
        layers: project.layers.map((layer: { traits: { id: string; name: string; weight: number }[] }) => ({
          ...layer,
          traits: layer.traits.map(({ id: traitId, name, weight }) => ({ id: traitId, name, weight })),
        })),
        rules: project.rules,
      },
    });
  }

  it('refuses an upload weighing 1e308 with a 400 naming the limit, and stores nothing', async () => {
    const { id, layerId } = await projectWithLayer();
    const before = await filesUnder(test.dataDir);
    const response = await upload(id, layerId, [
      { filename: 'A#1e308.png', bytes: await png('#ff0000') },
      { filename: 'B#1e308.png', bytes: await png('#00ff00') },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('A#1e308.png: Weight is at most 1,000,000');
    expect((await getProject(id)).layers[0].traits).toEqual([]);
    expect(await filesUnder(test.dataDir)).toEqual(before);
  });

  it('refuses an upload whose trait name is longer than the editor allows', async () => {
    const { id, layerId } = await projectWithLayer();
    const response = await upload(id, layerId, [
      { filename: `${'x'.repeat(3000)}.png`, bytes: await png('#ff0000') },
    ]);
    expect(response.statusCode).toBe(400);
    const { message } = response.json().error;
    expect(message).toContain('Trait name is too long (at most 100 characters)');
    expect(message.length).toBeLessThan(200);
    expect((await getProject(id)).layers[0].traits).toEqual([]);
  });

  it('refuses a ZIP import with a huge weight, a long trait name or a long folder name, leaving the project as it was', async () => {
    const { id } = await projectWithLayer();
    const image = await png('#123456');
    const before = await getProject(id);
    const cases = [
      { name: 'layers/Eyes/Wide#1e308.png', message: 'Weight is at most 1,000,000' },
      { name: `layers/Eyes/${'y'.repeat(150)}.png`, message: 'Trait name is too long' },
      { name: `layers/${'L'.repeat(150)}/Wide.png`, message: 'Layer name is too long' },
    ];
    for (const entry of cases) {
      const files = await filesUnder(test.dataDir);
      const response = await importZip(id, storedZip([{ name: entry.name, data: image }]));
      expect(response.statusCode, entry.name).toBe(400);
      expect(response.json().error.message).toContain(entry.message);
      expect(await getProject(id)).toEqual(before);
      expect(await filesUnder(test.dataDir)).toEqual(files);
    }
  });

  it('keeps every upload at the limits saveable by the editor, and counts and previews it', async () => {
    const { id, layerId } = await projectWithLayer();
    const longest = 'n'.repeat(PROJECT_LIMITS.nameLength);
    const response = await upload(id, layerId, [
      { filename: `${longest}#${PROJECT_LIMITS.maxWeight}.png`, bytes: await png('#ff0000') },
      { filename: `B#${PROJECT_LIMITS.maxWeight}.png`, bytes: await png('#00ff00') },
    ]);
    expect(response.statusCode).toBe(201);
    expect((await autosave(id)).statusCode).toBe(200);
    const count = await test.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${id}/combinations`,
      headers: as(alice),
    });
    expect(count.json().data).toEqual({ count: '2', enough: true, problem: null });
    const preview = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/preview`,
      headers: as(alice),
      payload: { size: 32 },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
  });

  it('brings projects stored before the limits back within them, so autosave works again', async () => {
    const { id, layerId } = await projectWithLayer();
    expect((await upload(id, layerId, [{ filename: 'A.png', bytes: await png('#ff0000') }])).statusCode).toBe(
      201,
    );
    const stored = await getProject(id);
    const layers = [
      {
        ...stored.layers[0],
        name: `${'L'.repeat(200)}`,
        traits: [{ ...stored.layers[0].traits[0], name: 'z'.repeat(3000), weight: 1e308, key: 'k' }],
      },
      { ...stored.layers[0], id: 'second', name: `${'L'.repeat(200)}`, traits: [] },
    ];
    await sql`update projects set layers = ${JSON.stringify(layers)} where id = ${id}`.execute(
      test.app.database.db,
    );
    expect((await autosave(id)).statusCode).toBe(400);
    await repairProjects(test.app.database.db as unknown as Kysely<unknown>);
    const repaired = await getProject(id);
    expect(repaired.layers.map((layer: { name: string }) => layer.name)).toEqual([
      'L'.repeat(100),
      `${'L'.repeat(96)} (2)`,
    ]);
    expect(repaired.layers[0].traits[0]).toMatchObject({ name: 'z'.repeat(100), weight: 1_000_000 });
    expect((await autosave(id)).statusCode).toBe(200);
  });

  describe('sample layers', () => {
    it('fill an empty project with layers and images enough for the default collection', async () => {
      const created = await test.app.inject({
        method: 'POST',
        url: '/api/v1/projects',
        headers: as(alice),
        payload: { name: 'Sample', description: 'Try', collectionSize: 100, width: 1024, height: 1024 },
      });
      const id: string = created.json().data.project.id;
      const response = await test.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${id}/sample-layers`,
        headers: as(alice),
        payload: {},
      });
      expect(response.statusCode).toBe(201);
      const { layers } = response.json().data.project;
      expect(layers.map((layer: { name: string }) => layer.name)).toEqual([
        'Background',
        'Body',
        'Eyes',
        'Headwear',
      ]);
      expect(layers.map((layer: { traits: unknown[] }) => layer.traits.length)).toEqual([5, 3, 3, 4]);
      const count = await test.app.inject({
        method: 'GET',
        url: `/api/v1/projects/${id}/combinations`,
        headers: as(alice),
      });
      expect(count.json().data).toEqual({ count: '180', enough: true, problem: null });
      expect((await autosave(id)).statusCode).toBe(200);

      const again = await test.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${id}/sample-layers`,
        headers: as(alice),
        payload: {},
      });
      expect(again.statusCode).toBe(409);
      expect((await getProject(id)).layers).toHaveLength(4);
    });

    it("are refused on someone else's project without touching it", async () => {
      const { id } = await projectWithLayer(bob);
      const response = await test.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${id}/sample-layers`,
        headers: as(alice),
        payload: {},
      });
      expect(response.statusCode).toBe(404);
    });
  });
});
