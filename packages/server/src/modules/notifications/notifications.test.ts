import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadyCollection } from '../../../test/support/project-fixture.ts';
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

  /** The job mails after the collection shows ready: polls the outbox briefly for it. */
  const waitForMail = async (email: string, subject: string) => {
    for (let attempt = 0; attempt < 100; attempt++) {
      if ((await mailsTo(test.app, email)).some((mail) => mail.subject === subject)) return;
      await setTimeout(50);
    }
    throw new Error(`no mail "${subject}" to ${email}`);
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

  it('has every mail on until changed but product news (opt-in), refuses a malformed body and keeps each user’s own toggles', async () => {
    const defaults = { generation: true, drops: true, referrals: true, mentions: true, news: false };
    expect((await get(ada)).json().data.preferences).toEqual(defaults);
    expect((await put(ada, { referrals: 'no' })).statusCode).toBe(400);
    expect((await put(ada, { referrals: false, passwordChanged: false })).statusCode).toBe(400);
    expect((await get(ada)).json().data.preferences).toEqual(defaults);
    const saved = await put(ada, { referrals: false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.preferences).toEqual({ ...defaults, referrals: false });
    const optedIn = await put(ada, { news: true });
    expect(optedIn.json().data.preferences).toEqual({ ...defaults, referrals: false, news: true });
    expect((await get(ada)).json().data.preferences).toEqual({ ...defaults, referrals: false, news: true });
    expect((await get(other)).json().data.preferences).toEqual(defaults);
  });

  it('the mail sender honours the Generation toggle; the bell is told either way', async () => {
    const maker = await createUserAndLogin(test.app, { firstName: 'Mia' });
    await createReadyCollection(test.app, maker.cookie, { collectionSize: 2, name: 'Mailed Cats' });
    await waitForMail(maker.email, '“Mailed Cats” is ready');

    expect((await put(maker, { generation: false })).statusCode).toBe(200);
    await createReadyCollection(test.app, maker.cookie, { collectionSize: 2, name: 'Quiet Cats' });
    // The job tells the bell, then mails (or not): once the bell has it, the mail decision is made.
    const bellTitles = async () =>
      (
        await test.app.inject({
          method: 'GET',
          url: '/api/v1/notifications',
          headers: { cookie: maker.cookie },
        })
      )
        .json()
        .data.notifications.map((notice: { title: string }) => notice.title);
    await expect.poll(bellTitles, { interval: 50, timeout: 5_000 }).toContain('“Quiet Cats” is ready');
    expect((await mailsTo(test.app, maker.email)).map((mail) => mail.subject)).toEqual([
      '“Mailed Cats” is ready',
    ]);
  }, 60_000);

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
