import { setTimeout } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFiles } from '../../../test/support/multipart.ts';
import { createFixtureProject } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';

const SIZE = 64;

/** A full-canvas image of one colour (alpha 0: fully transparent). */
async function solid([r, g, b]: number[], alpha = 1): Promise<Buffer> {
  return sharp({
    create: { width: SIZE, height: SIZE, channels: 4, background: { r: r!, g: g!, b: b!, alpha } },
  })
    .png()
    .toBuffer();
}

async function shape(body: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}">${body}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The check, made by a script: Background (four colours), Cover (Curtain, an opaque full-canvas
 * image, weight 3; Window, a transparent one, weight 1) and Badge (three shapes above the cover). Under
 * the curtain, tokens differ only by a background nobody sees.
 */
async function coverLayers(): Promise<
  { name: string; traits: { name: string; weight: number; bytes: Buffer }[] }[]
> {
  return [
    {
      name: 'Background',
      traits: [
        { name: 'Blue', weight: 1, bytes: await solid([60, 110, 220]) },
        { name: 'Green', weight: 1, bytes: await solid([70, 190, 110]) },
        { name: 'Orange', weight: 1, bytes: await solid([240, 150, 60]) },
        { name: 'Pink', weight: 1, bytes: await solid([235, 120, 180]) },
      ],
    },
    {
      name: 'Cover',
      traits: [
        { name: 'Curtain', weight: 3, bytes: await solid([90, 30, 40]) },
        { name: 'Window', weight: 1, bytes: await solid([0, 0, 0], 0) },
      ],
    },
    {
      name: 'Badge',
      traits: [
        { name: 'Disc', weight: 1, bytes: await shape('<circle cx="32" cy="32" r="16" fill="#fafafa"/>') },
        {
          name: 'Square',
          weight: 1,
          bytes: await shape('<rect x="19" y="19" width="26" height="26" fill="#14141e"/>'),
        },
        {
          name: 'Diamond',
          weight: 1,
          bytes: await shape('<path d="M32 14 L50 32 L32 50 L14 32z" fill="#fadc28"/>'),
        },
      ],
    },
  ];
}

