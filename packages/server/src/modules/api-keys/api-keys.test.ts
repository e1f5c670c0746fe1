import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';

const ORIGIN = 'http://localhost:3000';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const RATE_LIMIT = 5;

describe.each(databaseKinds)('API keys on %s', (kind) => {
  let test: TestApp;
  let owner: LoggedInUser;

  beforeAll(async () => {
    test = await createTestApp(kind, { API_KEY_RATE_LIMIT: String(RATE_LIMIT) });
    owner = await createUserAndLogin(test.app);
  }, 90_000);
  afterAll(async () => {
    await test?.close();
  });

  const asOwner = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, cookie = owner.cookie) =>
    test.app.inject({ method, url, payload, headers: { cookie, origin: ORIGIN } });

  const createKey = async (scopes: string[], extra: Record<string, unknown> = {}, cookie = owner.cookie) => {
    const response = await asOwner(
      'POST',
      '/api/v1/api-keys',
      { name: 'CI script', scopes, ...extra },
      cookie,
    );
    expect(response.statusCode).toBe(201);
    return response.json().data as { key: { id: string; prefix: string }; secret: string };
  };

  const withKey = (
    secret: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => test.app.inject({ method, url, payload, headers: { authorization: `Bearer ${secret}` } });

  it('shows the secret once, recognisable by its prefix, and stores only its SHA-256', async () => {
    const { key, secret } = await createKey(['read', 'generate']);
    expect(secret).toMatch(/^ll_live_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(secret.slice(0, 16));

    const listed = await asOwner('GET', '/api/v1/api-keys');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(secret);
    expect(listed.json().data.keys).toContainEqual(
      expect.objectContaining({
        id: key.id,
        name: 'CI script',
        prefix: key.prefix,
        scopes: ['read', 'generate'],
        status: 'active',
        lastUsedAt: null,
        expiresAt: null,
      }),
    );
    const row = await test.app.database.db
      .selectFrom('api_keys')
      .select(['secret_hash'])
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
  });

  it('refuses a form without scopes, a name or with an expiry in the past, and writes nothing', async () => {
    const before = (await asOwner('GET', '/api/v1/api-keys')).json().data.keys.length;
    const noScopes = await asOwner('POST', '/api/v1/api-keys', { name: 'x', scopes: [] });
    expect(noScopes.statusCode).toBe(400);
    expect(noScopes.json().error.fields).toContainEqual({
      path: 'scopes',
      message: 'Choose at least one scope',
    });
    const noName = await asOwner('POST', '/api/v1/api-keys', { name: ' ', scopes: ['read'] });
    expect(noName.json().error.fields).toContainEqual({ path: 'name', message: 'Give the key a name' });
    const past = await asOwner('POST', '/api/v1/api-keys', {
      name: 'old',
      scopes: ['read'],
      expiresAt: '2020-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toEqual([
      { path: 'expiresAt', message: 'The expiry must be in the future' },
    ]);
    expect((await asOwner('GET', '/api/v1/api-keys')).json().data.keys).toHaveLength(before);
  });

  it("acts as its owner within its scopes, without the browser's cross-site check", async () => {
    const reader = await createKey(['read']);
    const writer = await createKey(['generate', 'read']);

    // A browser-like request from another origin: cookies would be refused; a key is not a cookie.
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      payload: {
        name: 'From a script',
        description: 'Made with a key',
        collectionSize: 10,
        width: 64,
        height: 64,
      },
      headers: {
        authorization: `Bearer ${writer.secret}`,
        origin: 'https://elsewhere.example',
        'user-agent': BROWSER,
      },
    });
    expect(created.statusCode).toBe(201);
    const projectId = created.json().data.project.id;

    const listed = await withKey(reader.secret, 'GET', '/api/v1/projects');
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json().data.projects)).toContain('From a script');
    // The same project through the owner's cookie: the key acted as the owner.
    expect((await asOwner('GET', `/api/v1/projects/${projectId}`)).statusCode).toBe(200);

    const refused = await withKey(reader.secret, 'POST', '/api/v1/projects', {
      name: 'Not allowed',
      description: 'x',
      collectionSize: 10,
      width: 64,
      height: 64,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'This API key lacks the Generate scope this request needs. Create a key with it in Settings › Developers.',
    );

    // Cookies from another site are still refused.
    const crossSite = await test.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      payload: { name: 'CSRF', description: 'x', collectionSize: 10, width: 64, height: 64 },
      headers: { cookie: owner.cookie, origin: 'https://elsewhere.example', 'user-agent': BROWSER },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('never reaches account security, billing, admin or the keys themselves, even beside a session cookie', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/account/sessions'],
      ['POST', '/api/v1/account/password'],
      ['GET', '/api/v1/account/two-factor'],
      ['GET', '/api/v1/api-keys'],
      ['POST', '/api/v1/api-keys'],
      ['GET', '/api/v1/billing'],
      ['GET', '/api/v1/users'],
    ] as const) {
      // A key per route, so the per-minute limit does not get in the way.
      const { secret } = await createKey(['read', 'generate', 'publish', 'messages']);
      const response = await test.app.inject({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
        headers: { authorization: `Bearer ${secret}`, cookie: owner.cookie, origin: ORIGIN },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.message).toBe(
        'API keys cannot be used for this. Sign in to Layerloom in the browser to do it.',
      );
    }
  });

  it('answers 401 with the reason for unknown, revoked and expired keys', async () => {
    const unknown = await withKey('ll_live_notarealkey', 'GET', '/api/v1/projects');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.message).toMatch(/^This API key is not valid\./);

    const { key, secret } = await createKey(['read']);
    expect((await withKey(secret, 'GET', '/api/v1/projects')).statusCode).toBe(200);
    const revoked = await asOwner('DELETE', `/api/v1/api-keys/${key.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.key.status).toBe('revoked');
    const afterRevoke = await withKey(secret, 'GET', '/api/v1/projects');
    expect(afterRevoke.statusCode).toBe(401);
    expect(afterRevoke.json().error.message).toMatch(
      /^This API key was revoked on \d{1,2} \w{3} \d{4}\. Create a new one in Settings › Developers\.$/,
    );

    const soon = await createKey(['read'], { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect((await withKey(soon.secret, 'GET', '/api/v1/projects')).statusCode).toBe(200);
    await test.app.database.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', soon.key.id)
      .execute();
    const expired = await withKey(soon.secret, 'GET', '/api/v1/projects');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toMatch(/^This API key expired on /);
    const listed = (await asOwner('GET', '/api/v1/api-keys')).json().data.keys as {
      id: string;
      status: string;
    }[];
    expect(listed.find((row) => row.id === soon.key.id)?.status).toBe('expired');
  });

  it('lets only the owner revoke a key or read its log', async () => {
    const { key } = await createKey(['read']);
    const stranger = await createUserAndLogin(test.app);
    expect(
      (await asOwner('DELETE', `/api/v1/api-keys/${key.id}`, undefined, stranger.cookie)).statusCode,
    ).toBe(404);
    expect(
      (await asOwner('GET', `/api/v1/api-keys/${key.id}/uses`, undefined, stranger.cookie)).statusCode,
    ).toBe(404);
    expect((await asOwner('GET', '/api/v1/api-keys', undefined, stranger.cookie)).json().data.keys).toEqual(
      [],
    );
  });

  it('logs each use (route pattern, status, address, time) for its owner', async () => {
    const { key, secret } = await createKey(['read']);
    await test.app.inject({
      method: 'GET',
      url: '/api/v1/collections/no-such-collection',
      headers: { authorization: `Bearer ${secret}` },
      remoteAddress: '203.0.113.7',
    });
    await withKey(secret, 'POST', '/api/v1/projects', {});
    const uses = await asOwner('GET', `/api/v1/api-keys/${key.id}/uses`);
    expect(uses.statusCode).toBe(200);
    const logged = uses.json().data.uses as { at: string }[];
    // Newest first; two requests made in the same millisecond have no order between them.
    expect(logged).toHaveLength(2);
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'POST', route: '/api/v1/projects', statusCode: 403 }),
        expect.objectContaining({
          method: 'GET',
          route: '/api/v1/collections/:id',
          statusCode: 404,
          ip: '203.0.113.7',
        }),
      ]),
    );
    expect(logged[0]!.at >= logged[1]!.at).toBe(true);
    const listed = (await asOwner('GET', '/api/v1/api-keys')).json().data.keys as {
      id: string;
      lastUsedAt: string;
    }[];
    expect(listed.find((row) => row.id === key.id)?.lastUsedAt).toEqual(uses.json().data.uses[0].at);
  });

  it('counts each key against its own per-minute limit, with RateLimit headers and 429 + Retry-After', async () => {
    const first = await createKey(['read']);
    const second = await createKey(['read']);
    const remaining: string[] = [];
    for (let index = 0; index < RATE_LIMIT; index++) {
      const response = await withKey(first.secret, 'GET', '/api/v1/projects');
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBe(String(RATE_LIMIT));
      expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThan(0);
      remaining.push(String(response.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual(['4', '3', '2', '1', '0']);
    const limited = await withKey(first.secret, 'GET', '/api/v1/projects');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.message).toMatch(
      /^This API key made more than 5 requests in a minute\. Try again in \d+ seconds\.$/,
    );
    // Another key of the same user is counted apart.
    expect((await withKey(second.secret, 'GET', '/api/v1/projects')).statusCode).toBe(200);
  });
});
