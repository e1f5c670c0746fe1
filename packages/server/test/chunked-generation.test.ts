import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../src/storage/blob-store.ts';
import type { App } from '../src/types.ts';
import { freePort } from './support/free-port.ts';
import { multipartFiles } from './support/multipart.ts';
import { restartableRedis } from './support/restartable-redis.ts';
import { startS3Server } from './support/s3-server.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createUserAndLogin } from './support/users.ts';

const SIZE = 96;
const CHUNK = 12;
const PIXELS = 384;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
});

/** Four layers of 3, 3, 3 and 4 traits: 108 combinations, enough for a collection of 96. */
const layers = [
  { name: 'Background', traits: ['#87ceeb', '#f4a460', '#8fbc8f'], shape: 'square' },
  { name: 'Body', traits: ['#d62828', '#1d3557', '#ffb703'], shape: 'circle' },
  { name: 'Hat', traits: ['#000000', '#ffd700', '#ffffff'], shape: 'bar' },
  { name: 'Badge', traits: ['#6a4c93', '#1982c4', '#8ac926', '#ff595e'], shape: 'dot' },
];

function svg(shape: string, color: string): Buffer {
  const s = PIXELS;
  const body: Record<string, string> = {
    square: `<rect width="${s}" height="${s}" fill="${color}"/>`,
    circle: `<circle cx="${s / 2}" cy="${s / 2}" r="${s / 3}" fill="${color}" fill-opacity="0.8"/>`,
    bar: `<rect x="${s / 8}" y="${s / 8}" width="${(s * 3) / 4}" height="${s / 6}" fill="${color}"/>`,
    dot: `<circle cx="${(s * 3) / 4}" cy="${(s * 3) / 4}" r="${s / 10}" fill="${color}"/>`,
  };
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}">${body[shape]}</svg>`,
  );
}

/** The same project (same art, settings and seed) for `cookie`'s user on `app`; answers its id. */
async function createProject(app: App, cookie: string): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/projects',
    headers: { cookie },
    payload: {
      name: 'Chunked',
      description: 'Rendered by two workers',
      collectionSize: SIZE,
      width: PIXELS,
      height: PIXELS,
    },
  });
  if (created.statusCode !== 201) throw new Error(`create project: ${created.body}`);
  const id: string = created.json().data.project.id;
  const patched = await app.inject({
    method: 'PATCH',
    url: `/api/v1/projects/${id}`,
    headers: { cookie },
    payload: { seed: 'two-workers', layers: layers.map((layer) => ({ name: layer.name })) },
  });
  if (patched.statusCode !== 200) throw new Error(`patch project: ${patched.body}`);
  const ids: { id: string }[] = patched.json().data.project.layers;
  for (const [index, layer] of layers.entries()) {
    const files = await Promise.all(
      layer.traits.map(async (color, trait) => ({
        filename: `T${trait}.png`,
        bytes: await sharp(svg(layer.shape, color)).png().toBuffer(),
      })),
    );
    const body = multipartFiles(files);
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/layers/${ids[index]!.id}/traits`,
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
    if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.body}`);
  }
  return id;
}

/** SHA-256 of every blob under `prefix/` in a store, by key below the prefix. */
async function blobHashes(blobs: BlobStore, prefix: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for await (const key of blobs.list(prefix)) {
    files[key.slice(prefix.length + 1)] = createHash('sha256')
      .update(await blobs.getBuffer(key))
      .digest('hex');
  }
  return files;
}

/** SHA-256 of every file under `dir`, by path. */
async function hashes(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    files[relative(dir, full)] = createHash('sha256')
      .update(await readFile(full))
      .digest('hex');
  }
  return files;
}

interface Proc {
  child: ChildProcess;
  output: () => string;
}

/** A web node (`src/server.ts`) or a worker (`src/worker.ts`) as a process of its own. */
function start(entry: 'server' | 'worker', env: Record<string, string>): Proc {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@layerloom/source',
      '--import',
      'tsx',
      new URL(`../src/${entry}.ts`, import.meta.url).pathname,
    ],
    {
      env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  return { child, output: () => output };
}

/**
 * A worker's latest log line about a chunk: which chunk, and whether it is a progress line saying
 * the worker has finished at least one of its tokens and at most half.
 */
function lastChunkLine(worker: Proc): { jobId: string; progress: boolean } | undefined {
  const line = worker
    .output()
    .split('\n')
    .filter((entry) => entry.includes('"chunkOf"'))
    .at(-1);
  const jobId = line && /"jobId":"([^"]+)"/.exec(line)?.[1];
  if (!line || !jobId) return undefined;
  const done = Number(/"done":(\d+)/.exec(line)?.[1] ?? 0);
  return { jobId, progress: line.includes('"msg":"job progress"') && done >= 1 && done <= CHUNK / 2 };
}

