import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import {
  createUser,
  createUserAndLogin,
  freshIp,
  type LoggedInUser,
  mailsTo,
  signedInUserId,
} from '../../../test/support/users.ts';
import { findUserById } from './users.repository.ts';

describe.each(databaseKinds)('admin user calls and the account lifecycle on %s', (kind) => {
  let test: TestApp;
  let admin: LoggedInUser;
  let member: LoggedInUser;

  beforeAll(async () => {
    test = await createTestApp(kind);
    admin = await createUserAndLogin(test.app, { role: 'admin' });
    member = await createUserAndLogin(test.app);
  });
  afterAll(async () => {
    await test.close();
  });

  const as = (who: LoggedInUser | undefined) => (who ? { cookie: who.cookie } : {});
  const decide = (id: string, accountAccepted: unknown, who: LoggedInUser | undefined = admin) =>
    test.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/update-account-status/${id}`,
      payload: { accountAccepted } as object,
      headers: as(who),
    });

  it('goes sign-up → verify → pending login refused → admin approves → mail → login', async () => {
    const signUp = await test.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      payload: {
        firstname: 'Life',
        lastname: 'Cycle',
        email: 'life@example.com',
        password: 'whole lifecycle',
      },
      remoteAddress: freshIp(),
    });
    const id = signUp.json().data.user._id;
    const link = (await mailsTo(test.app, 'life@example.com'))[0]?.text.match(/\/verify\/[^\s]+/)?.[0];
    expect(
      (await test.app.inject({ method: 'PATCH', url: `/api/v1/users${link}` })).json().data.outcome,
    ).toBe('verified');
    const login = () =>
      test.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: 'life@example.com', password: 'whole lifecycle' },
        remoteAddress: freshIp(),
      });
    expect((await login()).json().error.code).toBe('ACCOUNT_PENDING');

    const pending = await test.app.inject({
      method: 'GET',
      url: '/api/v1/users?status=pending',
      headers: as(admin),
    });
    expect(pending.json().data.users.map((user: { _id: string }) => user._id)).toContain(id);

    const approved = await decide(id, { status: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.user.accountAccepted).toEqual({ status: 'approved', reason: 'OK' });
    const [mail] = await mailsTo(test.app, 'life@example.com');
    expect(mail?.subject).toBe('Your Layerloom account is approved');
    expect(mail?.text).toContain('http://localhost:3000/auth/login');
    const loggedIn = await login();
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.json().data.user._id).toBe(id);
  });

  it('rejects with the typed reason, mails it, ends the sessions, and login says why', async () => {
    const user = await createUserAndLogin(test.app, {
      email: 'reject-me@example.com',
      password: 'rejected one',
    });
    const rejected = await decide(user.id, { status: 'rejected', reason: 'Duplicate account' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data.user.accountAccepted).toEqual({
      status: 'rejected',
      reason: 'Duplicate account',
    });
    const [mail] = await mailsTo(test.app, 'reject-me@example.com');
    expect(mail?.text).toContain('Reason: Duplicate account');
    expect(await signedInUserId(test.app, as(user))).toBeNull();
    const login = await test.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: freshIp(),
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toMatchObject({ code: 'ACCOUNT_REJECTED' });
    expect(login.json().error.message).toContain('Duplicate account');
  });

  it('requires a reason to reject and a known status, writing nothing', async () => {
    const user = await createUser(test.app, { accountStatus: 'pending' });
    const noReason = await decide(user.id, { status: 'rejected', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual([
      { path: 'accountAccepted.reason', message: 'Please give a reason for the rejection' },
    ]);
    const badStatus = await decide(user.id, { status: 'maybe' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().error.fields[0].path).toBe('accountAccepted.status');
    expect((await findUserById(test.app.database.db, user.id))?.account_status).toBe('pending');
    expect(await mailsTo(test.app, user.email)).toEqual([]);
  });

  it('answers 404 for an unknown user and 403 for changing your own status', async () => {
    expect((await decide('no-such-user', { status: 'approved' })).statusCode).toBe(404);
    const own = await decide(admin.id, { status: 'rejected', reason: 'oops' });
    expect(own.statusCode).toBe(403);
  });

  it('lists users newest first, filtered by status, paginated with a total', async () => {
    const fresh = await createTestApp(kind);
    try {
      const boss = await createUserAndLogin(fresh.app, { role: 'admin' });
      for (let index = 0; index < 3; index++)
        await createUser(fresh.app, { accountStatus: 'pending', email: `p${index}@example.com` });
      await createUser(fresh.app, { accountStatus: 'rejected' });
      const page = async (query: string) =>
        (
          await fresh.app.inject({
            method: 'GET',
            url: `/api/v1/users${query}`,
            headers: { cookie: boss.cookie },
          })
        ).json().data;
      const first = await page('?status=pending&page=1&pageSize=2');
      expect(first).toMatchObject({ page: 1, pageSize: 2, total: 3 });
      expect(first.users.map((user: { email: string }) => user.email)).toEqual([
        'p2@example.com',
        'p1@example.com',
      ]);
      const second = await page('?status=pending&page=2&pageSize=2');
      expect(second.users.map((user: { email: string }) => user.email)).toEqual(['p0@example.com']);
      expect((await page('')).total).toBe(5);
      expect((await page('?status=rejected')).total).toBe(1);
      const bad = await fresh.app.inject({
        method: 'GET',
        url: '/api/v1/users?status=nope',
        headers: { cookie: boss.cookie },
      });
      expect(bad.statusCode).toBe(400);
    } finally {
      await fresh.close();
    }
  });

  it('sets a plan; unknown plans are refused', async () => {
    const user = await createUser(test.app);
    const response = await test.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${user.id}/plan`,
      payload: { planId: 'pro' },
      headers: as(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.planId).toBe('pro');
    const bad = await test.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${user.id}/plan`,
      payload: { planId: 'platinum' },
      headers: as(admin),
    });
    expect(bad.statusCode).toBe(400);
    expect((await findUserById(test.app.database.db, user.id))?.plan_id).toBe('pro');
  });

  it.each([
    ['GET', '/api/v1/users', undefined],
    ['PATCH', '/api/v1/users/update-account-status/ID', { accountAccepted: { status: 'approved' } }],
    ['PATCH', '/api/v1/users/ID/plan', { planId: 'enterprise' }],
  ] as const)('%s %s is admin-only: 401 without a session, 403 for a user', async (method, path, payload) => {
    const target = await createUser(test.app, { accountStatus: 'pending' });
    const url = path.replace('ID', target.id);
    const anonymous = await test.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(anonymous.statusCode).toBe(401);
    const forbidden = await test.app.inject({
      method,
      url,
      headers: as(member),
      ...(payload ? { payload } : {}),
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    const row = await findUserById(test.app.database.db, target.id);
    expect([row?.account_status, row?.plan_id]).toEqual(['pending', 'free']);
  });
});

describe('REQUIRE_APPROVAL=false', () => {
  it('lets a verified user log in without an admin', async () => {
    const test = await createTestApp('sqlite', { REQUIRE_APPROVAL: 'false' });
    try {
      const signUp = await test.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        payload: { firstname: 'No', lastname: 'Wait', email: 'nowait@example.com', password: 'no waiting' },
      });
      expect(signUp.json().data.user.accountAccepted.status).toBe('approved');
      const link = (await mailsTo(test.app, 'nowait@example.com'))[0]?.text.match(/\/verify\/[^\s]+/)?.[0];
      await test.app.inject({ method: 'PATCH', url: `/api/v1/users${link}` });
      const login = await test.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: 'nowait@example.com', password: 'no waiting' },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await test.close();
    }
  });
});
