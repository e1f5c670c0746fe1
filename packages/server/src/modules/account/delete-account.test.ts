import { DEACTIVATED_SIGN_IN_MESSAGE } from '@layerloom/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import {
  createUser,
  createUserAndLogin,
  freshIp,
  type LoggedInUser,
  mailsTo,
  sessionCookieOf,
  signedInUserId,
} from '../../../test/support/users.ts';

describe.each(databaseKinds)('deactivating and reactivating your own account on %s', (kind) => {
  let test: TestApp;

  const post = (url: string, payload: object, cookie?: string) =>
    test.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: freshIp(),
      headers: cookie ? { cookie } : {},
    });
  const login = (email: string, password: string) => post('/api/v1/users/login', { email, password });
  const deactivate = (user: LoggedInUser, password: string) =>
    post('/api/v1/account/deactivate', { password }, user.cookie);
  const reactivate = (email: string, password: string) =>
    post('/api/v1/account/reactivate', { email, password });
  const userRow = (id: string) =>
    test.app.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const sessionCount = async (id: string) =>
    (await test.app.database.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute())
      .length;

  beforeAll(async () => {
    test = await createTestApp(kind);
  }, 90_000);
  afterAll(async () => {
    await test?.close();
  });

  it('asks to sign in first', async () => {
    const response = await post('/api/v1/account/deactivate', { password: 'whatever' });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a missing or wrong password with a message on its field, and writes nothing', async () => {
    const ada = await createUserAndLogin(test.app);
    const empty = await deactivate(ada, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toContainEqual({ path: 'password', message: 'Enter your password' });
    const wrong = await deactivate(ada, `${ada.password}x`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toContainEqual({
      path: 'password',
      message: 'Your password is not correct.',
    });
    const row = await userRow(ada.id);
    expect(row.deactivated_at).toBeNull();
    expect(await signedInUserId(test.app, { cookie: ada.cookie })).toBe(ada.id);
    expect(await mailsTo(test.app, ada.email)).toHaveLength(0);
  });

  it('deactivates: every session ends, sign-in offers to reactivate, reactivating signs in; a mail each way', async () => {
    const ada = await createUserAndLogin(test.app, { firstName: 'Ada' });
    const otherDevice = sessionCookieOf(await login(ada.email, ada.password));
    expect(await sessionCount(ada.id)).toBe(2);

    const response = await deactivate(ada, ada.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ deactivated: true });
    expect(await sessionCount(ada.id)).toBe(0);
    expect(await signedInUserId(test.app, { cookie: ada.cookie })).toBeNull();
    expect(await signedInUserId(test.app, { cookie: otherDevice })).toBeNull();
    const [deactivatedMail] = await mailsTo(test.app, ada.email);
    expect(deactivatedMail?.subject).toBe('Your Layerloom account was deactivated');
    expect(deactivatedMail?.text).toContain('Your public mint pages stay up.');

    // A wrong password still gets the one answer for wrong credentials, telling nothing about the account.
    const wrong = await login(ada.email, `${ada.password}x`);
    expect(wrong.statusCode).toBe(401);
    const offered = await login(ada.email, ada.password);
    expect(offered.statusCode).toBe(403);
    expect(offered.json().error).toMatchObject({
      code: 'ACCOUNT_SELF_DEACTIVATED',
      message: DEACTIVATED_SIGN_IN_MESSAGE,
    });
    expect(offered.headers['set-cookie']).toBeUndefined();
    expect(await reactivate(ada.email, `${ada.password}x`).then((r) => r.statusCode)).toBe(401);
    expect((await userRow(ada.id)).deactivated_at).not.toBeNull();

    const back = await reactivate(ada.email.toUpperCase(), ada.password);
    expect(back.statusCode).toBe(200);
    expect(back.json().data.user._id).toBe(ada.id);
    expect(await signedInUserId(test.app, { cookie: sessionCookieOf(back) })).toBe(ada.id);
    const row = await userRow(ada.id);
    expect(row.deactivated_at).toBeNull();
    expect(row.owner_deactivated_at).toBeNull();
    const subjects = (await mailsTo(test.app, ada.email)).map((mail) => mail.subject);
    expect(subjects).toContain('Your Layerloom account is active again');

    expect((await login(ada.email, ada.password)).statusCode).toBe(200);
    const again = await reactivate(ada.email, ada.password);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('This account is not deactivated: log in as usual.');
  });

  it('keeps the public mint page and hosted files of a deactivated account up', async () => {
    const maker = await createUserAndLogin(test.app);
    const collectionId = await createReadyCollection(test.app, maker.cookie, { collectionSize: 2 });
    const published = await test.app.inject({
      method: 'POST',
      url: `/api/v1/collections/${collectionId}/publication`,
      headers: { cookie: maker.cookie },
      payload: {},
    });
    const slug = published.json().data.publication.slug;
    expect((await deactivate(maker, maker.password)).statusCode).toBe(200);
    const drop = await test.app.inject({ method: 'GET', url: `/api/v1/drops/${slug}` });
    expect(drop.statusCode).toBe(200);
    expect(drop.json().data.drop.size).toBe(2);
    const metadata = await test.app.inject({ method: 'GET', url: `/hosted/${slug}/metadata/1.json` });
    expect(metadata.statusCode).toBe(200);
  }, 60_000);

  it('does not let a user lift a deactivation an admin made', async () => {
    const bob = await createUser(test.app);
    await test.app.database.db
      .updateTable('users')
      .set({ deactivated_at: new Date().toISOString() })
      .where('id', '=', bob.id)
      .execute();
    // Login's answer for an admin's deactivation is the admin tab's; it never offers to reactivate.
    const offered = await login(bob.email, bob.password);
    expect(offered.json().error?.code).not.toBe('ACCOUNT_SELF_DEACTIVATED');
    const refused = await reactivate(bob.email, bob.password);
    expect([400, 403]).toContain(refused.statusCode);
    expect((await userRow(bob.id)).deactivated_at).not.toBeNull();
    expect(refused.headers['set-cookie']).toBeUndefined();
  });
});
