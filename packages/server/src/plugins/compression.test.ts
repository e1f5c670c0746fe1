import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureProject } from '../../test/support/project-fixture.ts';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';
import { createUserAndLogin } from '../../test/support/users.ts';

describe('compressed responses', () => {
  let test: TestApp;
  let web: string;
  const script = `console.log(${JSON.stringify('layerloom '.repeat(400))});\n`;

  beforeAll(async () => {
    // A built web app as the build leaves it: hashed assets with their .br and .gz copies.
    web = mkdtempSync(join(tmpdir(), 'layerloom-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Layerloom</title><div id="root"></div>');
    writeFileSync(join(web, 'assets', 'app-1a2b3c.js'), script);
    writeFileSync(join(web, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(script));
    writeFileSync(join(web, 'assets', 'app-1a2b3c.js.gz'), gzipSync(script));
    test = await createTestApp('sqlite', { WEB_DIST: web });
  });
  afterAll(async () => {
    await test?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('sends the built copies of hashed assets as the browser accepts, cached for good', async () => {
    const asset = (encoding?: string) =>
      test.app.inject({
        method: 'GET',
        url: '/assets/app-1a2b3c.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await asset('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(brotliCompressSync(script))).toBe(true);
    const gzipped = await asset('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses API JSON over 1 KB, and never a live event stream', async () => {
    const docs = await test.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(docs.rawPayload).toString()).info.title).toBe('Layerloom API');
    const small = await test.app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();

    const user = await createUserAndLogin(test.app, { planId: 'pro' });
    const projectId = await createFixtureProject(test.app, user.cookie, { collectionSize: 2 });
    const started = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/generate`,
      headers: { cookie: user.cookie },
    });
    const events = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${started.json().data.collection.id}/events`,
      headers: { cookie: user.cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(events.headers['content-type']).toBe('text/event-stream');
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body).toContain('event: progress');
  });
});
