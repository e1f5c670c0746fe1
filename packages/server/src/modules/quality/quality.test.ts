import { analyzeTraitImage, serializeTraitAnalysis } from '@layerloom/engine';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldOutLayers } from '../../../test/support/held-out-layers.ts';
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
    return uploaded.json().data as { added: Record<string, unknown>[] };
  }

  /** The keys of the analyses a project keeps. */
  async function keptAnalyses(projectId: string): Promise<string[]> {
    const kept: string[] = [];
    for await (const key of test.app.blobs.list(`projects/${projectId}/quality`)) kept.push(key);
    return kept;
  }

  it("answers the owner with each finding, its traits' ids and the fix, from analyses kept at upload", async () => {
    const id = await createFixtureProject(test.app, alice.cookie, { collectionSize: 9 });
    // Each upload measured its image already, before any check.
    expect(await keptAnalyses(id)).toHaveLength(9);
    const clean = await quality(id);
    expect(clean.statusCode).toBe(200);
    expect(clean.json()).toEqual({ status: 'success', data: { findings: [], analysed: 9, skipped: [] } });

    // An exported layer with nothing on it: a transparent image uploaded as a trait.
    const blank = await sharp({ create: { width: 32, height: 32, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    const uploaded = await uploadTrait(id, 'Hat', 'Halo.png', blank);
    expect(uploaded.added[0]).not.toHaveProperty('sha256');
    expect(await keptAnalyses(id)).toHaveLength(10);
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
    expect(JSON.stringify(project)).not.toContain('sha256');
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

    // Kept by the image's hash: the same image under another name shares the analysis.
    await uploadTrait(id, 'Body', 'Ghost.png', blank);
    expect(await keptAnalyses(id)).toHaveLength(10);

    // Deleting the traits removes their image; the next check drops the analysis no trait uses.
    const withoutBlanks = project.layers.map((layer) => ({
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
      payload: { layers: withoutBlanks },
    });
    expect(saved.statusCode).toBe(200);
    expect((await quality(id)).json().data).toEqual({ findings: [], analysed: 9, skipped: [] });
    expect(await keptAnalyses(id)).toHaveLength(9);
  });

  it('combines the analyses uploads kept instead of decoding the images again', async () => {
    const id = await createFixtureProject(test.app, alice.cookie, { collectionSize: 9 });
    const kept = await keptAnalyses(id);
    expect(kept).toHaveLength(9);
    // Every kept analysis replaced by a transparent image's: the check believes what was kept.
    const blank = await analyzeTraitImage(
      await sharp({ create: { width: 32, height: 32, channels: 4, background: '#0000' } })
        .png()
        .toBuffer(),
    );
    for (const key of kept) await test.app.blobs.put(key, Buffer.from(serializeTraitAnalysis(blank)));
    const { findings } = (await quality(id)).json().data as { findings: { kind: string }[] };
    expect(findings.filter((finding) => finding.kind === 'empty')).toHaveLength(9);
  });

  it("reports each problem of the issue's held-out layer set, one finding each", {
    timeout: 120_000,
  }, async () => {
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: { cookie: alice.cookie },
      payload: {
        name: 'Held out',
        description: 'Made in a test',
        collectionSize: 100,
        width: 1024,
        height: 1024,
      },
    });
    const id: string = created.json().data.project.id;
    const { layers, rules } = await heldOutLayers();
    const named = await test.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${id}`,
      headers: { cookie: alice.cookie },
      payload: { layers: layers.map((layer) => ({ name: layer.name })) },
    });
    expect(named.statusCode).toBe(200);
    for (const layer of layers) {
      for (const file of layer.files) await uploadTrait(id, layer.name, file.filename, file.bytes);
    }
    const ruled = await test.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${id}`,
      headers: { cookie: alice.cookie },
      payload: { rules: rules.map(([trait, other]) => ({ kind: 'excludes', trait, other })) },
    });
    expect(ruled.statusCode).toBe(200);
    const answer = await quality(id);
    expect(answer.statusCode).toBe(200);
    const { findings, analysed } = answer.json().data as {
      findings: { kind: string; severity: string; traits: { layer: string; trait: string }[] }[];
      analysed: number;
    };
    expect(analysed).toBe(13);
    const found = findings.map((finding) => [
      finding.kind,
      finding.severity,
      finding.traits.map((trait) => `${trait.layer}/${trait.trait}`).join(' '),
    ]);
    expect(found.sort()).toEqual(
      [
        ['empty', 'blocks', 'Eyes/Ghost'],
        ['hides-everything', 'blocks', 'Frame/Wood'],
        ['impossible', 'blocks', 'Eyes/Laser'],
        ['look-alike', 'warns', 'Eyes/Round Eyes/Twin'],
        ['size-and-placement', 'warns', 'Eyes/Shifted'],
        ['size-and-placement', 'warns', 'Eyes/Small'],
      ].sort(),
    );
    // Worst first, as the Quality panel lists them.
    expect(findings.map((finding) => finding.severity)).toEqual([
      'blocks',
      'blocks',
      'blocks',
      'warns',
      'warns',
      'warns',
    ]);
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
