import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, freshIp, type LoggedInUser, mailsTo } from '../../../test/support/users.ts';

describe.each(databaseKinds)('notification preferences on %s', (kind) => {
  let test: TestApp;
  let ada: LoggedInUser;
  let other: LoggedInUser;

  const get = (user: LoggedInUser | null) =>
    test.app.inject({
      method: 'GET',
      url: '/api/v1/account/notifications',
      headers: user ? { cookie: user.cookie } : {},
    });
  const put = (user: LoggedInUser | null, payload: object) =>
    test.app.inject({
      method: 'PUT',
      url: '/api/v1/account/notifications',
      payload,
      headers: user ? { cookie: user.cookie } : {},
    });
  const signUpThroughLinkOf = async (user: LoggedInUser, email: string) => {
    const code = (
      await test.app.inject({ method: 'GET', url: '/api/v1/referrals', headers: { cookie: user.cookie } })
    ).json().data.code;
    const answer = await test.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      remoteAddress: freshIp(),
      payload: { firstname: 'Joan', lastname: 'Clarke', email, password: 'Bletchley-Park-1941!', ref: code },
    });
    expect(answer.statusCode).toBe(201);
  };

  beforeAll(async () => {
    test = await createTestApp(kind);
    ada = await createUserAndLogin(test.app, { firstName: 'Ada' });
    other = await createUserAndLogin(test.app);
  }, 90_000);
  afterAll(async () => {
    await test?.close();
  });

  it('answers 401 without a session', async () => {
    for (const answer of [await get(null), await put(null, { referrals: false })]) {
      expect(answer.statusCode).toBe(401);
    }
  });

  it('has every mail on until changed, refuses a malformed body and keeps each user’s own toggles', async () => {
    expect((await get(ada)).json().data.preferences).toEqual({ referrals: true });
    expect((await put(ada, { referrals: 'no' })).statusCode).toBe(400);
    expect((await put(ada, { referrals: false, passwordChanged: false })).statusCode).toBe(400);
    expect((await get(ada)).json().data.preferences).toEqual({ referrals: true });
    const saved = await put(ada, { referrals: false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.preferences).toEqual({ referrals: false });
    expect((await get(ada)).json().data.preferences).toEqual({ referrals: false });
    expect((await get(other)).json().data.preferences).toEqual({ referrals: true });
  });

  it('the mail sender honours the Referrals toggle', async () => {
    await signUpThroughLinkOf(other, 'joan@example.com');
    const notices = await mailsTo(test.app, other.email);
    expect(notices.map((mail) => mail.subject)).toEqual(['Joan Clarke joined Layerloom through your link']);
    expect(notices[0]?.text).toContain('/dashboard/referrals');

    // Ada turned Referrals mails off above: the sign-up is recorded, no mail is sent.
    await signUpThroughLinkOf(ada, 'alan@example.com');
    expect(await mailsTo(test.app, ada.email)).toEqual([]);
    const referrals = (
      await test.app.inject({ method: 'GET', url: '/api/v1/referrals', headers: { cookie: ada.cookie } })
    ).json().data.referrals;
    expect(referrals).toMatchObject([{ email: 'alan@example.com', status: 'signed_up' }]);
  });
});
