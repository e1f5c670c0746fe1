import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from './support/test-app.ts';

describe.each(databaseKinds)('the app on %s', (kind) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp(kind);
  });
  afterAll(async () => {
    await test.close();
  });

  it('reports health with the database it runs on', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'success',
      data: { ok: true, database: kind, databaseOk: true },
    });
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/v1/nope?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: 'error',
      error: { code: 'NOT_FOUND', message: 'No API route for POST /api/v1/nope' },
    });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ada",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 'error',
      error: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON' },
    });
  });

  it('sends security headers', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
  });

  it('publishes an OpenAPI document generated from the schemas', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(
      document.paths['/api/v1/contact'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['name', 'email', 'subject', 'message']);
    // A project's save names the version it is based on, and says what answers when that version is stale.
    const save = document.paths['/api/v1/projects/{id}'].patch;
    expect(save.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'if-match', required: false }),
    );
    expect(save.responses['412'].content['application/json'].schema.properties.status).toEqual({
      type: 'string',
      enum: ['error'],
    });
    const ui = await test.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});

describe('serving the web app', () => {
  let test: TestApp;
  let web: string;

  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'layerloom-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Layerloom</title><div id="root"></div>');
    writeFileSync(join(web, 'assets', 'app-1234.js'), 'console.log(1)');
    test = await createTestApp('sqlite', { WEB_DIST: web });
  });
  afterAll(async () => {
    await test.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('returns the app for deep links so client-side routing works', async () => {
    for (const url of ['/', '/dashboard/collections', '/verify/abc/def']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it('serves hashed assets with a long cache and keeps /api 404s as JSON', async () => {
    const asset = await test.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await test.app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().status).toBe('error');
  });
});

describe('the app in scale-out mode (PostgreSQL + Redis)', () => {
  it('starts, answers health and shuts down cleanly with REDIS_URL set', async () => {
    const test = await createTestApp('postgres', { REDIS_URL: inject('redisUrl'), PROCESS_JOBS: 'false' });
    try {
      const response = await test.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(response.json().data).toMatchObject({ ok: true, database: 'postgres' });
    } finally {
      await test.close();
    }
  });
});
