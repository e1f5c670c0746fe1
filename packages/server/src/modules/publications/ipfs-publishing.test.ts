import { statSync } from 'node:fs';
import { join } from 'node:path';
import { CarReader } from '@ipld/car';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/support/free-port.ts';
import { type KuboStandIn, startKuboStandIn, verifiedCar } from '../../../test/support/kubo-stand-in.ts';
import { createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';
import { collectionPrefix } from '../collections/collection-view.ts';

/** An MP4's first box (`ftyp`): token 2's animation. */
const MOVIE = Buffer.from([0, 0, 0, 24, 102, 116, 121, 112, 105, 115, 111, 109]);

const rawCid = async (bytes: Uint8Array) => CID.createV1(raw.code, await sha256.digest(bytes)).toString();

describe.each(databaseKinds)('publishing a collection to IPFS through a pinning provider, on %s', (kind) => {
  let test: TestApp;
  let kubo: KuboStandIn;
  let owner: LoggedInUser;
  let other: LoggedInUser;
  let collectionId: string;
  let hostedId: string;

  const as = (user: LoggedInUser) => ({ cookie: user.cookie });
  const uploadUrl = () => `/api/v1/collections/${collectionId}/publication/ipfs`;
  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    user?: LoggedInUser,
    payload?: object,
  ) => test.app.inject({ method, url, headers: user ? as(user) : {}, ...(payload ? { payload } : {}) });
  const saveProvider = (endpoint: string, token: string) =>
    inject('PUT', '/api/v1/pinning-provider', owner, { endpoint, token });
  const publication = async () =>
    (await inject('GET', `/api/v1/collections/${collectionId}/publication`, owner)).json().data.publication;

  /** Starts (or retries) the upload and waits for it to finish; answers its final state. */
  async function upload() {
    const started = await inject('POST', uploadUrl(), owner);
    expect(started.statusCode, started.body).toBe(202);
    for (let attempt = 0; attempt < 300; attempt++) {
      const { upload } = (await inject('GET', uploadUrl(), owner)).json().data;
      if (['succeeded', 'failed', 'cancelled'].includes(upload.status)) return upload;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the upload did not finish');
  }

  beforeAll(async () => {
    kubo = await startKuboStandIn();
    test = await createTestApp(kind, {
      IPFS_TIMEOUT_MS: '400',
      IPFS_GATEWAY_URL: 'https://gateway.example.org/',
    });
    owner = await createUserAndLogin(test.app, { planId: 'pro' });
    other = await createUserAndLogin(test.app, { planId: 'pro' });
    collectionId = await createReadyCollection(test.app, owner.cookie, {
      collectionSize: 3,
      name: 'Pinned Cats',
    });
    // Token 2 is animated, as an animated collection's tokens are: images/2.mp4 beside its poster, linked by
    // its metadata's animation_url at the hosted address.
    const prefix = collectionPrefix(collectionId);
    const hosted = JSON.parse((await test.app.blobs.getBuffer(`${prefix}/metadata/2.json`)).toString());
    await test.app.blobs.put(
      `${prefix}/metadata/2.json`,
      Buffer.from(JSON.stringify({ ...hosted, animation_url: 'https://cdn.example/images/2.mp4' })),
    );
    await test.app.blobs.put(`${prefix}/images/2.mp4`, MOVIE);
    hostedId = await createReadyCollection(test.app, owner.cookie, {
      collectionSize: 2,
      name: 'Hosted Cats',
    });
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    await kubo?.close();
  });

  it('keeps the provider token encrypted at rest and never sends it back', async () => {
    expect((await inject('GET', '/api/v1/pinning-provider', owner)).json().data).toEqual({ provider: null });
    expect((await inject('GET', '/api/v1/pinning-provider')).statusCode).toBe(401);
    expect(
      (
        await inject('PUT', '/api/v1/pinning-provider', undefined, {
          endpoint: kubo.url,
          token: 'x'.repeat(12),
        })
      ).statusCode,
    ).toBe(401);

    const refused = await saveProvider('ftp://pins.example.com', 'short');
    expect(refused.statusCode).toBe(400);
    expect(
      refused
        .json()
        .error.fields.map((field: { path: string }) => field.path)
        .sort(),
    ).toEqual(['endpoint', 'token']);
    expect((await inject('GET', '/api/v1/pinning-provider', owner)).json().data.provider).toBeNull();

    const saved = await saveProvider(`${kubo.url}/`, kubo.token);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.provider).toEqual({
      endpoint: kubo.url,
      tokenLast4: kubo.token.slice(-4),
      updatedAt: expect.any(String),
    });
    expect(saved.body).not.toContain(kubo.token);
    const read = await inject('GET', '/api/v1/pinning-provider', owner);
    expect(read.body).not.toContain(kubo.token);
    expect(read.json().data.provider.endpoint).toBe(kubo.url);
    expect((await inject('GET', '/api/v1/pinning-provider', other)).json().data.provider).toBeNull();

    const row = await test.app.database.db
      .selectFrom('workspace_pinning_providers')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.token_sealed).not.toContain(kubo.token);
    expect(row.token_sealed).not.toContain(Buffer.from(kubo.token).toString('base64'));
    expect(row.token_sealed).toMatch(/^v1\./);
    // No SECRET_KEY set: the key was generated once in DATA_DIR, readable by its owner only.
    expect(statSync(join(test.dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
  });

  it('refuses to start without a ready collection, a provider, or for someone else, writing nothing', async () => {
    expect((await inject('POST', uploadUrl())).statusCode).toBe(401);
    expect((await inject('POST', uploadUrl(), other)).statusCode).toBe(404);
    expect((await inject('GET', uploadUrl(), other)).statusCode).toBe(404);
    const someoneElses = await inject('POST', `/api/v1/collections/${hostedId}/publication/ipfs`, other);
    expect(someoneElses.statusCode).toBe(404);
    const otherOwn = await createReadyCollection(test.app, other.cookie, {
      collectionSize: 1,
      name: 'Theirs',
    });
    const refused = await inject('POST', `/api/v1/collections/${otherOwn}/publication/ipfs`, other);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('Save your pinning provider');
    expect(
      (await inject('GET', `/api/v1/collections/${otherOwn}/publication/ipfs`, other)).json().data.upload,
    ).toBeNull();
    const hostedOnly = await inject('POST', `/api/v1/collections/${collectionId}/publication`, owner, {
      mode: 'ipfs',
    });
    expect(hostedOnly.statusCode).toBe(400);
    expect(await publication()).toBeNull();
  }, 60_000);

  it('answers the first upload at once (202) and leaves the content IDs to the job, which records them', async () => {
    kubo.mode = 'wrong-root';
    const cidsFile = `collections/${collectionId}/exports/ipfs.json`;
    expect(await test.app.blobs.stat(cidsFile)).toBeUndefined();
    const started = await inject('POST', uploadUrl(), owner);
    expect(started.statusCode).toBe(202);
    expect(started.json().data.upload).toMatchObject({ imagesCid: null, metadataCid: null });
    expect(['queued', 'running']).toContain(started.json().data.upload.status);
    let upload = started.json().data.upload;
    for (let attempt = 0; attempt < 300 && !['failed', 'succeeded'].includes(upload.status); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      upload = (await inject('GET', uploadUrl(), owner)).json().data.upload;
    }
    expect(upload.status).toBe('failed');
    const cids = (await inject('GET', `/api/v1/collections/${collectionId}/ipfs`, owner)).json().data;
    expect(upload).toMatchObject({ imagesCid: cids.imagesCid, metadataCid: cids.metadataCid });
    expect(await test.app.blobs.stat(cidsFile)).toBeDefined();
  }, 60_000);

  it.each([
    ['wrong-root', /reported the images folder as bafkrei\w+ instead of bafy/],
    ['unauthorized', /refused the access token \(HTTP 401\)\. Save a valid token/],
    ['error', /could not take the images \(HTTP 500: blockstore is full\)/],
    ['pin-error', /could not pin them: pinning is paused/],
    ['hang', /stopped answering while the images were uploaded/],
  ] as const)(
    'a provider answering %s fails the upload with a clear message and publishes nothing',
    async (mode, message) => {
      kubo.mode = mode;
      const failed = await upload();
      expect(failed.status).toBe('failed');
      expect(failed.error).toMatch(message);
      expect(await publication()).toBeNull();
      // The bytes of both CAR files in all, and how many were sent before it failed (the images CAR, read whole
      // by the provider before it answered; an access refusal may come before any byte is read).
      expect(failed.total).toBeGreaterThan(0);
      if (mode !== 'unauthorized') expect(failed.done).toBeGreaterThan(0);
      expect(failed.done).toBeLessThan(failed.total);
    },
  );

  it('refuses a second upload while one is under way', async () => {
    kubo.mode = 'hang';
    expect((await inject('POST', uploadUrl(), owner)).statusCode).toBe(202);
    const second = await inject('POST', uploadUrl(), owner);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(
      'This collection is already being uploaded to IPFS; wait for it to finish.',
    );
    for (let attempt = 0; attempt < 300; attempt++) {
      const { upload } = (await inject('GET', uploadUrl(), owner)).json().data;
      if (upload.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await inject('GET', uploadUrl(), owner)).json().data.upload.status).toBe('failed');
    expect(await publication()).toBeNull();
  });

  it('forgets the provider and its token on request (owner only), and then refuses to upload', async () => {
    expect((await inject('DELETE', '/api/v1/pinning-provider')).statusCode).toBe(401);
    const removed = await inject('DELETE', '/api/v1/pinning-provider', owner);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ provider: null });
    expect(
      await test.app.database.db
        .selectFrom('workspace_pinning_providers')
        .selectAll()
        .where('workspace_id', '=', `wsp_${owner.id}`)
        .execute(),
    ).toEqual([]);
    const refused = await inject('POST', uploadUrl(), owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('Save your pinning provider');
    expect((await saveProvider(kubo.url, kubo.token)).statusCode).toBe(200);
  });

  it('an unreachable provider is named, and nothing is published', async () => {
    const closedPort = await freePort();
    expect((await saveProvider(`http://127.0.0.1:${closedPort}`, kubo.token)).statusCode).toBe(200);
    const failed = await upload();
    expect(failed.error).toBe(
      `Could not reach the pinning provider at 127.0.0.1:${closedPort} (the connection was refused). Check its address, then try again.`,
    );
    expect(await publication()).toBeNull();
    expect((await saveProvider(kubo.url, kubo.token)).statusCode).toBe(200);
  });

  it('a retry uploads both CAR files, checks their roots and publishes at ipfs:// addresses', async () => {
    kubo.mode = 'ok';
    kubo.received.length = 0;
    kubo.pinned.clear();
    const cids = (await inject('GET', `/api/v1/collections/${collectionId}/ipfs`, owner)).json().data;
    // CIDs stored by an earlier version (metadata keys reordered, no format mark) are made again before publishing.
    const exports = `${collectionPrefix(collectionId)}/exports`;
    await test.app.blobs.put(
      `${exports}/ipfs.json`,
      Buffer.from(JSON.stringify({ imagesCid: cids.imagesCid, metadataCid: 'bafystalemetadata' })),
    );
    await test.app.blobs.put(`${exports}/metadata.car`, Buffer.from('stale'));
    const done = await upload();
    expect(done).toMatchObject({
      status: 'succeeded',
      error: null,
      imagesCid: cids.imagesCid,
      metadataCid: cids.metadataCid,
    });
    expect(done.done).toBe(done.total);
    expect(done.total).toBeGreaterThan(0);
    expect(kubo.received.map((car) => car.roots)).toEqual([[cids.imagesCid], [cids.metadataCid]]);
    expect(kubo.received[0]?.authorization).toBe(`Bearer ${kubo.token}`);
    expect(kubo.pinned).toEqual(new Set([cids.imagesCid, cids.metadataCid]));

    const published = await publication();
    expect(published).toMatchObject({
      collectionId,
      mode: 'ipfs',
      baseUri: `ipfs://${cids.metadataCid}/`,
      imageBaseUri: `ipfs://${cids.imagesCid}/`,
      provenanceHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const again = await inject('POST', uploadUrl(), owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('already published');
  }, 60_000);

  it('answers /ipfs/{cid}/{path} for the published collection: files, CARs and blocks, immutable with the CID as ETag', async () => {
    const published = await publication();
    const metadataCid = published.baseUri.slice('ipfs://'.length, -1);
    const imagesCid = published.imageBaseUri.slice('ipfs://'.length, -1);

    const metadata = await test.app.inject({ method: 'GET', url: `/ipfs/${metadataCid}/2.json` });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(metadata.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(metadata.headers.etag).toBe(`"${await rawCid(metadata.rawPayload)}"`);
    expect(metadata.json()).toMatchObject({
      name: expect.stringContaining('#2'),
      image: `ipfs://${imagesCid}/2.png`,
      animation_url: `ipfs://${imagesCid}/2.mp4`,
    });
    const revalidated = await test.app.inject({
      method: 'GET',
      url: `/ipfs/${metadataCid}/2.json`,
      headers: { 'if-none-match': String(metadata.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);

    const image = await test.app.inject({ method: 'GET', url: `/ipfs/${imagesCid}/2.png` });
    expect(image.headers['content-type']).toBe('image/png');
    const own = await inject('GET', `/api/v1/collections/${collectionId}/images/2.png`, owner);
    expect(image.rawPayload.equals(own.rawPayload)).toBe(true);
    expect(image.headers.etag).toBe(`"${await rawCid(image.rawPayload)}"`);
    const block = await test.app.inject({ method: 'GET', url: `/ipfs/${imagesCid}/2.png?format=raw` });
    expect(block.headers['content-type']).toBe('application/vnd.ipld.raw');
    expect(block.rawPayload.equals(own.rawPayload)).toBe(true);
    // The animation is in the images folder beside its poster, served as a video.
    const movie = await test.app.inject({ method: 'GET', url: `/ipfs/${imagesCid}/2.mp4` });
    expect(movie.statusCode).toBe(200);
    expect(movie.headers['content-type']).toBe('video/mp4');
    expect(movie.rawPayload.equals(MOVIE)).toBe(true);
    expect(movie.headers.etag).toBe(`"${await rawCid(MOVIE)}"`);

    // A CAR of the path: rooted at the folder, every block valid, the file's block among them.
    const pathCar = await test.app.inject({
      method: 'GET',
      url: `/ipfs/${imagesCid}/2.png`,
      headers: { accept: 'application/vnd.ipld.car' },
    });
    expect(pathCar.headers['content-type']).toBe('application/vnd.ipld.car; version=1');
    const checked = await verifiedCar(pathCar.rawPayload);
    expect(checked.roots).toEqual([imagesCid]);
    const reader = await CarReader.fromBytes(pathCar.rawPayload);
    expect(await reader.has(CID.parse(await rawCid(own.rawPayload)))).toBe(true);
    expect(await reader.has(CID.parse(imagesCid))).toBe(true);

    const wholeCar = await test.app.inject({ method: 'GET', url: `/ipfs/${metadataCid}?format=car` });
    expect(wholeCar.statusCode).toBe(200);
    const whole = await verifiedCar(wholeCar.rawPayload);
    expect(whole.roots).toEqual([metadataCid]);
    expect(whole.blocks).toBe(4);
    // The same content named by its CIDv0-style text or base36 resolves the same.
    const base36 = CID.parse(metadataCid).toString((await import('multiformats/bases/base36')).base36);
    expect((await test.app.inject({ method: 'GET', url: `/ipfs/${base36}/1.json` })).statusCode).toBe(200);

    for (const [url, status] of [
      [`/ipfs/not-a-cid/1.png`, 400],
      [`/ipfs/${imagesCid}/1.png?format=zip`, 400],
      [`/ipfs/${imagesCid}`, 400],
      [`/ipfs/${imagesCid}/4.png`, 404],
      [`/ipfs/${imagesCid}/1.mp4`, 404],
      [`/ipfs/${imagesCid}/1.json`, 404],
      [`/ipfs/${imagesCid}/sub/1.png`, 404],
      [`/ipfs/${await rawCid(new TextEncoder().encode('unknown'))}/1.png`, 404],
    ] as const) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      expect(response.json().status).toBe('error');
    }
  });

  it('does not serve a collection that is not published on IPFS', async () => {
    const hostedCids = (await inject('GET', `/api/v1/collections/${hostedId}/ipfs`, owner)).json().data;
    expect(
      (await inject('POST', `/api/v1/collections/${hostedId}/publication`, owner, { mode: 'hosted' }))
        .statusCode,
    ).toBe(201);
    const response = await test.app.inject({ method: 'GET', url: `/ipfs/${hostedCids.imagesCid}/1.png` });
    expect(response.statusCode).toBe(404);
  });

  it('tells a browser to open what this server holds through its own /ipfs/ gateway, the rest through the public one', async () => {
    const { imageBaseUri, baseUri } = await publication();
    const location = (cid: string) => test.app.inject({ method: 'GET', url: `/api/v1/ipfs/${cid}/location` });
    for (const held of [imageBaseUri, baseUri].map((uri: string) => uri.slice('ipfs://'.length, -1))) {
      const answer = await location(held);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data).toEqual({
        cid: held,
        held: true,
        gatewayUrl: `${test.app.config.publicUrl}/ipfs/`,
      });
    }
    const elsewhere = await rawCid(new TextEncoder().encode('pinned somewhere else'));
    expect((await location(elsewhere)).json().data).toEqual({
      cid: elsewhere,
      held: false,
      gatewayUrl: 'https://gateway.example.org/ipfs/',
    });
    // A collection published here but hosted (not on IPFS) is not held either.
    const hostedCids = (await inject('GET', `/api/v1/collections/${hostedId}/ipfs`, owner)).json().data;
    expect((await location(hostedCids.imagesCid)).json().data.held).toBe(false);
    const malformed = await location('not-a-cid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe('That is not a valid CID.');
  });

  it('after a metadata edit says the pinned metadata changed, and publishing again pins only the new metadata folder and points the publication at it', async () => {
    // A collection of its own, as generated (the one above has an animation added by hand, which a rewrite
    // of its metadata would drop): published to IPFS first.
    collectionId = await createReadyCollection(test.app, owner.cookie, {
      collectionSize: 2,
      name: 'Edited Cats',
    });
    kubo.mode = 'ok';
    expect((await upload()).status).toBe('succeeded');
    const before = await publication();
    expect(before.metadataChanged).toBe(false);
    const settings = `/api/v1/collections/${collectionId}/metadata-settings`;
    const saved = await inject('PUT', settings, owner, {
      namePattern: 'Pinned cat #{edition}',
      description: null,
      externalUrl: null,
      backgroundColor: null,
      attributes: [],
      tokenAttributes: [],
      renames: [],
    });
    expect(saved.statusCode, saved.body).toBe(202);
    for (let attempt = 0; attempt < 300; attempt++) {
      const { collection } = (await inject('GET', `/api/v1/collections/${collectionId}`, owner)).json().data;
      if (collection.progress.status !== 'generating') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const stale = await publication();
    expect(stale).toMatchObject({ metadataChanged: true, baseUri: before.baseUri });
    // An upload under way (it starts with the previous CIDs) has pinned nothing yet, nor one that failed.
    kubo.mode = 'hang';
    const started = await inject('POST', uploadUrl(), owner);
    expect(started.statusCode, started.body).toBe(202);
    expect(await publication()).toMatchObject({ metadataChanged: true, baseUri: before.baseUri });
    let failed = '';
    for (let attempt = 0; attempt < 300 && !['failed', 'succeeded'].includes(failed); attempt++) {
      failed = (await inject('GET', uploadUrl(), owner)).json().data.upload.status;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(failed).toBe('failed');
    expect(await publication()).toMatchObject({ metadataChanged: true, baseUri: before.baseUri });

    kubo.mode = 'ok';
    kubo.received.length = 0;
    const done = await upload();
    expect(done.status, done.error).toBe('succeeded');
    const cids = (await inject('GET', `/api/v1/collections/${collectionId}/ipfs`, owner)).json().data;
    expect(cids.metadataCid).not.toBe(before.baseUri.slice('ipfs://'.length, -1));
    // The images are as published: only the metadata is sent.
    expect(kubo.received.map((car) => car.roots)).toEqual([[cids.metadataCid]]);
    const after = await publication();
    expect(after).toMatchObject({
      metadataChanged: false,
      baseUri: `ipfs://${cids.metadataCid}/`,
      imageBaseUri: before.imageBaseUri,
      provenanceHash: before.provenanceHash,
      publishedAt: before.publishedAt,
    });
    const metadata = await test.app.inject({ method: 'GET', url: `/ipfs/${cids.metadataCid}/1.json` });
    expect(metadata.statusCode).toBe(200);
    expect(JSON.parse(metadata.body).name).toBe('Pinned cat #1');
    const again = await inject('POST', uploadUrl(), owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('already published');
  }, 60_000);
});
