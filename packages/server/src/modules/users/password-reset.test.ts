import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import {
  createUser,
  createUserAndLogin,
  freshIp,
  mailsTo,
  sessionCookieOf,
  signedInUserId,
} from '../../../test/support/users.ts';

describe.each(databaseKinds)('forgot password, OTP and new password on %s', (kind) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp(kind);
  });
  afterAll(async () => {
    await test.close();
  });

  const forgot = (email: string, remoteAddress = freshIp()) =>
    test.app.inject({
      method: 'POST',
      url: '/api/v1/users/forgot-password',
      payload: { email },
      remoteAddress,
    });
  const verifyOtp = (id: string, code: unknown, remoteAddress = freshIp()) =>
    test.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/verify-otp-code/${id}`,
      payload: { code },
      remoteAddress,
    });
  const setPassword = (id: string, password: string, confirmPassword = password) =>
    test.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/update-password/${id}`,
      payload: { password, confirmPassword },
      remoteAddress: freshIp(),
    });
  const login = (email: string, password: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email, password },
      remoteAddress: freshIp(),
    });
  async function mailedCode(email: string): Promise<string> {
    const [mail] = await mailsTo(test.app, email);
    const code = mail?.text.match(/^\d{6}$/m)?.[0];
    if (!code) throw new Error('no code in the mail');
    return code;
  }
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('resets the password end to end: code mailed, verified as a number, all old sessions ended, new session', async () => {
    const user = await createUserAndLogin(test.app, { email: 'reset@example.com', password: 'old password' });
    const response = await forgot('Reset@Example.com');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('success');
    expect(body.message).toContain('6-digit code');
    expect(body.data.id).not.toBe(user.id);
    const code = await mailedCode('reset@example.com');
    const row = await test.app.database.db
      .selectFrom('password_resets')
      .selectAll()
      .where('id', '=', body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.otp_hash).not.toContain(code);

    const early = await setPassword(body.data.id, 'brand new password');
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe('OTP_NOT_VERIFIED');

    const verified = await verifyOtp(body.data.id, Number(code));
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ status: 'success', data: { verified: true } });

    const mismatch = await setPassword(body.data.id, 'brand new password', 'brand new passwort');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.fields).toEqual([
      { path: 'confirmPassword', message: 'The two passwords do not match' },
    ]);
    expect((await login('reset@example.com', 'old password')).statusCode).toBe(200);

    const done = await setPassword(body.data.id, 'brand new password');
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ signedIn: true, user: { _id: user.id } });
    const newCookie = sessionCookieOf(done);
    expect(newCookie).toBeDefined();
    expect(await signedInUserId(test.app, { cookie: user.cookie })).toBeNull();
    expect(await signedInUserId(test.app, { cookie: newCookie! })).toBe(user.id);
    expect((await login('reset@example.com', 'old password')).statusCode).toBe(401);
    expect((await login('reset@example.com', 'brand new password')).statusCode).toBe(200);

    const replay = await setPassword(body.data.id, 'another new password');
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('TOKEN_INVALID');
    expect((await login('reset@example.com', 'another new password')).statusCode).toBe(401);
  });

  it('answers an unknown email exactly like a known one, and mails nothing', async () => {
    await createUser(test.app, { email: 'known@example.com' });
    const known = await forgot('known@example.com');
    const unknown = await forgot('unknown@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json().message).toBe(known.json().message);
    expect(unknown.json().data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await mailsTo(test.app, 'unknown@example.com')).toEqual([]);
    const guess = await verifyOtp(unknown.json().data.id, 123456);
    expect(guess.statusCode).toBe(400);
    expect(guess.json().error.code).toBe('OTP_INCORRECT');
  });

  it('restores leading zeros of a numeric code and accepts the code as a string', async () => {
    await createUser(test.app, { email: 'zeros@example.com' });
    const { id } = (await forgot('zeros@example.com')).json().data;
    await test.app.database.db
      .updateTable('password_resets')
      .set({ otp_hash: (await import('../auth/tokens.ts')).sha256Hex(`${id}:004217`) })
      .where('id', '=', id)
      .execute();
    expect((await verifyOtp(id, 4217)).statusCode).toBe(200);
    expect((await verifyOtp(id, '004217')).statusCode).toBe(200);
  });

  it('locks the request after 5 wrong codes, even for the right one afterwards', async () => {
    await createUser(test.app, { email: 'locked@example.com' });
    const { id } = (await forgot('locked@example.com')).json().data;
    const code = await mailedCode('locked@example.com');
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await verifyOtp(id, wrongCode(code));
      answers.push([response.statusCode, response.json().error.code, response.json().error.message]);
    }
    expect(answers).toEqual([
      [400, 'OTP_INCORRECT', 'Wrong code. 4 tries left.'],
      [400, 'OTP_INCORRECT', 'Wrong code. 3 tries left.'],
      [400, 'OTP_INCORRECT', 'Wrong code. 2 tries left.'],
      [400, 'OTP_INCORRECT', 'Wrong code. 1 try left.'],
      [410, 'OTP_LOCKED', 'Too many wrong codes. This code no longer works; ask for a new one.'],
    ]);
    const right = await verifyOtp(id, code);
    expect(right.statusCode).toBe(410);
    expect(right.json().error.code).toBe('OTP_LOCKED');
    expect((await setPassword(id, 'attacker password')).json().error.code).toBe('OTP_NOT_VERIFIED');
  });

  it('drops reset requests older than a day when a new one is made', async () => {
    await createUser(test.app, { email: 'stale@example.com' });
    const { id } = (await forgot('stale@example.com')).json().data;
    await test.app.database.db
      .updateTable('password_resets')
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60_000).toISOString() })
      .where('id', '=', id)
      .execute();
    await forgot('stale@example.com');
    const stale = await test.app.database.db
      .selectFrom('password_resets')
      .select('id')
      .where('id', '=', id)
      .execute();
    expect(stale).toEqual([]);
  });

  it('refuses an expired code with 410 TOKEN_EXPIRED', async () => {
    await createUser(test.app, { email: 'expired@example.com' });
    const { id } = (await forgot('expired@example.com')).json().data;
    const code = await mailedCode('expired@example.com');
    await test.app.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const response = await verifyOtp(id, code);
    expect(response.statusCode).toBe(410);
    expect(response.json().error.code).toBe('TOKEN_EXPIRED');
  });

  it('validates input naming the field, and answers unknown requests with TOKEN_INVALID', async () => {
    const badEmail = await forgot('not-an-email');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.fields).toEqual([{ path: 'email', message: 'Invalid Email!' }]);
    const badCode = await verifyOtp('some-id', 'abc');
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error.fields[0].path).toBe('code');
    const unknown = await verifyOtp('no-such-request', 123456);
    expect(unknown.json().error.code).toBe('TOKEN_INVALID');
    const short = await setPassword('no-such-request', '123');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields[0]).toEqual({
      path: 'password',
      message: 'Password must be at least 6 characters',
    });
  });

  it('mails at most 5 codes an hour to one address, whatever the client address', async () => {
    await createUser(test.app, { email: 'inbox@example.com' });
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++)
      statuses.push((await forgot('inbox@example.com')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await mailsTo(test.app, 'inbox@example.com')).toHaveLength(5);
  });

  it('rate limits forgot-password and OTP checks from one address', async () => {
    const ip = freshIp();
    const forgotStatuses = [];
    for (let attempt = 0; attempt < 6; attempt++)
      forgotStatuses.push((await forgot('flood@example.com', ip)).statusCode);
    expect(forgotStatuses).toEqual([200, 200, 200, 200, 200, 429]);
    const otpStatuses = [];
    for (let attempt = 0; attempt < 11; attempt++)
      otpStatuses.push((await verifyOtp('no-such-request', 1, ip)).statusCode);
    expect(otpStatuses).toEqual([...Array(10).fill(400), 429]);
    const limited = await verifyOtp('no-such-request', 1, ip);
    expect(limited.json().error.retryAfterSeconds).toBeGreaterThan(0);
  });
});
