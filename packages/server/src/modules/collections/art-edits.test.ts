import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KuboStandIn, startKuboStandIn } from '../../../test/support/kubo-stand-in.ts';
import { createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTeam, createTeamCollection, type TestTeam } from '../../../test/support/team.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';
import { FROZEN_REASON } from '../marketplace/marketplace.service.ts';
import { collectionPrefix } from './collection-view.ts';

/** A plain image of one colour, in the collection's size unless said otherwise. */
const picture = (colour: string, size = 32, format: 'png' | 'webp' | 'jpeg' = 'png') =>
  sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .toFormat(format, format === 'webp' ? { lossless: true } : {})
    .toBuffer();

/** A multipart body: one file per `token-N` field, plus the fields given. */
function artForm(
  files: { field: string; filename: string; bytes: Buffer }[],
  fields: Record<string, string>,
) {
  const boundary = `----art${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const CONFIRM = { confirm: 'provenance-mismatch' };

/** The first pixel's colour of a PNG, as `#rrggbb`. */
async function colourOf(bytes: Buffer): Promise<string> {
  const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return `#${[data[0], data[1], data[2]].map((value) => (value ?? 0).toString(16).padStart(2, '0')).join('')}`;
}

describe.each(databaseKinds)('replacing published tokens’ art as a new version, on %s', (kind) => {
  let test: TestApp;
  let kubo: KuboStandIn;
  let team: TestTeam;
  let owner: LoggedInUser;
  let hostedId: string;

  const send = (user: LoggedInUser | undefined, collectionId: string, body: ReturnType<typeof artForm>) =>
    test.app.inject({
      method: 'POST',
      url: `/api/v1/collections/${collectionId}/art`,
      headers: { ...(user ? { cookie: user.cookie } : {}), ...body.headers },
      payload: body.payload,
    });
  const get = (url: string, user?: LoggedInUser) =>
    test.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
  const publicPath = (url: string) => new URL(url).pathname;
  const publicationOf = async (collectionId: string, user: LoggedInUser) =>
    (await get(`/api/v1/collections/${collectionId}/publication`, user)).json().data.publication;
  const historyOf = async (collectionId: string, user: LoggedInUser) =>
    (await get(`/api/v1/collections/${collectionId}/metadata-settings`, user)).json().data.history;

  async function settled(collectionId: string, user: LoggedInUser) {
    for (;;) {
      const { collection } = (await get(`/api/v1/collections/${collectionId}`, user)).json().data;
      if (collection.progress.status !== 'generating') return collection;
      await setTimeout(50);
    }
  }

  /** Everything kept of a collection's art versions: rows and blobs. */
  async function artWritten(collectionId: string) {
    const rows = await test.app.database.db
      .selectFrom('collection_art_edits')
      .selectAll()
      .where('collection_id', '=', collectionId)
      .execute();
    const blobs: string[] = [];
    for await (const key of test.app.blobs.list(`${collectionPrefix(collectionId)}/art`)) blobs.push(key);
    return { rows: rows.length, blobs };
  }

  beforeAll(async () => {
    kubo = await startKuboStandIn();
    test = await createTestApp(kind, { IPFS_TIMEOUT_MS: '2000' });
    team = await createTeam(test.app);
    owner = await createUserAndLogin(test.app, { planId: 'pro' });
    hostedId = (await createTeamCollection(test.app, team, 3)).collectionId;
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    await kubo?.close();
  });

  it('refuses an unpublished collection, bad images, a missing confirmation, a Viewer and outsiders, writing nothing', async () => {
    const good = await picture('#ff00ff');
    const replace2 = artForm([{ field: 'token-2', filename: 'fixed.png', bytes: good }], CONFIRM);
    const unpublished = await send(team.editor, hostedId, replace2);
    expect(unpublished.statusCode).toBe(409);
    expect(unpublished.json().error.message).toMatch(/not published yet/);

    const published = await test.app.inject({
      method: 'POST',
      url: `/api/v1/collections/${hostedId}/publication`,
      headers: { cookie: team.owner.cookie },
      payload: { mode: 'hosted' },
    });
    expect(published.statusCode, published.body).toBe(201);
    const before = await publicationOf(hostedId, team.owner);

    const cases: [ReturnType<typeof artForm>, number, RegExp, string?][] = [
      [
        artForm([{ field: 'token-2', filename: 'fixed.png', bytes: good }], {}),
        400,
        /Confirm that/,
        'confirm',
      ],
      [
        artForm([{ field: 'token-2', filename: 'small.png', bytes: await picture('#ff00ff', 16) }], CONFIRM),
        400,
        /is 16×16 px; this collection's images are 32×32 px/,
        'token-2',
      ],
      [
        artForm(
          [{ field: 'token-2', filename: 'notes.png', bytes: Buffer.from('not an image at all') }],
          CONFIRM,
        ),
        400,
        /is not a PNG, JPEG, WebP or GIF image/,
        'token-2',
      ],
      [
        artForm(
          [{ field: 'token-2', filename: 'photo.png', bytes: await picture('#ff00ff', 32, 'jpeg') }],
          CONFIRM,
        ),
        400,
        /not really a PNG image \(its content is JPEG\)/,
        'token-2',
      ],
      [
        artForm([{ field: 'token-9', filename: 'fixed.png', bytes: good }], CONFIRM),
        400,
        /Token #9 is not in this collection \(#1 to #3\)/,
        'token-9',
      ],
      [artForm([], CONFIRM), 400, /at least one token/],
      [artForm([{ field: 'image', filename: 'fixed.png', bytes: good }], CONFIRM), 400, /token-N/],
    ];
    for (const [body, status, message, field] of cases) {
      const response = await send(team.editor, hostedId, body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.message).toMatch(message);
      if (field) expect(response.json().error.fields[0].path).toBe(field);
    }
    // An animated token (its metadata's animation_url names N.mp4 beside the poster): a still would change
    // its poster alone.
    const token3 = `${collectionPrefix(hostedId)}/metadata/3.json`;
    const still = await test.app.blobs.getBuffer(token3);
    const animated = { ...JSON.parse(still.toString()), animation_url: 'https://cdn.example/images/3.mp4' };
    await test.app.blobs.put(token3, Buffer.from(JSON.stringify(animated)));
    const moving = await send(
      team.editor,
      hostedId,
      artForm([{ field: 'token-3', filename: 'fixed.png', bytes: good }], CONFIRM),
    );
    await test.app.blobs.put(token3, still);
    expect(moving.statusCode, moving.body).toBe(400);
    expect(moving.json().error.message).toMatch(/Token #3 is animated \(3\.mp4\)/);
    expect(moving.json().error.fields[0].path).toBe('token-3');
    const json = await test.app.inject({
      method: 'POST',
      url: `/api/v1/collections/${hostedId}/art`,
      headers: { cookie: team.editor.cookie },
      payload: { 'token-2': 'x' },
    });
    expect(json.statusCode).toBe(415);

    expect((await send(team.viewer, hostedId, replace2)).statusCode).toBe(403);
    expect((await send(team.viewer, hostedId, replace2)).json().error.message).toMatch(/Viewer/);
    expect((await send(team.outsider, hostedId, replace2)).statusCode).toBe(404);
    expect((await send(undefined, hostedId, replace2)).statusCode).toBe(401);

    expect(await artWritten(hostedId)).toEqual({ rows: 0, blobs: [] });
    expect(await publicationOf(hostedId, team.owner)).toEqual(before);
    expect(await historyOf(hostedId, team.owner)).toEqual([]);
  }, 60_000);

  it('serves the new art at a new hosted version (old URLs keep the old bytes), moves the base URI and records the version', async () => {
    const before = await publicationOf(hostedId, team.owner);
    const oldImage = await get(`${publicPath(before.imageBaseUri)}2.png`);
    const oldOther = await get(`${publicPath(before.imageBaseUri)}1.png`);
    expect(oldImage.statusCode).toBe(200);

    // The team reviews launches: the collection was approved before its art changed.
    const reviewed = await test.app.inject({
      method: 'PUT',
      url: `/api/v1/workspaces/${team.workspaceId}/review-settings`,
      headers: { cookie: team.owner.cookie },
      payload: { requireApproval: true },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const approvalUrl = `/api/v1/collections/${hostedId}/approval`;
    const approved = await test.app.inject({
      method: 'POST',
      url: approvalUrl,
      headers: { cookie: team.owner.cookie },
    });
    expect(approved.json().data.approval.state).toBe('approved');

    // A WebP is accepted and kept as PNG, like every token's image.
    const replaced = await send(
      team.editor,
      hostedId,
      artForm(
        [{ field: 'token-2', filename: 'fixed.webp', bytes: await picture('#ff00ff', 32, 'webp') }],
        CONFIRM,
      ),
    );
    expect(replaced.statusCode, replaced.body).toBe(201);
    const { edit } = replaced.json().data;
    expect(edit).toMatchObject({
      kind: 'art',
      editions: [2],
      createdBy: team.editor.email,
      location: {
        imageBaseUri: expect.stringMatching(/\/v2\/images\/$/),
        metadataBaseUri: expect.stringMatching(/\/v2\/metadata\/$/),
      },
    });
    expect(edit.changes).toEqual(['Art replaced (version 2): token #2']);
    await settled(hostedId, team.owner);
    // New art is a change the approval did not see: it lapses until approved again.
    expect((await get(approvalUrl, team.owner)).json().data.approval).toMatchObject({
      state: 'waiting',
      lapsedAt: expect.any(String),
    });

    const after = await publicationOf(hostedId, team.owner);
    expect(after.baseUri).toMatch(/\/hosted\/[^/]+\/v2\/metadata\/$/);
    expect(after.imageBaseUri).toMatch(/\/hosted\/[^/]+\/v2\/images\/$/);
    expect(after.baseUri.endsWith(`/hosted/${before.slug}/v2/metadata/`)).toBe(true);
    // The provenance hash is on chain: it stays as published.
    expect(after.provenanceHash).toBe(before.provenanceHash);

    const newImage = await get(`${publicPath(after.imageBaseUri)}2.png`);
    expect(newImage.statusCode).toBe(200);
    expect(newImage.headers['content-type']).toBe('image/png');
    expect(newImage.headers['cache-control']).toContain('immutable');
    expect(await colourOf(newImage.rawPayload)).toBe('#ff00ff');
    // The published URLs keep their bytes; tokens not replaced read the same in the new version.
    const oldAgain = await get(`${publicPath(before.imageBaseUri)}2.png`);
    expect(oldAgain.rawPayload.equals(oldImage.rawPayload)).toBe(true);
    expect(oldAgain.rawPayload.equals(newImage.rawPayload)).toBe(false);
    expect((await get(`${publicPath(after.imageBaseUri)}1.png`)).rawPayload.equals(oldOther.rawPayload)).toBe(
      true,
    );
    // Each version's metadata points at its own images.
    expect((await get(`${publicPath(after.baseUri)}2`)).json().image).toBe(`${after.imageBaseUri}2.png`);
    expect((await get(`${publicPath(before.baseUri)}2`)).json().image).toBe(`${before.imageBaseUri}2.png`);
    expect((await get(`/hosted/${before.slug}/v3/images/2.png`)).statusCode).toBe(404);
    expect((await get(`/hosted/${before.slug}/v3/metadata/2`)).statusCode).toBe(404);
    // The mint page reads the new version too.
    const { drop } = (await get(`/api/v1/drops/${before.slug}`)).json().data;
    expect(drop.metadataBaseUri).toBe(after.baseUri);
    expect(drop.images).toContain(`${after.imageBaseUri}2.png`);
    // The collection's own files (gallery, downloads) hold the new art.
    const own = await get(`/api/v1/collections/${hostedId}/images/2.png`, team.owner);
    expect(own.rawPayload.equals(newImage.rawPayload)).toBe(true);

    // Another server replaces token 3's art (version 3) while this one still holds the versions it read:
    // the published URL of token 3 keeps its bytes all the same.
    expect((await get(`${publicPath(before.imageBaseUri)}1.png`)).statusCode).toBe(200);
    const prefix = collectionPrefix(hostedId);
    const original3 = await test.app.blobs.getBuffer(`${prefix}/images/3.png`);
    await test.app.blobs.put(`${prefix}/art/1/3.png`, original3);
    await test.app.blobs.put(`${prefix}/art/3/3.png`, await picture('#00ff00'));
    await test.app.database.db
      .insertInto('collection_art_edits')
      .values({
        id: randomUUID(),
        collection_id: hostedId,
        version: 3,
        editions: '[3]',
        job_id: 'elsewhere',
        images_cid: null,
        metadata_cid: null,
        created_by: team.editor.email,
        created_at: new Date().toISOString(),
      })
      .execute();
    await setTimeout(5);
    await test.app.blobs.put(`${prefix}/images/3.png`, await picture('#00ff00'));
    const published3 = await get(`${publicPath(before.imageBaseUri)}3.png`);
    expect(published3.rawPayload.equals(original3)).toBe(true);
    await test.app.database.db.deleteFrom('collection_art_edits').where('version', '=', 3).execute();
    await test.app.blobs.put(`${prefix}/images/3.png`, original3);

    const history = await historyOf(hostedId, team.viewer);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      kind: 'art',
      editions: [2],
      status: 'done',
      createdBy: team.editor.email,
    });
  }, 60_000);

  it('refuses art edits once the metadata is frozen on chain, writing nothing', async () => {
    const db = test.app.database.db;
    const deploymentId = randomUUID();
    await db
      .insertInto('deployments')
      .values({
        id: deploymentId,
        collection_id: hostedId,
        owner_id: team.owner.id,
        chain_id: 31337,
        address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        deployer: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        transaction_hash: `0x${'1'.repeat(64)}`,
        block_number: '1',
        name: 'Fixture Cats',
        symbol: 'CATS',
        max_supply: 3,
        status: 'verified',
        status_reason: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    await db
      .insertInto('metadata_updates')
      .values({
        id: randomUUID(),
        collection_id: hostedId,
        deployment_id: deploymentId,
        kind: 'freeze',
        transaction_hash: `0x${'2'.repeat(64)}`,
        block_number: '2',
        detail: '',
        created_by: team.owner.email,
        created_at: new Date().toISOString(),
      })
      .execute();
    const written = await artWritten(hostedId);
    const refused = await send(
      team.editor,
      hostedId,
      artForm([{ field: 'token-3', filename: 'late.png', bytes: await picture('#00ff00') }], CONFIRM),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(FROZEN_REASON);
    expect(await artWritten(hostedId)).toEqual(written);
  }, 60_000);

  it('on IPFS, publishing again pins a new images folder and metadata folder for the new art; an unexplained change of the images is still refused', async () => {
    const saved = await test.app.inject({
      method: 'PUT',
      url: '/api/v1/pinning-provider',
      headers: { cookie: owner.cookie },
      payload: { endpoint: kubo.url, token: kubo.token },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const collectionId = await createReadyCollection(test.app, owner.cookie, {
      collectionSize: 3,
      name: 'Pinned Cats',
    });
    const uploadUrl = `/api/v1/collections/${collectionId}/publication/ipfs`;
    async function upload() {
      const started = await test.app.inject({
        method: 'POST',
        url: uploadUrl,
        headers: { cookie: owner.cookie },
      });
      expect(started.statusCode, started.body).toBe(202);
      for (;;) {
        const { upload } = (await get(uploadUrl, owner)).json().data;
        if (['succeeded', 'failed', 'cancelled'].includes(upload.status)) return upload;
        await setTimeout(50);
      }
    }
    expect((await upload()).status).toBe('succeeded');
    const before = await publicationOf(collectionId, owner);
    const oldImagesCid = before.imageBaseUri.slice('ipfs://'.length, -1);
    // Read from the store, not through the gateway, so the gateway's first answer below is not from its cache.
    const oldBytes = await test.app.blobs.getBuffer(`${collectionPrefix(collectionId)}/images/2.png`);

    const replaced = await send(
      owner,
      collectionId,
      artForm([{ field: 'token-2', filename: 'fixed.png', bytes: await picture('#00ffff') }], CONFIRM),
    );
    expect(replaced.statusCode, replaced.body).toBe(201);
    // Not pinned yet: the version has no IPFS location, and the publication says to publish again.
    expect(replaced.json().data.edit).toMatchObject({
      location: null,
      changes: ['Art replaced (version 2): token #2, on IPFS once published again'],
    });
    await settled(collectionId, owner);
    // The pinned images folder is content-addressed: this server's gateway still answers it with the old art.
    const pinned = await get(`/ipfs/${oldImagesCid}/2.png`);
    expect(pinned.statusCode).toBe(200);
    expect(pinned.rawPayload.equals(oldBytes)).toBe(true);
    expect(await publicationOf(collectionId, owner)).toMatchObject({
      metadataChanged: true,
      baseUri: before.baseUri,
      imageBaseUri: before.imageBaseUri,
    });

    kubo.received.length = 0;
    const done = await upload();
    expect(done.status, done.error).toBe('succeeded');
    const after = await publicationOf(collectionId, owner);
    const imagesCid = after.imageBaseUri.slice('ipfs://'.length, -1);
    const metadataCid = after.baseUri.slice('ipfs://'.length, -1);
    expect(imagesCid).not.toBe(oldImagesCid);
    expect(after.baseUri).not.toBe(before.baseUri);
    expect(after).toMatchObject({ metadataChanged: false, provenanceHash: before.provenanceHash });
    // Both folders are pinned again: the new images, then the metadata pointing at them.
    expect(kubo.received.map((car) => car.roots)).toEqual([[imagesCid], [metadataCid]]);
    const newImage = await get(`/ipfs/${imagesCid}/2.png`);
    expect(await colourOf(newImage.rawPayload)).toBe('#00ffff');
    expect(newImage.rawPayload.equals(oldBytes)).toBe(false);
    expect(JSON.parse((await get(`/ipfs/${metadataCid}/2.json`)).body).image).toBe(
      `ipfs://${imagesCid}/2.png`,
    );
    const history = await historyOf(collectionId, owner);
    expect(history[0]).toMatchObject({
      kind: 'art',
      editions: [2],
      location: { imageBaseUri: `ipfs://${imagesCid}/`, metadataBaseUri: `ipfs://${metadataCid}/` },
    });

    // Images changed behind the product's back (no art version explains it): publishing again is refused.
    const prefix = collectionPrefix(collectionId);
    await test.app.blobs.put(`${prefix}/images/3.png`, await picture('#123456'));
    await test.app.blobs.deletePrefix(`${prefix}/exports`);
    const edited = await test.app.inject({
      method: 'PUT',
      url: `/api/v1/collections/${collectionId}/metadata-settings`,
      headers: { cookie: owner.cookie },
      payload: {
        namePattern: 'Pinned cat #{edition}',
        description: null,
        externalUrl: null,
        backgroundColor: null,
        attributes: [],
        tokenAttributes: [],
        renames: [],
      },
    });
    expect(edited.statusCode, edited.body).toBe(202);
    await settled(collectionId, owner);
    const refused = await upload();
    expect(refused.status).toBe('failed');
    expect(refused.error).toMatch(/published images cannot change/);
    expect((await publicationOf(collectionId, owner)).imageBaseUri).toBe(after.imageBaseUri);
  }, 120_000);
});