describe.each(databaseKinds)('look-alike tokens on %s', (kind) => {
  let test: TestApp;
  let owner: LoggedInUser;
  let other: LoggedInUser;
  let coverProject: string;
  let plainCollection: string;

  /** Replaces a project's layers by `layers`, uploaded, with their weights. */
  async function useLayers(
    projectId: string,
    layers: Awaited<ReturnType<typeof coverLayers>>,
  ): Promise<void> {
    const cookie = owner.cookie;
    const named = await test.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${projectId}`,
      headers: { cookie },
      payload: { seed: 'curtain call', layers: layers.map((layer) => ({ name: layer.name })) },
    });
    expect(named.statusCode).toBe(200);
    const ids: { id: string }[] = named.json().data.project.layers;
    for (const [index, layer] of layers.entries()) {
      const body = multipartFiles(
        layer.traits.map((trait) => ({ filename: `${trait.name}.png`, bytes: trait.bytes })),
      );
      const uploaded = await test.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${projectId}/layers/${ids[index]!.id}/traits`,
        headers: { cookie, ...body.headers },
        payload: body.payload,
      });
      expect(uploaded.statusCode).toBe(201);
    }
    const project = (
      await test.app.inject({ method: 'GET', url: `/api/v1/projects/${projectId}`, headers: { cookie } })
    ).json().data.project;
    const weighted = await test.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${projectId}`,
      headers: { cookie },
      payload: {
        layers: project.layers.map(
          (layer: { id: string; name: string; traits: { id: string; name: string }[] }, index: number) => ({
            id: layer.id,
            name: layer.name,
            traits: layer.traits.map((trait) => ({
              id: trait.id,
              name: trait.name,
              weight: layers[index]!.traits.find((made) => made.name === trait.name)!.weight,
            })),
          }),
        ),
      },
    });
    expect(weighted.statusCode).toBe(200);
  }

  /** Generates a project (with `body`) and waits for the end; returns the collection's id and its progress. */
  async function generate(projectId: string, body?: object) {
    const started = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/generate`,
      headers: { cookie: owner.cookie },
      ...(body ? { payload: body } : {}),
    });
    expect(started.statusCode, started.body).toBe(202);
    const id: string = started.json().data.collection.id;
    for (let attempt = 0; attempt < 600; attempt++) {
      const { progress } = (
        await test.app.inject({
          method: 'GET',
          url: `/api/v1/collections/${id}`,
          headers: { cookie: owner.cookie },
        })
      ).json().data.collection;
      if (progress.status !== 'generating') return { id, progress };
      await setTimeout(100);
    }
    throw new Error('The collection did not finish generating');
  }

  const lookAlikes = (id: string, cookie = owner.cookie) =>
    test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${id}/look-alikes`,
      ...(cookie ? { headers: { cookie } } : {}),
    });

  const metadataOf = async (id: string) =>
    (
      await test.app.inject({
        method: 'GET',
        url: `/api/v1/collections/${id}/tokens?pageSize=200`,
        headers: { cookie: owner.cookie },
      })
    )
      .json()
      .data.tokens.map((token: { attributes: unknown }) => token.attributes);

  beforeAll(async () => {
    test = await createTestApp(kind);
    owner = await createUserAndLogin(test.app, { planId: 'pro' });
    other = await createUserAndLogin(test.app, { planId: 'pro' });
    coverProject = await createFixtureProject(test.app, owner.cookie, { collectionSize: 12, size: SIZE });
    await useLayers(coverProject, await coverLayers());
    const plain = await generate(coverProject);
    expect(plain.progress.status).toBe('ready');
    plainCollection = plain.id;
  }, 120_000);

  afterAll(async () => {
    await test?.close();
  });

  it('lists the tokens that differ only under a full cover, each with its thumbnail and hidden trait', async () => {
    const response = await lookAlikes(plainCollection);
    expect(response.statusCode).toBe(200);
    const report = response.json().data.lookAlikes;
    expect(report).toMatchObject({ available: true, tokenCount: 12, distinctLooks: false });
    expect(report.groups.length).toBeGreaterThan(0);
    for (const group of report.groups) {
      expect(group).toMatchObject({ kind: 'identical', differingTraits: ['Background'] });
      expect(group.tokens.length).toBeGreaterThan(1);
      for (const token of group.tokens) {
        expect(token.name).toBe(`Fixture Cats #${token.edition}`);
        expect(token.thumbnail).toMatch(
          new RegExp(`^/api/v1/collections/${plainCollection}/thumbnails/${token.edition}\\.webp\\?v=`),
        );
        expect(token.differences).toEqual([
          { traitType: 'Background', value: expect.stringMatching(/^(Blue|Green|Orange|Pink)$/) },
        ]);
      }
      const thumbnail = await test.app.inject({
        method: 'GET',
        url: group.tokens[0].thumbnail,
        headers: { cookie: owner.cookie },
      });
      expect(thumbnail.statusCode).toBe(200);
    }
  });

  it('with "Every token looks different", leaves none and gives the same collection from the same seed', {
    timeout: 120_000,
  }, async () => {
    const first = await generate(coverProject, { distinctLooks: true });
    const second = await generate(coverProject, { distinctLooks: true });
    expect([first.progress.status, second.progress.status]).toEqual(['ready', 'ready']);
    const report = (await lookAlikes(first.id)).json().data.lookAlikes;
    expect(report).toMatchObject({ available: true, tokenCount: 12, distinctLooks: true, groups: [] });
    expect(await metadataOf(second.id)).toEqual(await metadataOf(first.id));
    expect(await metadataOf(first.id)).not.toEqual(await metadataOf(plainCollection));
  });

  it('says plainly when the layers cannot give every token a look of its own', {
    timeout: 120_000,
  }, async () => {
    const crowded = await createFixtureProject(test.app, owner.cookie, { collectionSize: 20, size: SIZE });
    await useLayers(crowded, await coverLayers());
    const { progress } = await generate(crowded, { distinctLooks: true });
    expect(progress.status).toBe('failed');
    expect(progress.error).toMatch(
      /^Every token cannot look different: \d+ tokens? still looks? like another/,
    );
  });

  it('finds no look-alike tokens in the sample layers', { timeout: 120_000 }, async () => {
    const id = await createFixtureProject(test.app, owner.cookie, { collectionSize: 30, size: 512 });
    expect(
      (
        await test.app.inject({
          method: 'PATCH',
          url: `/api/v1/projects/${id}`,
          headers: { cookie: owner.cookie },
          payload: { layers: [] },
        })
      ).statusCode,
    ).toBe(200);
    const sample = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/sample-layers`,
      headers: { cookie: owner.cookie },
      payload: {},
    });
    expect(sample.statusCode).toBe(201);
    const collection = await generate(id);
    expect(collection.progress.status).toBe('ready');
    const report = (await lookAlikes(collection.id)).json().data.lookAlikes;
    expect(report).toMatchObject({ available: true, tokenCount: 30, groups: [] });
  });

  it('answers 401 without a session, 404 for a collection of someone else, 400 for a wrong option', async () => {
    expect((await lookAlikes(plainCollection, '')).statusCode).toBe(401);
    const foreign = await lookAlikes(plainCollection, other.cookie);
    expect(foreign.statusCode).toBe(404);
    const wrong = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${coverProject}/generate`,
      headers: { cookie: owner.cookie },
      payload: { distinctLooks: 'yes' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('VALIDATION_FAILED');
  });
});
