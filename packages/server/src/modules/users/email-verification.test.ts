import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { freshIp, mailsTo } from '../../../test/support/users.ts';

describe.each(databaseKinds)('email verification on %s', (kind) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp(kind);
  });
  afterAll(async () => {
    await test.close();
  });

  /** Signs up and returns the user id and the path of the mailed link. */
  async function signUp(email: string): Promise<{ id: string; linkPath: string }> {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      payload: { firstname: 'Vera', lastname: 'Fy', email, password: 'my own secret' },
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(201);
    const [mail] = await mailsTo(test.app, email);
    const match = mail?.text.match(/http:\/\/localhost:3000(\/verify\/[^/\s]+\/[A-Za-z0-9_-]+)/);
    if (!match?.[1]) throw new Error('no verification link in the mail');
    return { id: response.json().data.user._id, linkPath: match[1] };
  }
  const verify = (linkPath: string) => test.app.inject({ method: 'PATCH', url: `/api/v1/users${linkPath}` });
  const loginCode = async (email: string) =>
    (
      await test.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email, password: 'my own secret' },
        remoteAddress: freshIp(),
      })
    ).json().error?.code;

  it('verifies once; opening the link again says already verified; the token is stored hashed', async () => {
    const { id, linkPath } = await signUp('vera@example.com');
    expect(await loginCode('vera@example.com')).toBe('EMAIL_NOT_VERIFIED');
    const first = await verify(linkPath);
    expect(first.statusCode).toBe(200);
    // Verified, and told that logging in waits for an administrator (the login would say ACCOUNT_PENDING).
    expect(first.json()).toEqual({
      status: 'success',
      data: { outcome: 'verified', awaitingApproval: true },
    });
    const again = await verify(linkPath);
    expect(again.json().data).toEqual({ outcome: 'already-verified', awaitingApproval: true });
    expect(await loginCode('vera@example.com')).toBe('ACCOUNT_PENDING');
    const refusal = await test.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: 'vera@example.com', password: 'my own secret' },
      remoteAddress: freshIp(),
    });
    // The refusal says who decides, how long it usually takes and what comes next.
    expect(refusal.json().error.message).toBe(
      'Your account is waiting for approval by an administrator, usually within one working day. We will email you as soon as it is approved; you can log in then.',
    );
    // Once approved, the link says the account is ready to log in.
    await test.app.database.db
      .updateTable('users')
      .set({ account_status: 'approved', account_reason: 'OK' })
      .where('id', '=', id)
      .execute();
    expect((await verify(linkPath)).json().data).toEqual({
      outcome: 'already-verified',
      awaitingApproval: false,
    });
    const token = linkPath.split('/').at(-1) ?? '';
    const rows = await test.app.database.db
      .selectFrom('email_verifications')
      .selectAll()
      .where('user_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.used_at).not.toBeNull();
  });

  it('answers an expired link with 410 TOKEN_EXPIRED and leaves the account unverified', async () => {
    const { id, linkPath } = await signUp('late@example.com');
    await test.app.database.db
      .updateTable('email_verifications')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', id)
      .execute();
    const response = await verify(linkPath);
    expect(response.statusCode).toBe(410);
    expect(response.json().error.code).toBe('TOKEN_EXPIRED');
    expect(await loginCode('late@example.com')).toBe('EMAIL_NOT_VERIFIED');
  });

  it('answers a wrong token, another user id or an unknown user with 400 TOKEN_INVALID', async () => {
    const alice = await signUp('alice-v@example.com');
    const bob = await signUp('bob-v@example.com');
    const aliceToken = alice.linkPath.split('/').at(-1);
    for (const path of [
      `/verify/${alice.id}/${'x'.repeat(43)}`,
      `/verify/${bob.id}/${aliceToken}`,
      `/verify/no-such-user/${aliceToken}`,
    ]) {
      const response = await verify(path);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('TOKEN_INVALID');
    }
    expect(await loginCode('alice-v@example.com')).toBe('EMAIL_NOT_VERIFIED');
    expect(await loginCode('bob-v@example.com')).toBe('EMAIL_NOT_VERIFIED');
  });

  it('mails a new link on request, with the same answer for unknown addresses', async () => {
    const { linkPath } = await signUp('resend@example.com');
    const resend = (email: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/v1/users/resend-verification',
        payload: { email },
        remoteAddress: freshIp(),
      });
    const known = await resend('RESEND@example.com');
    const unknown = await resend('ghost@example.com');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const mails = await mailsTo(test.app, 'resend@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[0]?.text).not.toContain(linkPath);
    expect(await mailsTo(test.app, 'ghost@example.com')).toEqual([]);
  });
});
