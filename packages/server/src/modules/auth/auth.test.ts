import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import {
  createUser,
  createUserAndLogin,
  freshIp,
  sessionCookieOf,
  signedInUserId,
} from '../../../test/support/users.ts';
import { sha256Hex } from './tokens.ts';

describe.each(databaseKinds)('login, logout and session on %s', (kind) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp(kind);
  });
  afterAll(async () => {
    await test.close();
  });

  const login = (email: string, password: string, remoteAddress = freshIp()) =>
    test.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email, password },
      remoteAddress,
    });

  it('logs in with an HttpOnly SameSite=Lax cookie whose token is stored only hashed', async () => {
    const user = await createUser(test.app, { email: 'Grace@Example.com', password: 'correct horse' });
    const response = await login('GRACE@example.com', 'correct horse');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('success');
    expect(body.data.user).toMatchObject({
      _id: user.id,
      email: 'grace@example.com',
      role: 'user',
      status: 'verified',
      accountAccepted: { status: 'approved' },
      planId: 'free',
    });
    expect(body.data.user).not.toHaveProperty('password_hash');
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^layerloom_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure');
    const token = response.cookies[0]?.value ?? '';
    const sessions = await test.app.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.token_hash).toBe(sha256Hex(token));
    expect(JSON.stringify(sessions)).not.toContain(token);
    expect((sessions[0]?.expires_at ?? '') > new Date().toISOString()).toBe(true);

    const session = await test.app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie: sessionCookieOf(response) },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().data.user._id).toBe(user.id);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const user = await createUser(test.app);
    const wrongPassword = await login(user.email, 'not the password');
    const unknownEmail = await login('nobody@example.com', user.password);
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().error).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Incorrect email or password.',
    });
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
  });

  it('refuses login with a distinct code for unverified, pending and rejected accounts', async () => {
    const unverified = await createUser(test.app, { verified: false, accountStatus: 'approved' });
    const pending = await createUser(test.app, { accountStatus: 'pending' });
    const rejected = await createUser(test.app, { accountStatus: 'rejected' });
    const codes = [];
    for (const user of [unverified, pending, rejected]) {
      const response = await login(user.email, user.password);
      expect(response.statusCode).toBe(403);
      expect(response.headers['set-cookie']).toBeUndefined();
      codes.push(response.json().error.code);
    }
    expect(codes).toEqual(['EMAIL_NOT_VERIFIED', 'ACCOUNT_PENDING', 'ACCOUNT_REJECTED']);
    const rejectedMessage = (await login(rejected.email, rejected.password)).json().error.message;
    expect(rejectedMessage).toContain('Test rejection');
  });

  it('refuses a login without email or password naming the field', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: 'someone@example.com' },
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([{ path: 'password', message: 'Password is required!' }]);
  });

  it('logs out: the session is deleted and the cookie no longer works', async () => {
    const user = await createUserAndLogin(test.app);
    const before = await test.app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie: user.cookie },
    });
    expect(before.statusCode).toBe(200);
    const logout = await test.app.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { cookie: user.cookie },
    });
    expect(logout.statusCode).toBe(200);
    expect(String(logout.headers['set-cookie'])).toMatch(/layerloom_session=;/);
    expect(await signedInUserId(test.app, { cookie: user.cookie })).toBeNull();
    const mine = await test.app.inject({
      method: 'GET',
      url: `/api/v1/users/${user.id}`,
      headers: { cookie: user.cookie },
    });
    expect(mine.statusCode).toBe(401);
    expect(mine.json().error.code).toBe('UNAUTHENTICATED');
    const rows = await test.app.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('answers /session with no user without a cookie, with a forged one and with an expired one', async () => {
    expect(await signedInUserId(test.app)).toBeNull();
    expect(await signedInUserId(test.app, { cookie: 'layerloom_session=forged-token-value' })).toBeNull();
    const user = await createUserAndLogin(test.app);
    await test.app.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect(await signedInUserId(test.app, { cookie: user.cookie })).toBeNull();
  });

  it('documents every account call in the OpenAPI document', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/roles',
        '/api/v1/users',
        '/api/v1/users/login',
        '/api/v1/users/logout',
        '/api/v1/session',
        '/api/v1/users/{id}',
        '/api/v1/users/forgot-password',
        '/api/v1/users/verify-otp-code/{id}',
        '/api/v1/users/update-password/{id}',
        '/api/v1/users/verify/{id}/{token}',
        '/api/v1/users/update-account-status/{id}',
        '/api/v1/users/{id}/plan',
      ]),
    );
    expect(paths).not.toContain('/dev/mailbox');
  });

  it('rate limits login attempts from one address with a retry time', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    let limited:
      | { headers: Record<string, unknown>; body: { error: { code: string; retryAfterSeconds: number } } }
      | undefined;
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await login('flood@example.com', 'wrong password', ip);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) limited = { headers: response.headers, body: response.json() };
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect(limited?.body.error.code).toBe('RATE_LIMITED');
    expect(limited?.body.error.retryAfterSeconds).toBeGreaterThan(0);
    expect(limited?.headers['retry-after']).toBeDefined();
  });

  it('also limits login attempts per email, whatever the client address', async () => {
    const user = await createUser(test.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++)
      statuses.push((await login(user.email, 'guess')).statusCode);
    expect(statuses).toEqual([...Array(20).fill(401), 429]);
    const blocked = await login(user.email.toUpperCase(), user.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.retryAfterSeconds).toBeGreaterThan(0);
    expect((await login('someone-else@example.com', 'guess')).statusCode).toBe(401);
  });
});

describe('session cookie behind https', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const test = await createTestApp('sqlite', { PUBLIC_URL: 'https://layerloom.example.com' });
    try {
      const user = await createUser(test.app);
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: user.email, password: user.password },
      });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['set-cookie'])).toContain('Secure');
    } finally {
      await test.close();
    }
  });
});
