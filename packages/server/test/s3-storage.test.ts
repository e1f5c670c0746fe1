import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createReadyCollection } from './support/project-fixture.ts';
import { startRedis, type TestRedis } from './support/redis.ts';
import { startS3Server, type TestS3 } from './support/s3-server.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from './support/users.ts';

/** The entry names of a ZIP archive, read the way an unzip tool does (central directory). */
function zipEntries(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('a node whose blobs are in an S3-compatible bucket', () => {
  let s3: TestS3;
  let test: TestApp;
  let user: LoggedInUser;
  let collectionId: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    test = await createTestApp('sqlite', { ...s3.env, S3_PREFIX: `app-${randomBytes(4).toString('hex')}` });
    user = await createUserAndLogin(test.app, { planId: 'pro' });
    collectionId = await createReadyCollection(test.app, user.cookie, {
      collectionSize: 6,
      name: 'Bucket Cats',
    });
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    await s3?.stop();
  });

  const download = (kind: string) =>
    test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}/download/${kind}`,
      headers: { cookie: user.cookie },
    });

  it('generates the collection into the bucket, with nothing in DATA_DIR/blobs', async () => {
    const images: string[] = [];
    for await (const key of test.app.blobs.list(`collections/${collectionId}/images`)) images.push(key);
    expect(images.map((key) => key.split('/').at(-1))).toEqual([
      '1.png',
      '2.png',
      '3.png',
      '4.png',
      '5.png',
      '6.png',
    ]);
    expect(readdirSync(test.dataDir)).not.toContain('blobs');
    const gallery = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}/images/1.png`,
      headers: { cookie: user.cookie },
    });
    expect(gallery.statusCode).toBe(200);
    expect((await sharp(gallery.rawPayload).metadata()).format).toBe('png');
  });

  it('answers a ZIP download with a short-lived link to the bucket that serves the whole collection', async () => {
    const answer = await download('zip');
    expect(answer.statusCode).toBe(302);
    expect(answer.headers['cache-control']).toBe('no-store');
    const location = String(answer.headers.location);
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
    expect(location).toMatch(/X-Amz-Expires=300(&|$)/);
    expect(answer.body).not.toContain('collections/');

    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Bucket-Cats-collection.zip"');
    expect(file.headers.get('content-type')).toBe('application/zip');
    const names = await zipEntries(Buffer.from(await file.arrayBuffer()));
    for (let edition = 1; edition <= 6; edition++) {
      expect(names).toContain(`images/${edition}.png`);
      expect(names).toContain(`metadata/${edition}.json`);
    }
    expect(names).toEqual(expect.arrayContaining(['_metadata.json', 'rarity.json']));

    // A second download is served from the stored archive.
    const again = await download('zip');
    expect(again.statusCode).toBe(302);
    expect((await fetch(String(again.headers.location))).headers.get('content-length')).toBe(
      file.headers.get('content-length'),
    );
  }, 60_000);

  it('sends the collage and the preview GIF by link as well, with their names and types', async () => {
    for (const [kind, name, type] of [
      ['collage', 'Bucket-Cats-collage.png', 'image/png'],
      ['gif', 'Bucket-Cats-preview.gif', 'image/gif'],
      ['images-car', 'Bucket-Cats-images.car', 'application/vnd.ipld.car'],
    ] as const) {
      const answer = await download(kind);
      expect(answer.statusCode, kind).toBe(302);
      const file = await fetch(String(answer.headers.location));
      expect(file.headers.get('content-disposition'), kind).toBe(`attachment; filename="${name}"`);
      expect(file.headers.get('content-type'), kind).toBe(type);
      if (kind !== 'images-car') {
        const format = (await sharp(Buffer.from(await file.arrayBuffer())).metadata()).format;
        expect(format, kind).toBe(kind === 'gif' ? 'gif' : 'png');
      } else {
        expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
      }
    }
  }, 60_000);

  it('still refuses downloads to others and to visitors without a session', async () => {
    const other = await createUserAndLogin(test.app, { planId: 'pro' });
    const url = `/api/v1/collections/${collectionId}/download/zip`;
    expect(
      (await test.app.inject({ method: 'GET', url, headers: { cookie: other.cookie } })).statusCode,
    ).toBe(404);
    expect((await test.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('reports the bucket as the blob store in readiness, with its latency', async () => {
    const ready = await test.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(200);
    const blobs = ready.json().data.checks.find((check: { name: string }) => check.name === 'blobs');
    expect(blobs).toMatchObject({ name: 'blobs', status: 'up' });
    expect(typeof blobs.latencyMs).toBe('number');
  });

  it('reports the blob store down when the bucket stops answering', async () => {
    const stopped = await createTestApp('sqlite', { ...s3.env, S3_PREFIX: 'gone' });
    try {
      await s3.stop();
      const ready = await stopped.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().data.failing).toEqual(['blobs']);
      expect(ready.body).not.toContain('127.0.0.1');
    } finally {
      await stopped.close();
    }
  });
});

describe('a generation split into chunks across the queue, on S3', () => {
  let s3: TestS3;
  let redis: TestRedis;
  let test: TestApp;

  beforeAll(async () => {
    s3 = await startS3Server();
    // A Redis of its own: the shared one's queue is used by other test files' apps.
    redis = await startRedis();
    test = await createTestApp('postgres', {
      ...s3.env,
      S3_PREFIX: 'chunked',
      REDIS_URL: redis.url,
      GENERATION_CHUNK_SIZE: '4',
    });
  }, 120_000);
  afterAll(async () => {
    await test?.close();
    redis?.stop();
    await s3?.stop();
  });

  it('renders every chunk into the bucket and the ZIP link serves the whole collection', async () => {
    const user = await createUserAndLogin(test.app, { planId: 'pro' });
    const id = await createReadyCollection(test.app, user.cookie, { collectionSize: 10, name: 'Chunky' });
    const chunks = await test.app.database.db
      .selectFrom('job_chunks')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(chunks.count)).toBe(3);
    const answer = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${id}/download/zip`,
      headers: { cookie: user.cookie },
    });
    expect(answer.statusCode).toBe(302);
    const file = await fetch(String(answer.headers.location));
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Chunky-collection.zip"');
    const names = await zipEntries(Buffer.from(await file.arrayBuffer()));
    for (let edition = 1; edition <= 10; edition++) {
      expect(names).toContain(`images/${edition}.png`);
      expect(names).toContain(`metadata/${edition}.json`);
    }
    expect(names).toEqual(expect.arrayContaining(['_metadata.json', 'rarity.json']));
  }, 120_000);
});

describe('a worker process and a web node sharing the bucket', () => {
  let s3: TestS3;
  let redis: TestRedis;
  let web: TestApp;
  let worker: ChildProcess | undefined;
  let workerOutput = '';
  const cleanupDirs: string[] = [];

  beforeAll(async () => {
    s3 = await startS3Server();
    redis = await startRedis();
    const shared = { ...s3.env, S3_PREFIX: 'processes', REDIS_URL: redis.url };
    web = await createTestApp('postgres', { ...shared, PROCESS_JOBS: 'false' });
    const { database } = web.app.config;
    // Its own DATA_DIR: with S3 nothing it needs is on this machine's disk.
    const workerDir = mkdtempSync(join(tmpdir(), 'layerloom-s3-worker-'));
    cleanupDirs.push(workerDir);
    worker = spawn(
      process.execPath,
      [
        '--conditions=@layerloom/source',
        '--import',
        'tsx',
        new URL('../src/worker.ts', import.meta.url).pathname,
      ],
      {
        env: {
          ...process.env,
          ...shared,
          NODE_ENV: 'test',
          LOG_LEVEL: 'info',
          DATA_DIR: workerDir,
          DATABASE_URL: database.kind === 'postgres' ? database.url : '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    worker.stdout?.on('data', (chunk) => {
      workerOutput += chunk;
    });
    worker.stderr?.on('data', (chunk) => {
      workerOutput += chunk;
    });
    for (let waited = 0; !workerOutput.includes('Layerloom worker is taking jobs'); waited += 100) {
      if (worker.exitCode !== null || waited > 60_000)
        throw new Error(`the worker did not start:\n${workerOutput}`);
      await setTimeout(100);
    }
  }, 120_000);
  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      const exited = new Promise((resolve) => worker?.once('exit', resolve));
      worker.kill('SIGTERM');
      await exited;
    }
    await web?.close();
    redis?.stop();
    await s3?.stop();
    for (const dir of cleanupDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('renders in the worker what the web node then hands out by link', async () => {
    const user = await createUserAndLogin(web.app, { planId: 'pro' });
    const id = await createReadyCollection(web.app, user.cookie, { collectionSize: 5, name: 'Far Cats' });
    expect(workerOutput).toContain(id);
    const answer = await web.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${id}/download/zip`,
      headers: { cookie: user.cookie },
    });
    expect(answer.statusCode).toBe(302);
    const file = await fetch(String(answer.headers.location));
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Far-Cats-collection.zip"');
    const names = await zipEntries(Buffer.from(await file.arrayBuffer()));
    for (let edition = 1; edition <= 5; edition++) expect(names).toContain(`images/${edition}.png`);
  }, 120_000);
});