async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await setTimeout(100)) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('one generation on two workers, as separate processes beside two web nodes, sharing an S3 bucket', () => {
  it('completes after a worker is killed mid-chunk, with progress never going back on either web node (polled and streamed) and the files of a one-worker run', async () => {
    const redis = await restartableRedis();
    cleanups.push(() => redis.stop());
    await redis.start();
    // Files live in an S3-compatible bucket (s3rver) every process shares, as a scaled-out install's would.
    const s3 = await startS3Server();
    cleanups.push(() => s3.stop());
    // The database and bucket the four processes share; this in-process node only sets up the user.
    const shared: TestApp = await createTestApp('postgres', {
      REDIS_URL: redis.url,
      PROCESS_JOBS: 'false',
      ...s3.env,
    });
    cleanups.push(() => shared.close());
    const { database } = shared.app.config;
    if (database.kind !== 'postgres') throw new Error('PostgreSQL expected');
    const user = await createUserAndLogin(shared.app, { planId: 'pro' });
    const projectId = await createProject(shared.app, user.cookie);

    const common = {
      ...s3.env,
      DATABASE_URL: database.url,
      DATA_DIR: shared.dataDir,
      REDIS_URL: redis.url,
      RECONCILE_INTERVAL_MS: '1000',
      JOB_LOCK_DURATION_MS: '2000',
      JOB_STALLED_INTERVAL_MS: '1000',
    };
    const ports = [await freePort(), await freePort()];
    const webs = ports.map((port) =>
      start('server', { ...common, PORT: String(port), PROCESS_JOBS: 'false', LOG_LEVEL: 'warn' }),
    );
    const workerEnv = {
      ...common,
      LOG_LEVEL: 'info',
      GENERATION_CHUNK_SIZE: String(CHUNK),
      RENDER_THREADS: '1',
    };
    const workers = [start('worker', workerEnv), start('worker', workerEnv)];
    for (const [index, port] of ports.entries()) {
      let last = '';
      await until(
        `web node ${index + 1}`,
        () =>
          fetch(`http://127.0.0.1:${port}/api/v1/health/ready`)
            .then(async (response) => {
              last = `${response.status} ${await response.text()}`;
              return response.ok || undefined;
            })
            .catch(() => undefined),
        120_000,
      ).catch((error: Error) => {
        throw new Error(`${error.message}: ${last}\n${webs[index]!.output()}`);
      });
    }
    for (const worker of workers) {
      await until('a worker', () => worker.output().includes('Layerloom worker is taking jobs'), 120_000);
    }

    const api = (port: number, path: string, method = 'GET') =>
      fetch(`http://127.0.0.1:${port}/api/v1${path}`, { method, headers: { cookie: user.cookie } });
    const started = await api(ports[0]!, `/projects/${projectId}/generate`, 'POST');
    expect(started.status).toBe(202);
    const { id } = ((await started.json()) as { data: { collection: { id: string } } }).data.collection;

    // The collection page's live progress (server-sent events) from the second web node, read to its end.
    const events = (async () => {
      const response = await api(ports[1]!, `/collections/${id}/events`);
      const text = await response.text();
      return [...text.matchAll(/^data: (.*)$/gm)].map(
        (match) => JSON.parse(match[1]!) as { status: string; done: number; total: number },
      );
    })();
    // Progress as each web node shows it, read alternately until the collection is ready.
    const seen: { done: number; status: string }[][] = [[], []];
    let killed = false;
    let victim = workers[0]!;
    let victimChunk = '';
    for (const deadline = Date.now() + 90_000; Date.now() < deadline; await setTimeout(100)) {
      for (const [index, port] of ports.entries()) {
        const body = (await (await api(port, `/collections/${id}`)).json()) as {
          data: { collection: { progress: { done: number; status: string; total: number } } };
        };
        const { progress } = body.data.collection;
        seen[index]!.push({ done: progress.done, status: progress.status });
      }
      // Kill a worker in the middle of a chunk: its latest chunk line says it has finished some tokens in
      // it and at most half. The line may be stale (the pipe lags a busy machine), so the worker is first
      // frozen (SIGSTOP), what it wrote is read, and the database must still hold that chunk as running:
      // only then is it killed; otherwise it is let go on (SIGCONT) and another moment is chosen.
      if (!killed) {
        const busy = workers.find((worker) => lastChunkLine(worker)?.progress === true);
        const now = seen[0]!.at(-1)!.done;
        if (busy && now >= CHUNK && now < SIZE - 2 * CHUNK) {
          busy.child.kill('SIGSTOP');
          await setTimeout(300);
          const line = lastChunkLine(busy);
          const row =
            line?.progress === true
              ? await shared.app.database.db
                  .selectFrom('jobs')
                  .select('status')
                  .where('id', '=', line.jobId)
                  .executeTakeFirst()
              : undefined;
          if (line?.progress === true && row?.status === 'running') {
            victim = busy;
            victimChunk = line.jobId;
            busy.child.kill('SIGKILL');
            killed = true;
          } else {
            busy.child.kill('SIGCONT');
          }
        }
      }
      if (seen.every((node) => node.at(-1)?.status === 'ready')) break;
    }
    expect(killed, 'a worker was killed mid-way').toBe(true);
    for (const node of seen) {
      expect(node.at(-1)).toEqual({ done: SIZE, status: 'ready' });
      const dones = node.map((sample) => sample.done);
      for (let index = 1; index < dones.length; index++) {
        expect(dones[index], `progress ${dones.join(',')}`).toBeGreaterThanOrEqual(dones[index - 1]!);
      }
      expect(dones.some((done) => done > 0 && done < SIZE)).toBe(true);
    }
    const streamed = await events;
    expect(streamed.at(-1)).toMatchObject({ status: 'ready', done: SIZE, total: SIZE });
    expect(streamed.filter((event) => event.done > 0 && event.done < SIZE).length).toBeGreaterThan(3);
    for (let index = 1; index < streamed.length; index++) {
      expect(streamed[index]!.done).toBeGreaterThanOrEqual(streamed[index - 1]!.done);
    }
    const survivor = workers.find((worker) => worker !== victim)!;
    // The killed worker's chunk was taken over (a second attempt), and both workers rendered chunks.
    const chunks = await shared.app.database.db
      .selectFrom('job_chunks')
      .innerJoin('jobs', 'jobs.id', 'job_chunks.job_id')
      .select(['jobs.id', 'jobs.status', 'jobs.attempts', 'jobs.progress_done', 'jobs.result'])
      .innerJoin('collections', 'collections.job_id', 'job_chunks.parent_id')
      .where('collections.id', '=', id)
      .execute();
    expect(chunks).toHaveLength(SIZE / CHUNK);
    expect(chunks.every((chunk) => chunk.status === 'succeeded' && chunk.progress_done === CHUNK)).toBe(true);
    // The chunk the killed worker was rendering was taken over and resumed after its finished tokens.
    const takenOver = chunks.find((chunk) => chunk.id === victimChunk);
    expect(takenOver?.attempts).toBeGreaterThanOrEqual(2);
    const result = JSON.parse(takenOver?.result ?? '{}') as { rendered: number; resumed: number };
    expect(result.resumed).toBeGreaterThanOrEqual(1);
    expect(result.resumed + result.rendered).toBe(CHUNK);
    expect(victim.output()).toMatch(/"chunkOf"/);
    expect(survivor.output()).toMatch(/"chunkOf".*"msg":"job succeeded"/);
    expect(survivor.output()).toContain('job queued for its final step');

    // The same project rendered whole by one embedded process: the same files, byte for byte.
    const single = await createTestApp('sqlite');
    cleanups.push(() => single.close());
    const soloUser = await createUserAndLogin(single.app, { planId: 'pro' });
    const soloProject = await createProject(single.app, soloUser.cookie);
    const solo = await single.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${soloProject}/generate`,
      headers: { cookie: soloUser.cookie },
    });
    const soloId: string = solo.json().data.collection.id;
    await until(
      'the one-worker run',
      async () => {
        const response = await single.app.inject({
          method: 'GET',
          url: `/api/v1/collections/${soloId}`,
          headers: { cookie: soloUser.cookie },
        });
        return response.json().data.collection.progress.status === 'ready' || undefined;
      },
      60_000,
    );
    const split = await blobHashes(shared.app.blobs, `collections/${id}`);
    const whole = await hashes(join(single.dataDir, 'blobs', 'collections', soloId));
    expect(Object.keys(whole).filter((path) => path.startsWith('images/'))).toHaveLength(SIZE);
    expect(split).toEqual(whole);
    // The split run's files are in the bucket only, none on the shared machine's disk.
    expect(existsSync(join(shared.dataDir, 'blobs', 'collections', id))).toBe(false);

    for (const proc of [...webs, survivor]) {
      const exited = new Promise((resolve) => proc.child.once('exit', resolve));
      proc.child.kill('SIGTERM');
      await exited;
    }
  }, 360_000);
});
