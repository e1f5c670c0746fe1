import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import {
  createUser,
  freshIp,
  mailsTo,
  sessionCookieOf,
  signedInUserId,
} from '../../../test/support/users.ts';
import { TOTP_STEP_SECONDS, totpCode } from './totp.ts';
import { ACCOUNT_MAX_WRONG_CODES, CHALLENGE_MAX_ATTEMPTS } from './two-factor.service.ts';

/** A fixed instant on a step boundary; each test moves the clock on from here. */
const T0 = Date.UTC(2026, 10, 25, 2, 0, 0);
const STEP_MS = TOTP_STEP_SECONDS * 1000;

describe.each(databaseKinds)('two-factor sign-in on %s', (kind) => {
  let test: TestApp;
  let clock = T0;
  /** Moves the fixed clock forward (Date only; timers keep running). */
  const advance = (ms: number) => {
    clock += ms;
    vi.setSystemTime(clock);
  };

  beforeAll(async () => {
    test = await createTestApp(kind);
  }, 90_000);
  afterAll(async () => {
    await test?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const useFixedClock = () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    clock += 100 * STEP_MS;
    vi.setSystemTime(clock);
  };

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string | null, payload?: object) =>
    test.app.inject({
      method,
      url,
      payload,
      headers: { origin: 'http://localhost:3000', ...(cookie ? { cookie } : {}) },
      remoteAddress: freshIp(),
    });
  const passwordLogin = (email: string, password: string) =>
    call('POST', '/api/v1/users/login', null, { email, password });
  const signIn = async (email: string, password: string) => {
    const response = await passwordLogin(email, password);
    expect(response.statusCode).toBe(200);
    const cookie = sessionCookieOf(response);
    if (!cookie) throw new Error('login set no cookie');
    return cookie;
  };

  /** A signed-in user who turned two-factor sign-in on; their secret and recovery codes. */
  const enabledUser = async () => {
    const user = await createUser(test.app, { password: 'correct horse battery' });
    const cookie = await signIn(user.email, user.password);
    const started = await call('POST', '/api/v1/account/two-factor/start', cookie);
    expect(started.statusCode).toBe(200);
    const { secret, otpauthUrl } = started.json().data as { secret: string; otpauthUrl: string };
    expect(otpauthUrl).toContain(`secret=${secret}`);
    const confirmed = await call('POST', '/api/v1/account/two-factor/confirm', cookie, {
      code: totpCode(secret, Date.now()),
    });
    expect(confirmed.statusCode).toBe(200);
    const recoveryCodes = confirmed.json().data.recoveryCodes as string[];
    return { ...user, cookie, secret, recoveryCodes };
  };
  const challengeFor = async (email: string, password: string) => {
    const response = await passwordLogin(email, password);
    expect(response.statusCode).toBe(200);
    expect(sessionCookieOf(response)).toBeUndefined();
    const data = response.json().data as { twoFactorRequired: true; challengeId: string; expiresAt: string };
    expect(data.twoFactorRequired).toBe(true);
    return data.challengeId;
  };
  const finish = (challengeId: string, body: { code?: string; recoveryCode?: string }) =>
    call('POST', '/api/v1/users/login/two-factor', null, { challengeId, ...body });

  it('answers 401 to the account calls without a session', async () => {
    for (const url of ['start', 'confirm', 'disable', 'recovery-codes']) {
      expect((await call('POST', `/api/v1/account/two-factor/${url}`, null, {})).statusCode).toBe(401);
    }
    expect((await call('GET', '/api/v1/account/two-factor', null)).statusCode).toBe(401);
  });

  it('turns on with a code, shows 10 recovery codes once, mails, then login asks for the code', async () => {
    useFixedClock();
    const user = await createUser(test.app, { password: 'correct horse battery' });
    const cookie = await signIn(user.email, user.password);
    const started = (await call('POST', '/api/v1/account/two-factor/start', cookie)).json().data;
    expect(started.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Layerloom:/);
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    // A wrong code is a 400 on the field and turns nothing on.
    const wrong = await call('POST', '/api/v1/account/two-factor/confirm', cookie, {
      code: totpCode(started.secret, Date.now() + 10 * STEP_MS),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields[0].path).toBe('code');
    expect((await call('GET', '/api/v1/account/two-factor', cookie)).json().data.enabled).toBe(false);
    expect((await passwordLogin(user.email, user.password)).json().data.user).toBeDefined();

    const confirmed = await call('POST', '/api/v1/account/two-factor/confirm', cookie, {
      code: totpCode(started.secret, Date.now()),
    });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    const state = (await call('GET', '/api/v1/account/two-factor', cookie)).json().data;
    expect(state).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // Stored hashed and sealed: neither a code nor the secret is in the database in clear.
    const rows = await test.app.database.db.selectFrom('two_factor_recovery_codes').selectAll().execute();
    expect(rows.some((row) => codes.some((code) => row.code_hash.includes(code.replace('-', ''))))).toBe(
      false,
    );
    const secretRow = await test.app.database.db
      .selectFrom('user_two_factor')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(secretRow.secret_sealed).not.toContain(started.secret);
    expect((await mailsTo(test.app, user.email)).some((m) => /turned on/.test(m.subject))).toBe(true);
    // Starting again while on is refused.
    expect((await call('POST', '/api/v1/account/two-factor/start', cookie)).statusCode).toBe(409);

    // The password alone starts no session now.
    advance(STEP_MS);
    const challengeId = await challengeFor(user.email, user.password);
    const signedIn = await finish(challengeId, { code: totpCode(started.secret, Date.now()) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.user.email).toBe(user.email);
    const newCookie = sessionCookieOf(signedIn);
    expect(await signedInUserId(test.app, { cookie: newCookie })).toBe(user.id);
    // The step is used up.
    expect((await finish(challengeId, { code: totpCode(started.secret, Date.now()) })).statusCode).toBe(400);
  });

  it('refuses a code used before (replay) and accepts the next step', async () => {
    useFixedClock();
    const user = await enabledUser();
    // The confirm code's step is used: the same code cannot sign in.
    const replayed = await finish(await challengeFor(user.email, user.password), {
      code: totpCode(user.secret, Date.now()),
    });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.message).toBe(
      'That code is not correct. Enter the current code from your app.',
    );
    expect(sessionCookieOf(replayed)).toBeUndefined();
    advance(STEP_MS);
    const challengeId = await challengeFor(user.email, user.password);
    const code = totpCode(user.secret, Date.now());
    expect((await finish(challengeId, { code })).statusCode).toBe(200);
    // The same code again, on a new step: refused.
    expect((await finish(await challengeFor(user.email, user.password), { code })).statusCode).toBe(400);
  });

  it('expires the code step after 5 minutes', async () => {
    useFixedClock();
    const user = await enabledUser();
    const challengeId = await challengeFor(user.email, user.password);
    advance(5 * 60 * 1000 + 1000);
    const late = await finish(challengeId, { code: totpCode(user.secret, Date.now()) });
    expect(late.statusCode).toBe(410);
    expect(late.json().error.message).toMatch(/expired after 5 minutes/);
    expect(sessionCookieOf(late)).toBeUndefined();
  });

  it('takes each recovery code once, case and dash ignored', async () => {
    useFixedClock();
    const user = await enabledUser();
    const [first] = user.recoveryCodes;
    if (!first) throw new Error('no recovery code');
    const ok = await finish(await challengeFor(user.email, user.password), {
      recoveryCode: first.toLowerCase().replace('-', ' '),
    });
    expect(ok.statusCode).toBe(200);
    expect(sessionCookieOf(ok)).toBeDefined();
    const again = await finish(await challengeFor(user.email, user.password), { recoveryCode: first });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('That recovery code is not correct or was already used.');
    expect((await call('GET', '/api/v1/account/two-factor', user.cookie)).json().data.recoveryCodesLeft).toBe(
      9,
    );
  });

  it('limits wrong codes per step and per account', async () => {
    useFixedClock();
    const user = await enabledUser();
    const wrongCode = totpCode(user.secret, Date.now() + 20 * STEP_MS);
    const challengeId = await challengeFor(user.email, user.password);
    for (let i = 1; i < CHALLENGE_MAX_ATTEMPTS; i++) {
      expect((await finish(challengeId, { code: wrongCode })).statusCode).toBe(400);
    }
    const last = await finish(challengeId, { code: wrongCode });
    expect(last.statusCode).toBe(400);
    expect(last.json().error.code).toBe('TOKEN_INVALID');
    // Even the right code no longer opens this step.
    advance(STEP_MS);
    expect((await finish(challengeId, { code: totpCode(user.secret, Date.now()) })).statusCode).toBe(400);
    // Over steps: the account's limit.
    const second = await challengeFor(user.email, user.password);
    for (let i = CHALLENGE_MAX_ATTEMPTS; i < ACCOUNT_MAX_WRONG_CODES; i++) {
      await finish(second, { code: wrongCode });
    }
    const third = await challengeFor(user.email, user.password);
    const limited = await finish(third, { code: totpCode(user.secret, Date.now()) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/Too many wrong codes/);
    expect(sessionCookieOf(limited)).toBeUndefined();
  });

  it('turns off only with password and a code, and mails', async () => {
    useFixedClock();
    const user = await enabledUser();
    advance(STEP_MS);
    const code = totpCode(user.secret, Date.now());
    const badPassword = await call('POST', '/api/v1/account/two-factor/disable', user.cookie, {
      password: 'not my password',
      code,
    });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().error.fields[0].path).toBe('password');
    const badCode = await call('POST', '/api/v1/account/two-factor/disable', user.cookie, {
      password: user.password,
      code: totpCode(user.secret, Date.now() + 20 * STEP_MS),
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error.fields[0].path).toBe('code');
    expect((await call('GET', '/api/v1/account/two-factor', user.cookie)).json().data.enabled).toBe(true);

    const off = await call('POST', '/api/v1/account/two-factor/disable', user.cookie, {
      password: user.password,
      code,
    });
    expect(off.statusCode).toBe(200);
    expect((await call('GET', '/api/v1/account/two-factor', user.cookie)).json().data).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    expect((await mailsTo(test.app, user.email)).some((m) => /turned off/.test(m.subject))).toBe(true);
    expect((await passwordLogin(user.email, user.password)).json().data.user.email).toBe(user.email);
  });

  it('makes new recovery codes with password and a code; the old ones stop working', async () => {
    useFixedClock();
    const user = await enabledUser();
    advance(STEP_MS);
    const fresh = await call('POST', '/api/v1/account/two-factor/recovery-codes', user.cookie, {
      password: user.password,
      code: totpCode(user.secret, Date.now()),
    });
    expect(fresh.statusCode).toBe(200);
    const codes = fresh.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    const old = await finish(await challengeFor(user.email, user.password), {
      recoveryCode: user.recoveryCodes[0] ?? '',
    });
    expect(old.statusCode).toBe(400);
    const used = await finish(await challengeFor(user.email, user.password), {
      recoveryCode: codes[0] ?? '',
    });
    expect(used.statusCode).toBe(200);
  });

  it("cannot touch someone else's: each call acts on the session's own account", async () => {
    useFixedClock();
    const owner = await enabledUser();
    const other = await createUser(test.app, { password: 'another passphrase' });
    const otherCookie = await signIn(other.email, other.password);
    advance(STEP_MS);
    // The owner's current code and the owner's password do nothing to the owner from another session.
    const attempt = await call('POST', '/api/v1/account/two-factor/disable', otherCookie, {
      password: owner.password,
      code: totpCode(owner.secret, Date.now()),
    });
    expect(attempt.statusCode).toBe(409);
    expect((await call('GET', '/api/v1/account/two-factor', owner.cookie)).json().data.enabled).toBe(true);
    expect((await call('GET', '/api/v1/account/two-factor', otherCookie)).json().data.enabled).toBe(false);
    // Another account's challenge does not take the owner's recovery codes.
    await call('POST', '/api/v1/account/two-factor/start', otherCookie);
    expect(
      (
        await call('POST', '/api/v1/account/two-factor/confirm', otherCookie, {
          code: totpCode(owner.secret, Date.now()),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('does not let a password reset bypass the code', async () => {
    useFixedClock();
    const user = await enabledUser();
    const forgot = await call('POST', '/api/v1/users/forgot-password', null, { email: user.email });
    const id = forgot.json().data.id as string;
    const mails = await mailsTo(test.app, user.email);
    const code = mails.map((m) => m.text.match(/^\d{6}$/m)?.[0]).find(Boolean);
    expect(code).toBeDefined();
    expect(
      (await call('PATCH', `/api/v1/users/verify-otp-code/${id}`, null, { code: Number(code) })).statusCode,
    ).toBe(200);
    const reset = await call('PATCH', `/api/v1/users/update-password/${id}`, null, {
      password: 'second passphrase here',
      confirmPassword: 'second passphrase here',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.signedIn).toBe(false);
    expect(sessionCookieOf(reset)).toBeUndefined();
    await challengeFor(user.email, 'second passphrase here');
  });
});
