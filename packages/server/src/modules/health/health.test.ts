import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { STORAGE_MARKER_KEY } from './storage-marker.ts';

describe('health endpoints', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await test.close();
  });

  it('answers live as long as the process runs, without checking anything', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/v1/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ ok: true, version: expect.any(String) });
  });

  it('is ready when the database and blob store answer, each with its latency', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.ready).toBe(true);
    expect(data.failing).toEqual([]);
    // No REDIS_URL: Redis is not a dependency of this node, so it is not checked.
    expect(data.checks.map((check: { name: string }) => check.name)).toEqual(['database', 'blobs']);
    for (const check of data.checks)
      expect(check).toMatchObject({ status: 'up', latencyMs: expect.any(Number) });
  });

  it('keeps the fields of /health that the web app and scripts read', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      ok: true,
      database: 'sqlite',
      databaseOk: true,
      version: expect.any(String),
      uptimeSeconds: expect.any(Number),
      failing: [],
    });
  });

  it('is not ready, and says the blob store failed, when the folder web nodes marked is gone', async () => {
    await rm(join(test.dataDir, 'blobs', STORAGE_MARKER_KEY));
    const ready = await test.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().data).toMatchObject({ ready: false, failing: ['blobs'] });
    expect(ready.json().data.checks).toContainEqual(
      expect.objectContaining({ name: 'blobs', status: 'down', reason: 'marker-missing' }),
    );
    const health = await test.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().data).toMatchObject({ ok: false, databaseOk: true, failing: ['blobs'] });
    // Still alive: a load balancer must not restart a process for a missing folder.
    expect((await test.app.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
  });
});
