import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import {
  createUser,
  freshIp,
  mailsTo,
  sessionCookieOf,
  signedInUserId,
} from '../../../test/support/users.ts';
import { parseUserAgent } from './client-info.ts';
import { LAST_SEEN_RESOLUTION_MS } from './sessions.service.ts';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('parseUserAgent', () => {
  it('reads device and browser a person recognises', () => {
    expect(parseUserAgent(FIREFOX_LINUX)).toEqual({ device: 'Desktop · Linux', browser: 'Firefox 133' });
    expect(parseUserAgent(SAFARI_IPHONE)).toEqual({ device: 'Phone · iOS', browser: 'Safari 17' });
    expect(parseUserAgent(undefined)).toEqual({ device: null, browser: null });
  });
});

describe.each(databaseKinds)('Settings › Security: password and sessions on %s', (kind) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp(kind);
  }, 90_000);
  afterAll(async () => {
    await test?.close();
  });

  /** Logs in through the route, as a browser would; returns the cookie header. */
  const signIn = async (email: string, password: string, userAgent: string, remoteAddress = freshIp()) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email, password },
      headers: { 'user-agent': userAgent, origin: 'http://localhost:3000' },
      remoteAddress,
    });
    expect(response.statusCode).toBe(200);
    const cookie = sessionCookieOf(response);
    if (!cookie) throw new Error('login set no cookie');
    return cookie;
  };
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    cookie: string | null,
    payload?: object,
  ) => test.app.inject({ method, url, payload, headers: cookie ? { cookie } : {}, remoteAddress: freshIp() });
  const sessionsOf = async (cookie: string) => {
    const response = await call('GET', '/api/v1/account/sessions', cookie);
    expect(response.statusCode).toBe(200);
    return response.json().data.sessions as {
      id: string;
      device: string;
      browser: string;
      ip: string | null;
      lastSeenAt: string;
      isCurrent: boolean;
    }[];
  };

  it('answers 401 to every security call without a session', async () => {
    const answers = await Promise.all([
      call('GET', '/api/v1/account/sessions', null),
      call('DELETE', '/api/v1/account/sessions', null),
      call('DELETE', '/api/v1/account/sessions/some-id', null),
      call('POST', '/api/v1/account/password', null, {
        currentPassword: 'x',
        newPassword: 'a new passphrase',
        confirmPassword: 'a new passphrase',
      }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json().error.message).toBe('Please log in to continue.');
    }
  });

  it('lists each session with device, browser, address and last seen, this device first', async () => {
    const user = await createUser(test.app, { password: 'first passphrase' });
    const laptop = await signIn(user.email, 'first passphrase', FIREFOX_LINUX, '192.0.2.10');
    const phone = await signIn(user.email, 'first passphrase', SAFARI_IPHONE, '192.0.2.20');
    const fromPhone = await sessionsOf(phone);
    expect(fromPhone).toHaveLength(2);
    expect(fromPhone[0]).toMatchObject({
      device: 'Phone · iOS',
      browser: 'Safari 17',
      ip: '192.0.2.20',
      isCurrent: true,
    });
    expect(fromPhone[1]).toMatchObject({
      device: 'Desktop · Linux',
      browser: 'Firefox 133',
      ip: '192.0.2.10',
      isCurrent: false,
    });
    expect(Date.now() - Date.parse(fromPhone[1]?.lastSeenAt ?? '')).toBeLessThan(60_000);
    const fromLaptop = await sessionsOf(laptop);
    expect(fromLaptop.map((s) => s.isCurrent)).toEqual([true, false]);
    expect(fromLaptop[0]?.browser).toBe('Firefox 133');
  });

  it('records the device of a session started by a password reset too', async () => {
    const user = await createUser(test.app, { password: 'first passphrase' });
    const forgot = await call('POST', '/api/v1/users/forgot-password', null, { email: user.email });
    const id = forgot.json().data.id as string;
    const code = (await mailsTo(test.app, user.email))[0]?.text.match(/^\d{6}$/m)?.[0];
    expect(code).toBeDefined();
    expect(
      (await call('PATCH', `/api/v1/users/verify-otp-code/${id}`, null, { code: Number(code) })).statusCode,
    ).toBe(200);
    const reset = await test.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/update-password/${id}`,
      payload: { password: 'second passphrase', confirmPassword: 'second passphrase' },
      headers: { 'user-agent': SAFARI_IPHONE, origin: 'http://localhost:3000' },
      remoteAddress: '192.0.2.30',
    });
    expect(reset.statusCode).toBe(200);
    const cookie = sessionCookieOf(reset);
    if (!cookie) throw new Error('the reset signed nobody in');
    const [session] = await sessionsOf(cookie);
    expect(session).toMatchObject({
      device: 'Phone · iOS',
      browser: 'Safari 17',
      ip: '192.0.2.30',
      isCurrent: true,
    });
  });

  it('updates last seen only once it is older than the resolution, with one write', async () => {
    const user = await createUser(test.app, { password: 'first passphrase' });
    const cookie = await signIn(user.email, 'first passphrase', FIREFOX_LINUX);
    const [session] = await sessionsOf(cookie);
    const old = new Date(Date.now() - LAST_SEEN_RESOLUTION_MS - 60_000).toISOString();
    await test.app.database.db
      .updateTable('sessions')
      .set({ last_seen_at: old })
      .where('id', '=', session?.id ?? '')
      .execute();
    const [touched] = await sessionsOf(cookie);
    expect(Date.now() - Date.parse(touched?.lastSeenAt ?? '')).toBeLessThan(60_000);
    // A fresh last seen is left as it is by the next request.
    const [again] = await sessionsOf(cookie);
    expect(again?.lastSeenAt).toBe(touched?.lastSeenAt);
  });

  it('signs out one other session, which is then refused; never another user’s or this one', async () => {
    const user = await createUser(test.app, { password: 'first passphrase' });
    const mine = await signIn(user.email, 'first passphrase', FIREFOX_LINUX);
    const other = await signIn(user.email, 'first passphrase', SAFARI_IPHONE);
    const stranger = await createUser(test.app, { password: 'stranger passphrase' });
    const strangers = await signIn(stranger.email, 'stranger passphrase', FIREFOX_LINUX);
    const [, otherSession] = await sessionsOf(mine);
    const [strangerSession] = await sessionsOf(strangers);

    const foreign = await call('DELETE', `/api/v1/account/sessions/${strangerSession?.id}`, mine);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Session not found');
    expect(await signedInUserId(test.app, { cookie: strangers })).toBe(stranger.id);

    const [current] = await sessionsOf(mine);
    const self = await call('DELETE', `/api/v1/account/sessions/${current?.id}`, mine);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('This is the device you are using: use Logout to sign it out.');

    const ended = await call('DELETE', `/api/v1/account/sessions/${otherSession?.id}`, mine);
    expect(ended.statusCode).toBe(200);
    expect(await signedInUserId(test.app, { cookie: other })).toBeNull();
    const refused = await call('GET', '/api/v1/account/sessions', other);
    expect(refused.statusCode).toBe(401);
    expect(await signedInUserId(test.app, { cookie: mine })).toBe(user.id);
    expect(await sessionsOf(mine)).toHaveLength(1);
  });

  it('signs out every other session and keeps this one', async () => {
    const user = await createUser(test.app, { password: 'first passphrase' });
    const mine = await signIn(user.email, 'first passphrase', FIREFOX_LINUX);
    const others = [
      await signIn(user.email, 'first passphrase', SAFARI_IPHONE),
      await signIn(user.email, 'first passphrase', FIREFOX_LINUX),
    ];
    const response = await call('DELETE', '/api/v1/account/sessions', mine);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.ended).toBe(2);
    for (const cookie of others) expect(await signedInUserId(test.app, { cookie })).toBeNull();
    expect(await signedInUserId(test.app, { cookie: mine })).toBe(user.id);
  });

  it('refuses a wrong current password and rule-breaking new ones, changing nothing', async () => {
    const user = await createUser(test.app, { password: 'first passphrase' });
    const mine = await signIn(user.email, 'first passphrase', FIREFOX_LINUX);
    const other = await signIn(user.email, 'first passphrase', SAFARI_IPHONE);
    const change = (body: object) => call('POST', '/api/v1/account/password', mine, body);

    const wrong = await change({
      currentPassword: 'not my passphrase',
      newPassword: 'second passphrase',
      confirmPassword: 'second passphrase',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual([
      { path: 'currentPassword', message: 'Your current password is not correct.' },
    ]);
    const cases: [object, string, string][] = [
      [
        { newPassword: 'short', confirmPassword: 'short' },
        'newPassword',
        'Password must be at least 6 characters',
      ],
      [
        { newPassword: 'password123', confirmPassword: 'password123' },
        'newPassword',
        'This password is too common; choose another one',
      ],
      [
        { newPassword: 'second passphrase', confirmPassword: 'second passphrasf' },
        'confirmPassword',
        'The two passwords do not match',
      ],
      [
        { newPassword: 'first passphrase', confirmPassword: 'first passphrase' },
        'newPassword',
        'The new password must differ from the current one',
      ],
    ];
    for (const [body, path, message] of cases) {
      const response = await change({ currentPassword: 'first passphrase', ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toContainEqual({ path, message });
    }
    expect(await signedInUserId(test.app, { cookie: other })).toBe(user.id);
    expect(await mailsTo(test.app, user.email)).toHaveLength(0);
    await signIn(user.email, 'first passphrase', FIREFOX_LINUX);
  });

  it('changes the password: other sessions end, this one stays, the old password stops working, a mail says so', async () => {
    const user = await createUser(test.app, { firstName: 'Ada', password: 'first passphrase' });
    const mine = await signIn(user.email, 'first passphrase', FIREFOX_LINUX);
    const other = await signIn(user.email, 'first passphrase', SAFARI_IPHONE);
    const response = await call('POST', '/api/v1/account/password', mine, {
      currentPassword: 'first passphrase',
      newPassword: 'second passphrase',
      confirmPassword: 'second passphrase',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.otherSessionsEnded).toBe(1);
    expect(await signedInUserId(test.app, { cookie: other })).toBeNull();
    expect(await signedInUserId(test.app, { cookie: mine })).toBe(user.id);

    const old = await test.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: user.email, password: 'first passphrase' },
      remoteAddress: freshIp(),
    });
    expect(old.statusCode).toBe(401);
    await signIn(user.email, 'second passphrase', SAFARI_IPHONE);

    const [mail] = await mailsTo(test.app, user.email);
    expect(mail?.subject).toBe('Your Layerloom password was changed');
    expect(mail?.text).toContain('Hi Ada,');
    expect(mail?.text).toContain('Every other device signed in to your account was signed out.');
  });
});
