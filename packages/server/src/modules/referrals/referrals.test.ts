import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, freshIp, type LoggedInUser, mailsTo } from '../../../test/support/users.ts';

describe.each(databaseKinds)('referrals on %s', (kind) => {
  let test: TestApp;
  let ada: LoggedInUser;
  let other: LoggedInUser;

  const get = (user: LoggedInUser | null) =>
    test.app.inject({
      method: 'GET',
      url: '/api/v1/referrals',
      headers: user ? { cookie: user.cookie } : {},
    });
  const invite = (user: LoggedInUser | null, payload: object, remoteAddress = freshIp()) =>
    test.app.inject({
      method: 'POST',
      url: '/api/v1/referrals/invitations',
      payload,
      remoteAddress,
      headers: user ? { cookie: user.cookie } : {},
    });
  const signUp = (email: string, ref?: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      remoteAddress: freshIp(),
      payload: { firstname: 'Grace', lastname: 'Hopper', email, password: 'Cobol-Compiler-1959!', ref },
    });

  beforeAll(async () => {
    test = await createTestApp(kind);
    ada = await createUserAndLogin(test.app, { firstName: 'Ada', lastName: 'Lovelace' });
    other = await createUserAndLogin(test.app);
  }, 90_000);
  afterAll(async () => {
    await test?.close();
  });

  it('answers 401 without a session', async () => {
    for (const answer of [await get(null), await invite(null, { email: 'a@example.com' })]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json().error.message).toBe('Please log in to continue.');
    }
  });

  it('gives each user one stable personal code and link, with the reward rule', async () => {
    const first = (await get(ada)).json().data;
    const again = (await get(ada)).json().data;
    const theirs = (await get(other)).json().data;
    expect(first.code).toMatch(/^[A-Z2-9]{10}$/);
    expect(again.code).toBe(first.code);
    expect(theirs.code).not.toBe(first.code);
    expect(first.link).toBe(`${test.app.config.publicUrl}/?ref=${first.code}`);
    expect(first.rewardRule).toBe(
      'You earn $10 of Layerloom credit for each person you referred who buys a paid plan. Your credit is taken off the price of the next plan you buy, at checkout.',
    );
    expect(first.referrals).toEqual([]);
    expect(first.totalRewardUsd).toBe(0);
    expect(first.creditAvailableUsd).toBe(0);
  });

  it('refuses a bad address, your own and a member’s, and writes nothing', async () => {
    const bad = await invite(ada, { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual([
      { path: 'email', message: 'Please enter a valid email address!' },
    ]);
    const own = await invite(ada, { email: ada.email.toUpperCase() });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe('That is your own address: invite someone else.');
    const member = await invite(ada, { email: other.email });
    expect(member.statusCode).toBe(409);
    expect(member.json().error.message).toBe('This address already has a Layerloom account.');
    expect((await get(ada)).json().data.referrals).toEqual([]);
    expect(await mailsTo(test.app, other.email)).toEqual([]);
  });

  it('mails one invitation with the link, once per address per week', async () => {
    const { code } = (await get(ada)).json().data;
    const sent = await invite(ada, { email: ' Grace@Example.com ' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.referral).toMatchObject({
      email: 'grace@example.com',
      status: 'invited',
      rewardUsd: 0,
    });
    const mails = await mailsTo(test.app, 'grace@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Ada Lovelace invited you to Layerloom');
    expect(mails[0]?.text).toContain(`/?ref=${code}`);

    const again = await invite(ada, { email: 'grace@example.com' });
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toMatch(
      /^You already invited this address this week\. You can send another invitation on \d{4}-\d{2}-\d{2}\.$/,
    );
    expect(await mailsTo(test.app, 'grace@example.com')).toHaveLength(1);
    // Nor can another account mail the same address this week, and its refusal writes nothing.
    const fromOther = await invite(other, { email: 'GRACE@example.com' });
    expect(fromOther.statusCode).toBe(429);
    expect(fromOther.json().error.message).toMatch(
      /^This address already received an invitation to Layerloom this week\. You can invite it on \d{4}-\d{2}-\d{2}\.$/,
    );
    expect(await mailsTo(test.app, 'grace@example.com')).toHaveLength(1);
    // Another user's referrals are theirs alone.
    expect((await get(other)).json().data.referrals).toEqual([]);

    // A week on, the address may be invited again.
    const third = await createUserAndLogin(test.app);
    expect((await invite(third, { email: 'hedy@example.com' })).statusCode).toBe(200);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000).toISOString();
    await test.app.database.db
      .updateTable('referrals')
      .set({ last_invited_at: eightDaysAgo })
      .where('email', '=', 'hedy@example.com')
      .execute();
    expect((await invite(third, { email: 'hedy@example.com' })).statusCode).toBe(200);
    expect(await mailsTo(test.app, 'hedy@example.com')).toHaveLength(2);
  });

  it('credits the referrer when the invited person signs up through the link, then follows their status', async () => {
    const { code } = (await get(ada)).json().data;
    const created = await signUp('grace@example.com', code);
    expect(created.statusCode).toBe(201);
    const userId = created.json().data.user._id;
    let [referral] = (await get(ada)).json().data.referrals;
    expect(referral).toMatchObject({ email: 'grace@example.com', name: 'Grace Hopper', status: 'signed_up' });
    expect(referral.invitedAt).not.toBeNull();
    expect(referral.signedUpAt).not.toBeNull();

    const db = test.app.database.db;
    await db.updateTable('users').set({ account_status: 'approved' }).where('id', '=', userId).execute();
    [referral] = (await get(ada)).json().data.referrals;
    expect(referral.status).toBe('approved');

    await db.updateTable('users').set({ plan_id: 'pro' }).where('id', '=', userId).execute();
    const data = (await get(ada)).json().data;
    expect(data.referrals[0]).toMatchObject({ status: 'paying', rewardUsd: 10 });
    expect(data.totalRewardUsd).toBe(10);
    // Not used at a checkout yet: all of it is left for the next plan Ada buys.
    expect(data.creditAvailableUsd).toBe(10);
  });

  it('records a sign-up through the link without an invitation, and ignores an unknown or malformed code', async () => {
    const { code } = (await get(other)).json().data;
    expect((await signUp('linus@example.com', code.toLowerCase())).statusCode).toBe(201);
    expect((await get(other)).json().data.referrals).toMatchObject([
      { email: 'linus@example.com', status: 'signed_up', invitedAt: null },
    ]);
    expect((await signUp('ken@example.com', 'NOSUCHCODE')).statusCode).toBe(201);
    expect((await signUp('dennis@example.com', '<script>')).statusCode).toBe(201);
    const rows = await test.app.database.db
      .selectFrom('referrals')
      .select('email')
      .where('email', 'in', ['ken@example.com', 'dennis@example.com'])
      .execute();
    expect(rows).toEqual([]);
  });
});
