import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFiles } from '../../../test/support/multipart.ts';
import { createFixtureProject } from '../../../test/support/project-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';

describe('GET /api/v1/projects/{id}/quality', () => {
  let test: TestApp;
  let alice: LoggedInUser;
  let bob: LoggedInUser;

  beforeAll(async () => {
    test = await createTestApp('sqlite');
    alice = await createUserAndLogin(test.app);
    bob = await createUserAndLogin(test.app);
  });
  afterAll(async () => {
    await test?.close();
  });

  const quality = (id: string, headers: Record<string, string> = { cookie: alice.cookie }) =>
    test.app.inject({ method: 'GET', url: `/api/v1/projects/${id}/quality`, headers });

  async function uploadTrait(projectId: string, layerName: string, filename: string, bytes: Buffer) {
    const project = (
      await test.app.inject({
        method: 'GET',
        url: `/api/v1/projects/${projectId}`,
        headers: { cookie: alice.cookie },
      })
    ).json().data.project as { layers: { id: string; name: string }[] };
    const layer = project.layers.find((candidate) => candidate.name === layerName)!;
    const body = multipartFiles([{ filename, bytes }]);
    const uploaded = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/layers/${layer.id}/traits`,
      headers: { cookie: alice.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
  }

  it("answers the owner with each finding, its traits' ids and the fix, and keeps each image's analysis", async () => {
    const id = await createFixtureProject(test.app, alice.cookie, { collectionSize: 9 });
    const clean = await quality(id);
    expect(clean.statusCode).toBe(200);
    expect(clean.json()).toEqual({ status: 'success', data: { findings: [], analysed: 9, skipped: [] } });

    // An exported layer with nothing on it: a transparent image uploaded as a trait.
    const blank = await sharp({ create: { width: 32, height: 32, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    await uploadTrait(id, 'Hat', 'Halo.png', blank);
    const answer = await quality(id);
    expect(answer.statusCode).toBe(200);
    const { findings, analysed } = answer.json().data;
    expect(analysed).toBe(10);
    const project = (
      await test.app.inject({
        method: 'GET',
        url: `/api/v1/projects/${id}`,
        headers: { cookie: alice.cookie },
      })
    ).json().data.project as {
      layers: { id: string; name: string; traits: { id: string; name: string; weight: number }[] }[];
    };
    const hat = project.layers.find((layer) => layer.name === 'Hat')!;
    const halo = hat.traits.find((trait) => trait.name === 'Halo')!;
    expect(findings).toEqual([
      {
        kind: 'empty',
        severity: 'blocks',
        traits: [{ layerId: hat.id, layer: 'Hat', traitId: halo.id, trait: 'Halo' }],
        message: expect.stringContaining('Hat/Halo has no visible pixel'),
        fix: expect.stringContaining('Upload the image again'),
      },
    ]);
    // Every trait image's analysis is kept beside it, so the next check decodes nothing.
    const kept: string[] = [];
    for await (const key of test.app.blobs.list(`projects/${id}/traits`)) {
      if (key.endsWith('.quality.json')) kept.push(key);
    }
    expect(kept).toHaveLength(10);

    // Deleting the trait removes its image; the next check drops the analysis kept beside it.
    const withoutHalo = project.layers.map((layer) => ({
      id: layer.id,
      name: layer.name,
      traits: layer.traits
        .filter((trait) => trait.id !== halo.id)
        .map(({ id, name, weight }) => ({ id, name, weight })),
    }));
    const saved = await test.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${id}`,
      headers: { cookie: alice.cookie },
      payload: { layers: withoutHalo },
    });
    expect(saved.statusCode).toBe(200);
    expect((await quality(id)).json().data).toEqual({ findings: [], analysed: 9, skipped: [] });
    const left: string[] = [];
    for await (const key of test.app.blobs.list(`projects/${id}/traits`)) {
      if (key.endsWith('.quality.json')) left.push(key);
    }
    expect(left).toHaveLength(9);
    expect(left.some((key) => key.includes(halo.id))).toBe(false);
  });

  it('finds nothing in the sample layers', async () => {
    const id = await createFixtureProject(test.app, alice.cookie, { collectionSize: 100, size: 512 });
    const emptied = await test.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${id}`,
      headers: { cookie: alice.cookie },
      payload: { layers: [] },
    });
    expect(emptied.statusCode).toBe(200);
    const sample = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/sample-layers`,
      headers: { cookie: alice.cookie },
      payload: {},
    });
    expect(sample.statusCode).toBe(201);
    const answer = await quality(id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.findings).toEqual([]);
  });

  it('refuses a project whose layers are not all filled, saying which', async () => {
    const id = await createFixtureProject(test.app, alice.cookie, { collectionSize: 9 });
    await test.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${id}`,
      headers: { cookie: alice.cookie },
      payload: { layers: [{ name: 'Eyes' }] },
    });
    const answer = await quality(id);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toBe(
      'Layer "Eyes" has no images yet: the quality check needs every layer\'s images',
    );
  });

  it('answers 401 without a session and 404 for a project of someone else', async () => {
    const id = await createFixtureProject(test.app, alice.cookie, { collectionSize: 9 });
    const visitor = await quality(id, {});
    expect(visitor.statusCode).toBe(401);
    const other = await quality(id, { cookie: bob.cookie });
    expect(other.statusCode).toBe(404);
    expect(other.json().status).toBe('error');
  });
});
