import { readdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFixtureProject } from '../../../test/support/project-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';
import { chunkSizeFor, loadConfig } from '../../config.ts';
import { editionRanges } from './generate-collection.job.ts';

describe('edition ranges of a split generation', () => {
  it('cover every edition once, in chunks of the configured size, the last one shorter', () => {
    expect(editionRanges(10, 4)).toEqual([
      { first: 1, last: 4 },
      { first: 5, last: 8 },
      { first: 9, last: 10 },
    ]);
    expect(editionRanges(2000, 250)).toHaveLength(8);
    expect(editionRanges(250, 250)).toEqual([{ first: 1, last: 250 }]);
  });

  it('are sized to the render threads (125 tokens a thread, at least 250) unless GENERATION_CHUNK_SIZE says, and RENDER_THREADS limits render threads', () => {
    expect(loadConfig({}).jobs).toMatchObject({
      chunkSize: chunkSizeFor(availableParallelism()),
      renderThreads: undefined,
    });
    expect(loadConfig({ RENDER_THREADS: '1' }).jobs.chunkSize).toBe(250);
    expect(loadConfig({ RENDER_THREADS: '2' }).jobs.chunkSize).toBe(250);
    expect(loadConfig({ RENDER_THREADS: '16' }).jobs.chunkSize).toBe(2000);
    expect(loadConfig({ GENERATION_CHUNK_SIZE: '40', RENDER_THREADS: '1' }).jobs).toMatchObject({
      chunkSize: 40,
      renderThreads: 1,
    });
    expect(() => loadConfig({ GENERATION_CHUNK_SIZE: '0' })).toThrow(
      'GENERATION_CHUNK_SIZE must be at least 1 (tokens)',
    );
    expect(() => loadConfig({ RENDER_THREADS: 'two' })).toThrow('RENDER_THREADS must be a number of threads');
  });
});

describe('a generation split into chunks in one process with the shared queue', () => {
  let test: TestApp;
  let pro: LoggedInUser;
  beforeAll(async () => {
    test = await createTestApp('postgres', {
      REDIS_URL: inject('redisUrl'),
      GENERATION_CHUNK_SIZE: '8',
      RENDER_THREADS: '1',
    });
    pro = await createUserAndLogin(test.app, { planId: 'pro' });
  });
  afterAll(async () => test.close());

  const get = (id: string) =>
    test.app.inject({ method: 'GET', url: `/api/v1/collections/${id}`, headers: { cookie: pro.cookie } });

  it('becomes ready with every token, its collection metadata and rarity', async () => {
    const projectId = await createFixtureProject(test.app, pro.cookie, { collectionSize: 22 });
    const started = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/generate`,
      headers: { cookie: pro.cookie },
    });
    const id: string = started.json().data.collection.id;
    await expect
      .poll(async () => (await get(id)).json().data.collection.progress, { timeout: 50_000, interval: 100 })
      .toMatchObject({ status: 'ready', done: 22, total: 22 });
    // The gallery reads the collection's metadata and rarity, which the final step wrote.
    const tokens = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${id}/tokens?pageSize=50`,
      headers: { cookie: pro.cookie },
    });
    expect(tokens.statusCode, tokens.body).toBe(200);
    expect(tokens.json().data.total).toBe(22);
    expect(
      tokens
        .json()
        .data.tokens.map((token: { rank: number }) => token.rank)
        .sort((a: number, b: number) => a - b)[0],
    ).toBe(1);
    const files = await readdir(join(test.dataDir, 'blobs', 'collections', id), { recursive: true });
    expect(files.filter((file) => file.startsWith('images/'))).toHaveLength(22);
    expect(files).toEqual(expect.arrayContaining(['_metadata.json', 'rarity.json']));
  }, 60_000);

  it('deleted mid-way: 200, every chunk stops, and nothing is left behind', async () => {
    const projectId = await createFixtureProject(test.app, pro.cookie, { collectionSize: 24, size: 384 });
    const started = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/generate`,
      headers: { cookie: pro.cookie },
    });
    const id: string = started.json().data.collection.id;
    await expect
      .poll(async () => (await get(id)).json().data.collection.progress.done, {
        timeout: 30_000,
        interval: 20,
      })
      .toBeGreaterThan(0);
    const deleted = await test.app.inject({
      method: 'DELETE',
      url: `/api/v1/collections/${id}`,
      headers: { cookie: pro.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get(id)).statusCode).toBe(404);
    await setTimeout(1500);
    const left = await readdir(join(test.dataDir, 'blobs', 'collections', id), { recursive: true }).catch(
      () => [],
    );
    expect(left).toEqual([]);
    const running = await test.app.database.db
      .selectFrom('jobs')
      .select('id')
      .where('status', 'in', ['queued', 'running', 'waiting'])
      .execute();
    expect(running).toEqual([]);
  }, 60_000);
});
