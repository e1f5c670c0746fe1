import { spawn } from 'node:child_process';
import { setTimeout } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { App } from '../src/types.ts';
import { createFixtureProject } from './support/project-fixture.ts';
import { type RestartableRedis, restartableRedis } from './support/restartable-redis.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createUserAndLogin } from './support/users.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

/** A web node (queues only) on its own PostgreSQL database and data folder, with reconciliation every second. */
async function webNode(redis: RestartableRedis): Promise<TestApp> {
  const web = await createTestApp('postgres', {
    REDIS_URL: redis.url,
    PROCESS_JOBS: 'false',
    RECONCILE_INTERVAL_MS: '1000',
  });
  cleanups.push(() => web.close());
  return web;
}

/** A worker sharing the web node's database, Redis and (unless told otherwise) data folder. */
async function worker(web: TestApp, redis: RestartableRedis, dataDir = web.dataDir): Promise<App> {
  const { database } = web.app.config;
  if (database.kind !== 'postgres') throw new Error('workers need PostgreSQL');
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      RECONCILE_INTERVAL_MS: '1000',
    }),
    logger: false,
    role: 'worker',
  });
  cleanups.push(() => app.close());
  return app;
}

async function collectionStatus(web: TestApp, cookie: string, id: string): Promise<string> {
  const response = await web.app.inject({
    method: 'GET',
    url: `/api/v1/collections/${id}`,
    headers: { cookie },
  });
  return response.json().data.collection.progress.status;
}

async function waitForStatus(web: TestApp, cookie: string, id: string, status: string, timeoutMs = 30_000) {
  let last = '';
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await setTimeout(100)) {
    last = await collectionStatus(web, cookie, id);
    if (last === status) return;
  }
  throw new Error(`collection ${id} stayed ${last}, never ${status}`);
}

describe('scale-out with Redis down', () => {
  it('accepts a generation at once, is not ready naming redis, and the job runs once Redis is back', async () => {
    const redis = await restartableRedis();
    cleanups.push(() => redis.stop());
    const web = await webNode(redis);
    const user = await createUserAndLogin(web.app, { planId: 'pro' });
    const projectId = await createFixtureProject(web.app, user.cookie, { collectionSize: 6 });

    const started = Date.now();
    const response = await web.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/generate`,
      headers: { cookie: user.cookie },
    });
    const elapsedMs = Date.now() - started;
    expect(response.statusCode, response.body).toBe(202);
    expect(elapsedMs).toBeLessThan(5000);
    const id = response.json().data.collection.id;
    expect(await collectionStatus(web, user.cookie, id)).toBe('generating');

    const ready = await web.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().data.failing).toEqual(['redis']);
    expect(ready.json().data.checks).toContainEqual(
      expect.objectContaining({ name: 'redis', status: 'down', latencyMs: expect.any(Number) }),
    );
    const health = await web.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().data).toMatchObject({ ok: false, databaseOk: true, failing: ['redis'] });

    await redis.start();
    await worker(web, redis);
    await waitForStatus(web, user.cookie, id, 'ready');
    expect((await web.app.inject({ method: 'GET', url: '/api/v1/health/ready' })).statusCode).toBe(200);
  }, 60_000);
});

describe('a node whose Redis went away', () => {
  it('still shuts down within seconds', async () => {
    const redis = await restartableRedis();
    cleanups.push(() => redis.stop());
    await redis.start();
    const node = await createTestApp('postgres', { REDIS_URL: redis.url });
    await redis.stop();
    const started = Date.now();
    await node.close();
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 30_000);
});

describe('the worker process (npm run worker)', () => {
  it('starts beside a web node, generates what it queues, and stops cleanly on SIGTERM', async () => {
    const redis = await restartableRedis();
    cleanups.push(() => redis.stop());
    await redis.start();
    const web = await webNode(redis);
    const { database } = web.app.config;
    const child = spawn(
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
          NODE_ENV: 'test',
          LOG_LEVEL: 'info',
          DATA_DIR: web.dataDir,
          DATABASE_URL: database.kind === 'postgres' ? database.url : '',
          REDIS_URL: redis.url,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    cleanups.push(async () => {
      child.kill('SIGKILL');
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    for (let attempt = 0; attempt < 300 && !output.includes('taking jobs'); attempt++) await setTimeout(50);
    expect(output).toContain('Layerloom worker is taking jobs');

    const user = await createUserAndLogin(web.app, { planId: 'pro' });
    const projectId = await createFixtureProject(web.app, user.cookie, { collectionSize: 4 });
    const response = await web.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/generate`,
      headers: { cookie: user.cookie },
    });
    const id = response.json().data.collection.id;
    await waitForStatus(web, user.cookie, id, 'ready');
    expect(output).toMatch(/"msg":"job succeeded"/);
    expect(output).toContain(`"collectionId":"${id}"`);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);
});
