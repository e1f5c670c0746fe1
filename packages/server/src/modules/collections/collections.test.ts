import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureProject } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { App } from '../../types.ts';

/** Reads a server-sent event stream to its end and returns the progress events. */
async function followEvents(app: App, cookie: string, id: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/collections/${id}/events`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/event-stream');
  return response.body
    .split('\n\n')
    .filter((block) => block.startsWith('event: progress'))
    .map(
      (block) =>
        JSON.parse(block.slice(block.indexOf('data: ') + 6)) as {
          status: string;
          done: number;
          total: number;
        },
    );
}

describe.each(databaseKinds)('generation and collections on %s', (kind) => {
  let test: TestApp;
  let pro: LoggedInUser;
  let other: LoggedInUser;
  let collectionId: string;

  beforeAll(async () => {
    test = await createTestApp(kind);
    pro = await createUserAndLogin(test.app, { planId: 'pro' });
    other = await createUserAndLogin(test.app, { planId: 'pro' });
    const projectId = await createFixtureProject(test.app, pro.cookie, { collectionSize: 8 });
    const started = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/generate`,
      headers: { cookie: pro.cookie },
    });
    expect(started.statusCode).toBe(202);
    collectionId = started.json().data.collection.id;
    expect(started.json().data.collection).toMatchObject({
      name: 'Fixture Cats',
      size: 8,
      watermark: false,
      progress: { status: 'generating' },
    });
  }, 60_000);

  afterAll(async () => {
    await test?.close();
  });

  it('reports progress as server-sent events until the collection is ready', async () => {
    const events = await followEvents(test.app, pro.cookie, collectionId);
    expect(events.at(-1)).toMatchObject({ status: 'ready', done: 8, total: 8 });
    const detail = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}`,
      headers: { cookie: pro.cookie },
    });
    expect(detail.json().data.collection).toMatchObject({
      progress: { status: 'ready', done: 8 },
      thumbnail: expect.stringMatching(`^/api/v1/collections/${collectionId}/images/1.png\\?v=`),
    });
  }, 60_000);

  it('lists the collection for its owner only', async () => {
    const mine = await test.app.inject({
      method: 'GET',
      url: '/api/v1/collections',
      headers: { cookie: pro.cookie },
    });
    expect(mine.json().data.collections.map((c: { id: string }) => c.id)).toContain(collectionId);
    const theirs = await test.app.inject({
      method: 'GET',
      url: '/api/v1/collections',
      headers: { cookie: other.cookie },
    });
    expect(theirs.json().data.collections).toEqual([]);
    for (const url of [
      `/api/v1/collections/${collectionId}`,
      `/api/v1/collections/${collectionId}/tokens`,
      `/api/v1/collections/${collectionId}/images/1.png`,
      `/api/v1/collections/${collectionId}/download/zip`,
      `/api/v1/collections/${collectionId}/events`,
    ]) {
      expect(
        (await test.app.inject({ method: 'GET', url, headers: { cookie: other.cookie } })).statusCode,
        url,
      ).toBe(404);
      expect((await test.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('pages tokens with attributes and rarity ranks, and filters by trait', async () => {
    const page = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}/tokens?page=1&pageSize=5`,
      headers: { cookie: pro.cookie },
    });
    const data = page.json().data;
    expect(data).toMatchObject({ total: 8, page: 1, pageSize: 5 });
    expect(data.tokens).toHaveLength(5);
    expect(data.tokens[0]).toMatchObject({
      edition: 1,
      name: 'Fixture Cats #1',
      image: `/api/v1/collections/${collectionId}/images/1.png`,
    });
    expect(data.tokens[0].attributes.map((a: { trait_type: string }) => a.trait_type)).toEqual([
      'Background',
      'Body',
      'Hat',
    ]);
    const ranks = (
      await test.app.inject({
        method: 'GET',
        url: `/api/v1/collections/${collectionId}/tokens?sort=rarity&pageSize=8`,
        headers: { cookie: pro.cookie },
      })
    )
      .json()
      .data.tokens.map((t: { rank: number }) => t.rank);
    expect(ranks[0]).toBe(1);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    const body = data.tokens[0].attributes[1].value;
    const filtered = (
      await test.app.inject({
        method: 'GET',
        url: `/api/v1/collections/${collectionId}/tokens?trait=${encodeURIComponent(`Body:${body}`)}&pageSize=8`,
        headers: { cookie: pro.cookie },
      })
    ).json().data;
    expect(filtered.total).toBe(data.traits.Body[body].count);
    expect(
      filtered.tokens.every((t: { attributes: { trait_type: string; value: string }[] }) =>
        t.attributes.some((a) => a.trait_type === 'Body' && a.value === body),
      ),
    ).toBe(true);
    const tokensWith = async (...filters: string[]) =>
      (
        await test.app.inject({
          method: 'GET',
          url: `/api/v1/collections/${collectionId}/tokens?pageSize=8&${filters
            .map((filter) => `trait=${encodeURIComponent(filter)}`)
            .join('&')}`,
          headers: { cookie: pro.cookie },
        })
      ).json().data as { total: number; tokens: { attributes: { trait_type: string; value: string }[] }[] };
    const bodies = Object.keys(data.traits.Body) as string[];
    const twoBodies = await tokensWith(`Body:${bodies[0]}`, `Body:${bodies[1]}`);
    expect(twoBodies.total).toBe(data.traits.Body[bodies[0]!].count + data.traits.Body[bodies[1]!].count);
    const hat = data.tokens[0].attributes[2].value;
    const bodyAndHat = await tokensWith(`Body:${body}`, `Hat:${hat}`);
    expect(bodyAndHat.total).toBeGreaterThanOrEqual(1);
    expect(
      bodyAndHat.tokens.every(
        (t) =>
          t.attributes.some((a) => a.trait_type === 'Body' && a.value === body) &&
          t.attributes.some((a) => a.trait_type === 'Hat' && a.value === hat),
      ),
    ).toBe(true);
    expect((await tokensWith('meta_trait:trait_count:3')).total).toBe(8);
    expect((await tokensWith('Hat:None')).total).toBe(0);
    const bad = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}/tokens?trait=nocolon`,
      headers: { cookie: pro.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('serves token images and metadata', async () => {
    const image = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}/images/8.png`,
      headers: { cookie: pro.cookie },
    });
    expect(image.statusCode).toBe(200);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 32, height: 32, format: 'png' });
    const metadata = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}/metadata/8.json`,
      headers: { cookie: pro.cookie },
    });
    expect(metadata.json()).toMatchObject({ name: 'Fixture Cats #8', edition: 8 });
    expect(
      (
        await test.app.inject({
          method: 'GET',
          url: `/api/v1/collections/${collectionId}/images/9.png`,
          headers: { cookie: pro.cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await test.app.inject({
          method: 'GET',
          url: `/api/v1/collections/${collectionId}/images/..%2F..%2Fx.png`,
          headers: { cookie: pro.cookie },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('downloads a ZIP, collage, GIF and IPFS CARs', async () => {
    const get = (kind: string) =>
      test.app.inject({
        method: 'GET',
        url: `/api/v1/collections/${collectionId}/download/${kind}`,
        headers: { cookie: pro.cookie },
      });
    const zip = await get('zip');
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-disposition']).toBe('attachment; filename="Fixture-Cats-collection.zip"');
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    for (const name of ['images/8.png', 'metadata/8.json', '_metadata.json', 'rarity.json']) {
      expect(zip.rawPayload.includes(Buffer.from(name)), name).toBe(true);
    }
    const collage = await get('collage');
    expect((await sharp(collage.rawPayload).metadata()).format).toBe('png');
    const gif = await get('gif');
    expect(await sharp(gif.rawPayload, { animated: true }).metadata()).toMatchObject({
      format: 'gif',
      pages: 8,
    });
    const cids = (
      await test.app.inject({
        method: 'GET',
        url: `/api/v1/collections/${collectionId}/ipfs`,
        headers: { cookie: pro.cookie },
      })
    ).json().data;
    expect(cids.imagesCid).toMatch(/^bafy/);
    const car = await get('images-car');
    expect(car.statusCode).toBe(200);
    expect(car.rawPayload.includes(Buffer.from('1.png'))).toBe(true);
    const metadataCar = await get('metadata-car');
    expect(metadataCar.rawPayload.includes(Buffer.from(`ipfs://${cids.imagesCid}/1.png`))).toBe(true);
    expect((await get('tarball')).statusCode).toBe(400);
  });

  it('resumes a download with Range (206), refuses a range past the end (416), and sends a changed file whole under If-Range', async () => {
    const url = `/api/v1/collections/${collectionId}/download/zip`;
    const get = (headers: Record<string, string> = {}) =>
      test.app.inject({ method: 'GET', url, headers: { cookie: pro.cookie, ...headers } });
    const whole = await get();
    const size = whole.rawPayload.length;
    const etag = whole.headers.etag as string;
    expect(whole.headers).toMatchObject({ 'accept-ranges': 'bytes', 'content-length': String(size) });
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);

    const rest = await get({ range: 'bytes=1000-', 'if-range': etag });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes 1000-${size - 1}/${size}`);
    expect(rest.headers['content-length']).toBe(String(size - 1000));
    expect(
      Buffer.concat([whole.rawPayload.subarray(0, 1000), rest.rawPayload]).equals(whole.rawPayload),
    ).toBe(true);
    const middle = await get({ range: 'bytes=10-19' });
    expect(middle.statusCode).toBe(206);
    expect(middle.rawPayload.equals(whole.rawPayload.subarray(10, 20))).toBe(true);

    const past = await get({ range: `bytes=${size}-`, 'if-range': etag });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
    expect(past.json().error.message).toMatch(/starts past its end/);

    // The collection's files change (as a metadata edit does): the export is made again, with a new ETag.
    await setTimeout(5);
    await test.app.blobs.deletePrefix(`collections/${collectionId}/exports`);
    const changed = await get({ range: 'bytes=1000-', 'if-range': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers['content-range']).toBeUndefined();
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.rawPayload.length).toBe(Number(changed.headers['content-length']));
    expect(changed.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('enforces plan limits and the number of valid combinations before any job', async () => {
    const free = await createUserAndLogin(test.app);
    const tooBig = await createFixtureProject(test.app, free.cookie, { collectionSize: 101 });
    const refused = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${tooBig}/generate`,
      headers: { cookie: free.cookie },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/Free plan generates up to 100 assets/);
    const impossible = await createFixtureProject(test.app, pro.cookie, { collectionSize: 28 });
    const tooMany = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${impossible}/generate`,
      headers: { cookie: pro.cookie },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toMatch(/Only 27 unique combinations/);
    const list = (
      await test.app.inject({ method: 'GET', url: '/api/v1/collections', headers: { cookie: free.cookie } })
    ).json().data.collections;
    expect(list).toEqual([]);
  }, 30_000);

  it('watermarks Free-plan collections', async () => {
    const free = await createUserAndLogin(test.app);
    const projectId = await createFixtureProject(test.app, free.cookie, { collectionSize: 2, size: 64 });
    const started = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/generate`,
      headers: { cookie: free.cookie },
    });
    expect(started.json().data.collection.watermark).toBe(true);
    const id = started.json().data.collection.id;
    expect((await followEvents(test.app, free.cookie, id)).at(-1)?.status).toBe('ready');
    const metadata = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${id}/metadata/1.json`,
      headers: { cookie: free.cookie },
    });
    expect(metadata.statusCode).toBe(200);
  }, 30_000);

  it('serves gallery thumbnails: large images scaled to WebP once and kept, small ones as they are', async () => {
    const projectId = await createFixtureProject(test.app, pro.cookie, { collectionSize: 2, size: 512 });
    const started = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/generate`,
      headers: { cookie: pro.cookie },
    });
    const id = started.json().data.collection.id;
    expect((await followEvents(test.app, pro.cookie, id)).at(-1)?.status).toBe('ready');
    const thumbnail = (user: LoggedInUser | undefined, file: string, collection = id) =>
      test.app.inject({
        method: 'GET',
        url: `/api/v1/collections/${collection}/thumbnails/${file}`,
        headers: user ? { cookie: user.cookie } : {},
      });
    const first = await thumbnail(pro, '2.webp');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 384,
      height: 384,
    });
    const image = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${id}/images/2.png`,
      headers: { cookie: pro.cookie },
    });
    expect(first.rawPayload.length).toBeLessThan(image.rawPayload.length);
    expect(await test.app.blobs.stat(`collections/${id}/thumbnails/2.webp`)).toBeDefined();
    const again = await thumbnail(pro, '2.webp');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    const small = await thumbnail(pro, '1.webp', collectionId);
    expect(small.headers['content-type']).toBe('image/png');
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: 'png', width: 32 });

    expect((await thumbnail(pro, '3.webp')).statusCode).toBe(404);
    expect((await thumbnail(pro, '1.png')).statusCode).toBe(400);
    expect((await thumbnail(other, '1.webp')).statusCode).toBe(404);
    expect((await thumbnail(undefined, '1.webp')).statusCode).toBe(401);
  }, 30_000);

  it('deletes a collection with its files', async () => {
    const projectId = await createFixtureProject(test.app, pro.cookie, { collectionSize: 2 });
    const started = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/generate`,
      headers: { cookie: pro.cookie },
    });
    const id = started.json().data.collection.id;
    await followEvents(test.app, pro.cookie, id);
    expect(
      (
        await test.app.inject({
          method: 'DELETE',
          url: `/api/v1/collections/${id}`,
          headers: { cookie: other.cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await test.app.inject({
          method: 'DELETE',
          url: `/api/v1/collections/${id}`,
          headers: { cookie: pro.cookie },
        })
      ).statusCode,
    ).toBe(200);
    const keys: string[] = [];
    for await (const key of test.app.blobs.list(`collections/${id}`)) keys.push(key);
    expect(keys).toEqual([]);
    expect(
      (
        await test.app.inject({
          method: 'GET',
          url: `/api/v1/collections/${id}`,
          headers: { cookie: pro.cookie },
        })
      ).statusCode,
    ).toBe(404);
  }, 30_000);
  it('deletes a collection while it generates: 200 every time, and nothing left behind', async () => {
    const projectId = await createFixtureProject(test.app, pro.cookie, { collectionSize: 27, size: 384 });
    const filesUnder = async (dir: string) =>
      (await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []))
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name);
    // Right away (queued or starting), a moment later, and once tokens are being written.
    for (const moment of ['at once', 'soon', 'mid-way'] as const) {
      const started = await test.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${projectId}/generate`,
        headers: { cookie: pro.cookie },
      });
      const id: string = started.json().data.collection.id;
      if (moment === 'soon') await setTimeout(30);
      if (moment === 'mid-way') {
        await expect
          .poll(
            async () => {
              const collection = await test.app.inject({
                method: 'GET',
                url: `/api/v1/collections/${id}`,
                headers: { cookie: pro.cookie },
              });
              return collection.json().data.collection.progress.done;
            },
            { timeout: 20_000, interval: 10 },
          )
          .toBeGreaterThan(0);
      }
      const deleted = await test.app.inject({
        method: 'DELETE',
        url: `/api/v1/collections/${id}`,
        headers: { cookie: pro.cookie },
      });
      expect(deleted.statusCode, moment).toBe(200);
      // Nothing written after the answer either.
      await setTimeout(300);
      expect(await filesUnder(join(test.dataDir, 'blobs', 'collections', id)), moment).toEqual([]);
      expect(await filesUnder(join(test.dataDir, 'blobs', '.tmp')), moment).toEqual([]);
    }
  }, 60_000);
});

describe('a generation job across a restart, and cancel', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'layerloom-restart-'));
  const start = (processJobs: boolean) =>
    buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        PROCESS_JOBS: String(processJobs),
      }),
      logger: false,
    });

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('cancels a queued generation, and a job queued before a restart runs after it', async () => {
    const first = await start(false);
    let cookie: string;
    let queuedId: string;
    try {
      const user = await createUserAndLogin(first, { planId: 'starter' });
      cookie = user.cookie;
      const projectId = await createFixtureProject(first, cookie, { collectionSize: 5 });
      const toCancel = await first.inject({
        method: 'POST',
        url: `/api/v1/projects/${projectId}/generate`,
        headers: { cookie },
      });
      const cancelId = toCancel.json().data.collection.id;
      const cancelled = await first.inject({
        method: 'POST',
        url: `/api/v1/collections/${cancelId}/cancel`,
        headers: { cookie },
      });
      expect(cancelled.json().data.progress.status).toBe('cancelled');
      expect(
        (
          await first.inject({
            method: 'POST',
            url: `/api/v1/collections/${cancelId}/cancel`,
            headers: { cookie },
          })
        ).statusCode,
      ).toBe(409);
      const queued = await first.inject({
        method: 'POST',
        url: `/api/v1/projects/${projectId}/generate`,
        headers: { cookie },
      });
      queuedId = queued.json().data.collection.id;
    } finally {
      await first.close();
    }
    const second = await start(true);
    try {
      const events = await followEvents(second, cookie, queuedId);
      expect(events.at(-1)).toMatchObject({ status: 'ready', done: 5 });
    } finally {
      await second.close();
    }
  }, 60_000);

  it('resumes a generation interrupted by a shutdown where it stopped, keeping the images already made', async () => {
    const first = await start(true);
    let cookie: string;
    let id: string;
    const before = new Map<string, number>();
    try {
      const user = await createUserAndLogin(first, { planId: 'starter' });
      cookie = user.cookie;
      const projectId = await createFixtureProject(first, cookie, { collectionSize: 27, size: 2048 });
      const started = await first.inject({
        method: 'POST',
        url: `/api/v1/projects/${projectId}/generate`,
        headers: { cookie },
      });
      id = started.json().data.collection.id;
      const progress = async () =>
        (await first.inject({ method: 'GET', url: `/api/v1/collections/${id}`, headers: { cookie } })).json()
          .data.collection.progress as { status: string; done: number };
      await expect
        .poll(async () => (await progress()).done, { interval: 10, timeout: 30_000 })
        .toBeGreaterThan(2);
      await first.close();
      for await (const key of first.blobs.list(`collections/${id}/images`)) {
        before.set(key, (await first.blobs.stat(key))!.modifiedAt.getTime());
      }
    } catch (error) {
      await first.close();
      throw error;
    }
    // Stopped part-way: some images exist, not all of them.
    expect(before.size).toBeGreaterThan(0);
    expect(before.size).toBeLessThan(27);
    const second = await start(true);
    try {
      const events = await followEvents(second, cookie, id);
      expect(events.at(-1)).toMatchObject({ status: 'ready', done: 27, total: 27 });
      const after: string[] = [];
      for await (const key of second.blobs.list(`collections/${id}/images`)) after.push(key);
      expect(after).toHaveLength(27);
      // The images finished before the shutdown were kept, not drawn again.
      for (const [key, modified] of before) {
        expect((await second.blobs.stat(key))!.modifiedAt.getTime(), key).toBe(modified);
      }
    } finally {
      await second.close();
    }
  }, 90_000);
});
