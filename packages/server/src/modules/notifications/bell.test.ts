import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureProject } from '../../../test/support/project-fixture.ts';
import { openEventStream } from '../../../test/support/sse.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, freshIp, type LoggedInUser, mailsTo } from '../../../test/support/users.ts';
import { STORAGE_JOB_ERROR } from '../../jobs/job-error-message.ts';
import { notify } from './bell.service.ts';

describe.each(databaseKinds)('the bell on %s', (kind) => {
  let test: TestApp;
  let base: string;
  let ada: LoggedInUser;
  let bob: LoggedInUser;
  let admin: LoggedInUser;

  const as = (user: LoggedInUser | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    test.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: user ? { cookie: user.cookie } : {},
    });
  const list = async (user: LoggedInUser, query = '') =>
    (await as(user, 'GET', `/api/v1/notifications${query}`)).json().data;
  const waitForNotification = async (user: LoggedInUser, kind: string) => {
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await setTimeout(50)) {
      const found = (await list(user, '?pageSize=50')).notifications.find(
        (notification: { kind: string }) => notification.kind === kind,
      );
      if (found) return found;
    }
    throw new Error(`no ${kind} notification`);
  };

  beforeAll(async () => {
    test = await createTestApp(kind);
    base = await test.app.listen({ port: 0, host: '127.0.0.1' });
    ada = await createUserAndLogin(test.app, { firstName: 'Ada', planId: 'pro' });
    bob = await createUserAndLogin(test.app, { firstName: 'Bob' });
    admin = await createUserAndLogin(test.app, { role: 'admin', firstName: 'Grace' });
  }, 90_000);
  afterAll(async () => {
    const closing = test?.close();
    test?.app.server.closeAllConnections();
    await closing;
  });

  it('answers 401 without a session, 404 for a notification that is not yours, 400 for a bad page', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/notifications'],
      ['POST', '/api/v1/notifications/x/read'],
      ['POST', '/api/v1/notifications/read-all'],
    ] as const) {
      expect((await as(null, method, url)).statusCode).toBe(401);
    }
    const bobs = await notify(test.app, bob.id, {
      kind: 'plan_changed',
      title: 'For Bob',
      body: 'Only Bob sees this.',
      link: null,
    });
    const stolen = await as(ada, 'POST', `/api/v1/notifications/${bobs?.id}/read`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error.message).toBe('Notification not found');
    expect((await list(bob)).notifications[0]).toMatchObject({ title: 'For Bob', read: false });
    expect((await as(ada, 'GET', '/api/v1/notifications?pageSize=500')).statusCode).toBe(400);
  });

  it('lists only your own notifications, newest first, paged, with the unread count; marks one and all read live', async () => {
    const stream = await openEventStream(`${base}/api/v1/events`, { cookie: ada.cookie });
    try {
      await stream.waitFor((event) => event.type === 'ready');
      for (const n of [1, 2, 3]) {
        await notify(test.app, ada.id, {
          kind: 'drop_deployed',
          title: `Drop ${n}`,
          body: 'Deployed.',
          link: null,
        });
      }
      const live = await stream.waitFor(
        (event) => event.type === 'notification' && (event.data as { unread: number }).unread === 3,
      );
      expect(live.data).toMatchObject({
        notification: { title: 'Drop 3', kind: 'drop_deployed', read: false },
      });

      const first = await list(ada, '?pageSize=2');
      expect(first).toMatchObject({ total: 3, unread: 3, page: 1, pageSize: 2 });
      expect(first.notifications.map((n: { title: string }) => n.title)).toEqual(['Drop 3', 'Drop 2']);
      const second = await list(ada, '?pageSize=2&page=2');
      expect(second.notifications.map((n: { title: string }) => n.title)).toEqual(['Drop 1']);
      expect((await list(bob)).notifications.map((n: { title: string }) => n.title)).not.toContain('Drop 1');

      const one = await as(ada, 'POST', `/api/v1/notifications/${first.notifications[0].id}/read`);
      expect(one.json().data).toMatchObject({ notification: { title: 'Drop 3', read: true }, unread: 2 });
      await stream.waitFor((event) => event.type === 'notifications.read');
      const all = await as(ada, 'POST', '/api/v1/notifications/read-all');
      expect(all.json().data).toEqual({ marked: 2, unread: 0 });
      await stream.waitFor(
        (event) => event.type === 'notifications.read' && (event.data as { ids: unknown }).ids === null,
      );
      expect((await list(ada)).unread).toBe(0);
      expect((await list(bob)).unread).toBe(1);
    } finally {
      stream.close();
    }
  });

  it('mails a kind only while the user’s notification settings allow it', async () => {
    const carol = await createUserAndLogin(test.app, { firstName: 'Carol' });
    const referral = {
      kind: 'referral_signed_up',
      title: 'Dan joined through your link',
      body: 'Dan signed up.',
      link: '/dashboard/referrals',
    } as const;
    await notify(test.app, carol.id, referral);
    expect((await mailsTo(test.app, carol.email)).map((mail) => mail.subject)).toEqual([referral.title]);
    expect(
      (await as(carol, 'PUT' as 'POST', '/api/v1/account/notifications', { referrals: false })).statusCode,
    ).toBe(200);
    await notify(test.app, carol.id, { ...referral, title: 'Eve joined through your link' });
    expect((await mailsTo(test.app, carol.email)).map((mail) => mail.subject)).toEqual([referral.title]);
    // Both are on the bell whatever the mail setting.
    expect((await list(carol)).total).toBe(2);
  });

  it('tells admins about an account waiting for review, and the user about the decision and a plan change', async () => {
    const signUp = await test.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      remoteAddress: freshIp(),
      payload: {
        firstname: 'Joan',
        lastname: 'Clarke',
        email: `joan-${kind}@example.com`,
        password: 'Bletchley-Park-1941!',
      },
    });
    expect(signUp.statusCode).toBe(201);
    const waiting = await waitForNotification(admin, 'account_waiting');
    expect(waiting).toMatchObject({ link: '/dashboard/user-requests' });
    expect(waiting.body).toContain(`joan-${kind}@example.com`);
    expect((await list(ada)).notifications.some((n: { kind: string }) => n.kind === 'account_waiting')).toBe(
      false,
    );
    expect((await mailsTo(test.app, admin.email)).map((mail) => mail.subject)).toContain(
      'A new account is waiting for review',
    );

    const approved = await as(bob, 'PATCH', '/api/v1/users/update-account-status/x', {
      accountAccepted: { status: 'approved' },
    });
    expect(approved.statusCode).toBe(403);
    const joanId = signUp.json().data.user._id;
    const decided = await as(admin, 'PATCH', `/api/v1/users/update-account-status/${joanId}`, {
      accountAccepted: { status: 'approved' },
    });
    expect(decided.statusCode).toBe(200);
    const joans = await test.app.database.db
      .selectFrom('notifications')
      .select(['kind', 'title'])
      .where('user_id', '=', joanId)
      .execute();
    expect(joans).toEqual([{ kind: 'request_decision', title: 'Your account was approved' }]);
    const granted = await as(admin, 'PATCH', `/api/v1/users/${bob.id}/plan`, { planId: 'starter' });
    expect(granted.statusCode).toBe(200);
    expect(await waitForNotification(bob, 'plan_changed')).toMatchObject({
      title: 'Your plan is now Starter',
      link: '/dashboard/payment-plans',
    });
    expect((await mailsTo(test.app, bob.email)).map((mail) => mail.subject)).toContain(
      'Your plan is now Starter',
    );
  });

  it('tells the owner when a generation finished, linking to the collection', async () => {
    const projectId = await createFixtureProject(test.app, ada.cookie, { collectionSize: 4 });
    const started = await as(ada, 'POST', `/api/v1/projects/${projectId}/generate`);
    expect(started.statusCode).toBeLessThan(300);
    const collectionId = started.json().data.collection.id;
    const finished = await waitForNotification(ada, 'generation_finished');
    expect(finished).toMatchObject({ link: `/dashboard/collections/${collectionId}` });
    expect(finished.title).toMatch(/is ready$/);
    // Its mail (sent just after the notification is stored) names the Settings › Notification toggle it obeys.
    let mail: { text: string } | undefined;
    for (const deadline = Date.now() + 10_000; !mail && Date.now() < deadline; await setTimeout(50)) {
      mail = (await mailsTo(test.app, ada.email)).find((sent) => sent.subject === finished.title);
    }
    expect(mail?.text).toContain(
      'You receive this because Generation mails are on in Settings › Notification; turn them off there.',
    );
    expect(
      (await list(bob)).notifications.some((n: { kind: string }) => n.kind === 'generation_finished'),
    ).toBe(false);
  });

  it('tells the owner when a generation failed, with a reason they can read', async () => {
    const projectId = await createFixtureProject(test.app, ada.cookie, { collectionSize: 4 });
    // Its layer images are gone from storage, so the job cannot read them.
    const traits = join(test.dataDir, 'blobs', 'projects', projectId, 'traits');
    for (const file of await readdir(traits)) await rm(join(traits, file));
    const started = await as(ada, 'POST', `/api/v1/projects/${projectId}/generate`);
    expect(started.statusCode).toBe(202);
    const collectionId = started.json().data.collection.id;
    const failed = await waitForNotification(ada, 'generation_failed');
    expect(failed).toMatchObject({ link: `/dashboard/collections/${collectionId}` });
    expect(failed.title).toMatch(/could not be generated$/);
    // What the collection's progress says, not the storage key the job could not read.
    expect(failed.body).toBe(STORAGE_JOB_ERROR);
  });

  it('never shows anyone a notification of someone else, whatever its kind', async () => {
    const rows = await test.app.database.db
      .selectFrom('notifications')
      .select(['id', 'user_id', 'kind'])
      .execute();
    // The cases above made one of each kind but new messages and drop sales (their own tests cover those).
    expect(new Set(rows.map((row) => row.kind))).toEqual(
      new Set([
        'drop_deployed',
        'referral_signed_up',
        'account_waiting',
        'request_decision',
        'plan_changed',
        'generation_finished',
        'generation_failed',
      ]),
    );
    for (const user of [ada, bob, admin]) {
      const seen = (await list(user, '?pageSize=50')).notifications.map((n: { id: string }) => n.id).sort();
      const own = rows
        .filter((row) => row.user_id === user.id)
        .map((row) => row.id)
        .sort();
      expect(seen).toEqual(own);
      for (const row of rows.filter((other) => other.user_id !== user.id)) {
        expect((await as(user, 'POST', `/api/v1/notifications/${row.id}/read`)).statusCode).toBe(404);
      }
    }
  });
});
