import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureProject, createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';

const PUBLIC_URL = 'https://layerloom.example.com';
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

describe.each(databaseKinds)('publishing a collection, hosted by Layerloom, on %s', (kind) => {
  let test: TestApp;
  let owner: LoggedInUser;
  let other: LoggedInUser;
  let collectionId: string;

  const as = (user: LoggedInUser) => ({ cookie: user.cookie });
  const publicationUrl = () => `/api/v1/collections/${collectionId}/publication`;

  beforeAll(async () => {
    test = await createTestApp(kind, { PUBLIC_URL });
    owner = await createUserAndLogin(test.app, { planId: 'pro' });
    other = await createUserAndLogin(test.app, { planId: 'pro' });
    collectionId = await createReadyCollection(test.app, owner.cookie, {
      collectionSize: 3,
      name: 'Loom Cats: Série #1',
    });
  }, 60_000);
  afterAll(async () => {
    await test?.close();
  });

  it('is published once by its owner, with a provenance hash over the images in token order', async () => {
    expect(
      (await test.app.inject({ method: 'GET', url: publicationUrl(), headers: as(owner) })).json().data,
    ).toEqual({ publication: null });
    for (const method of ['GET', 'POST'] as const) {
      const response = await test.app.inject({
        method,
        url: publicationUrl(),
        headers: as(other),
        payload: {},
      });
      expect(response.statusCode, method).toBe(404);
      expect((await test.app.inject({ method, url: publicationUrl(), payload: {} })).statusCode).toBe(401);
    }

    const published = await test.app.inject({
      method: 'POST',
      url: publicationUrl(),
      headers: as(owner),
      payload: { mode: 'hosted' },
    });
    expect(published.statusCode).toBe(201);
    const { publication } = published.json().data;
    expect(publication.slug).toMatch(/^loom-cats-serie-1-[0-9a-f]{6}$/);
    expect(publication).toMatchObject({
      collectionId,
      mode: 'hosted',
      baseUri: `${PUBLIC_URL}/hosted/${publication.slug}/metadata/`,
      imageBaseUri: `${PUBLIC_URL}/hosted/${publication.slug}/images/`,
    });
    const images = await Promise.all(
      [1, 2, 3].map(
        async (edition) =>
          (
            await test.app.inject({
              method: 'GET',
              url: `/api/v1/collections/${collectionId}/images/${edition}.png`,
              headers: as(owner),
            })
          ).rawPayload,
      ),
    );
    expect(publication.provenanceHash).toBe(sha256(images.map(sha256).join('')));
    expect(
      (await test.app.inject({ method: 'GET', url: publicationUrl(), headers: as(owner) })).json().data,
    ).toEqual({ publication });

    const again = await test.app.inject({
      method: 'POST',
      url: publicationUrl(),
      headers: as(owner),
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('already published');
  });

  it('serves the files publicly at cacheable URLs (images immutable, metadata revalidated), with the metadata pointing at the hosted image', async () => {
    const { publication } = (
      await test.app.inject({ method: 'GET', url: publicationUrl(), headers: as(owner) })
    ).json().data;
    const path = (url: string) => new URL(url).pathname;

    const metadata = await test.app.inject({ method: 'GET', url: `${path(publication.baseUri)}2` });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(metadata.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    expect(metadata.headers['access-control-allow-origin']).toBe('*');
    expect(metadata.json()).toMatchObject({
      name: expect.stringContaining('#2'),
      image: `${publication.imageBaseUri}2.png`,
    });
    const withJson = await test.app.inject({ method: 'GET', url: `${path(publication.baseUri)}2.json` });
    expect(withJson.body).toBe(metadata.body);
    const revalidated = await test.app.inject({
      method: 'GET',
      url: `${path(publication.baseUri)}2`,
      headers: { 'if-none-match': String(metadata.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);

    const image = await test.app.inject({ method: 'GET', url: `${path(publication.imageBaseUri)}2.png` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const own = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}/images/2.png`,
      headers: as(owner),
    });
    expect(image.rawPayload.equals(own.rawPayload)).toBe(true);
    expect(
      (
        await test.app.inject({
          method: 'GET',
          url: `${path(publication.imageBaseUri)}2.png`,
          headers: { 'if-none-match': String(image.headers.etag) },
        })
      ).statusCode,
    ).toBe(304);

    for (const url of [
      `${path(publication.baseUri)}0`,
      `${path(publication.baseUri)}4`,
      `${path(publication.baseUri)}..%2F..%2Fx`,
      `${path(publication.imageBaseUri)}2.json`,
      `/hosted/not-a-slug/metadata/1`,
      `/hosted/${publication.slug}/rarity/1`,
    ]) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().status).toBe('error');
    }
  });

  it('refuses to publish a collection that is not ready', async () => {
    const idle = await createTestApp(kind, { PUBLIC_URL, PROCESS_JOBS: 'false' });
    try {
      const user = await createUserAndLogin(idle.app, { planId: 'pro' });
      const projectId = await createFixtureProject(idle.app, user.cookie, { collectionSize: 2 });
      const started = await idle.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${projectId}/generate`,
        headers: { cookie: user.cookie },
      });
      const id = started.json().data.collection.id;
      const response = await idle.app.inject({
        method: 'POST',
        url: `/api/v1/collections/${id}/publication`,
        headers: { cookie: user.cookie },
        payload: {},
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe('Publish the collection once it has finished generating.');
    } finally {
      await idle.close();
    }
  });

  it('takes the hosted files down with the collection', async () => {
    const { publication } = (
      await test.app.inject({ method: 'GET', url: publicationUrl(), headers: as(owner) })
    ).json().data;
    const deleted = await test.app.inject({
      method: 'DELETE',
      url: `/api/v1/collections/${collectionId}`,
      headers: as(owner),
    });
    expect(deleted.statusCode).toBe(200);
    const image = await test.app.inject({ method: 'GET', url: `/hosted/${publication.slug}/images/1.png` });
    expect(image.statusCode).toBe(404);
  });
});
