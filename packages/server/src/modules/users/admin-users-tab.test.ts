import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import {
  createUser,
  createUserAndLogin,
  freshIp,
  type LoggedInUser,
  signedInUserId,
} from '../../../test/support/users.ts';
import { findUserById } from './users.repository.ts';

describe.each(databaseKinds)(
  'User Requests › Users (search, plan, deactivation, admin log) on %s',
  (kind) => {
    let test: TestApp;
    let admin: LoggedInUser;
    let member: LoggedInUser;

    beforeAll(async () => {
      test = await createTestApp(kind);
      admin = await createUserAndLogin(test.app, {
        role: 'admin',
        firstName: 'Ada',
        lastName: 'Admin',
        email: 'ada@example.com',
      });
      member = await createUserAndLogin(test.app);
    });
    afterAll(async () => {
      await test.close();
    });

    const as = (who: LoggedInUser | undefined) => (who ? { cookie: who.cookie } : {});
    const setActive = (id: string, payload: unknown, who: LoggedInUser | undefined = admin) =>
      test.app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${id}/active`,
        payload: payload as object,
        headers: as(who),
      });
    const actionsOf = async (id: string) =>
      (await test.app.inject({ method: 'GET', url: `/api/v1/users/${id}/admin-actions`, headers: as(admin) }))
        .json()
        .data.actions.map((entry: { action: string; detail: string; admin: { email: string } | null }) => [
          entry.action,
          entry.detail,
          entry.admin?.email,
        ]);
    const login = (email: string, password: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email, password },
        remoteAddress: freshIp(),
      });

    it('searches by name or email (case-insensitive, % taken literally), paged with a total', async () => {
      const fresh = await createTestApp(kind);
      try {
        const boss = await createUserAndLogin(fresh.app, { role: 'admin', email: 'boss@example.com' });
        await createUser(fresh.app, { firstName: 'Grace', lastName: 'Hopper', email: 'gh@navy.example' });
        await createUser(fresh.app, {
          firstName: 'Alan',
          lastName: 'Turing',
          email: 'grace.fan@example.com',
        });
        await createUser(fresh.app, { firstName: 'Linus', lastName: 'T', email: 'linus@example.com' });
        const find = async (query: string) =>
          (
            await fresh.app.inject({
              method: 'GET',
              url: `/api/v1/users${query}`,
              headers: { cookie: boss.cookie },
            })
          ).json().data;
        const grace = await find('?search=GRACE');
        expect(grace.total).toBe(2);
        expect(grace.users.map((user: { email: string }) => user.email)).toEqual([
          'grace.fan@example.com',
          'gh@navy.example',
        ]);
        expect(
          (await find('?search=grace%20hopper')).users.map((user: { email: string }) => user.email),
        ).toEqual(['gh@navy.example']);
        expect((await find('?search=%25')).total).toBe(0);
        const paged = await find('?search=example&page=2&pageSize=2');
        expect(paged).toMatchObject({ page: 2, pageSize: 2, total: 4 });
        expect(paged.users).toHaveLength(2);
        expect(paged.users[0]).toMatchObject({ planId: 'free', deactivatedAt: null });
        const tooLong = await fresh.app.inject({
          method: 'GET',
          url: `/api/v1/users?search=${'x'.repeat(101)}`,
          headers: { cookie: boss.cookie },
        });
        expect(tooLong.statusCode).toBe(400);
        expect(tooLong.json().error.fields).toEqual([
          { path: 'search', message: 'The search is at most 100 characters' },
        ]);
      } finally {
        await fresh.close();
      }
    });

    it('deactivates a user: sessions end, sign-in says deactivated; reactivating lets them in again', async () => {
      const target = await createUserAndLogin(test.app, { email: 'target@example.com' });
      expect(await signedInUserId(test.app, as(target))).toBe(target.id);

      const off = await setActive(target.id, { active: false });
      expect(off.statusCode).toBe(200);
      expect(off.json().data.deactivatedAt).toEqual(expect.any(String));
      expect(await signedInUserId(test.app, as(target))).toBeNull();
      const refused = await login(target.email, target.password);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'ACCOUNT_DEACTIVATED',
        message: 'Your account has been deactivated by an admin. Contact us if you think this is a mistake.',
      });
      const listed = (
        await test.app.inject({ method: 'GET', url: '/api/v1/users?search=target@', headers: as(admin) })
      ).json().data.users;
      expect(listed).toEqual([
        expect.objectContaining({ _id: target.id, deactivatedAt: expect.any(String) }),
      ]);

      const on = await setActive(target.id, { active: true });
      expect(on.statusCode).toBe(200);
      expect(on.json().data.deactivatedAt).toBeNull();
      expect((await login(target.email, target.password)).statusCode).toBe(200);
      // Reactivating an active user changes nothing and logs nothing.
      expect((await setActive(target.id, { active: true })).statusCode).toBe(200);
      expect(await actionsOf(target.id)).toEqual([
        ['reactivate', '', 'ada@example.com'],
        ['deactivate', '', 'ada@example.com'],
      ]);
    });

    it('logs approve, reject and plan changes with who, newest first', async () => {
      const user = await createUser(test.app, { accountStatus: 'pending' });
      const decide = (accountAccepted: object) =>
        test.app.inject({
          method: 'PATCH',
          url: `/api/v1/users/update-account-status/${user.id}`,
          payload: { accountAccepted },
          headers: as(admin),
        });
      expect((await decide({ status: 'approved' })).statusCode).toBe(200);
      const plan = await test.app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${user.id}/plan`,
        payload: { planId: 'pro' },
        headers: as(admin),
      });
      expect(plan.statusCode).toBe(200);
      expect((await decide({ status: 'rejected', reason: 'Spam' })).statusCode).toBe(200);
      expect(await actionsOf(user.id)).toEqual([
        ['reject', 'Spam', 'ada@example.com'],
        ['plan', 'free → pro', 'ada@example.com'],
        ['approve', 'OK', 'ada@example.com'],
      ]);
      const response = await test.app.inject({
        method: 'GET',
        url: `/api/v1/users/${user.id}/admin-actions`,
        headers: as(admin),
      });
      expect(response.json().data.actions[0]).toMatchObject({
        admin: { id: admin.id, name: 'Ada Admin', email: 'ada@example.com' },
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });

    it('refuses deactivating yourself, bad bodies and unknown users, writing nothing', async () => {
      const own = await setActive(admin.id, { active: false });
      expect(own.statusCode).toBe(403);
      expect(own.json().error.message).toBe('You cannot deactivate your own account.');
      expect(await signedInUserId(test.app, as(admin))).toBe(admin.id);

      const bad = await setActive(member.id, { active: 'no' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toEqual([{ path: 'active', message: 'Active must be true or false' }]);
      expect((await findUserById(test.app.database.db, member.id))?.deactivated_at).toBeNull();

      expect((await setActive('no-such-user', { active: false })).statusCode).toBe(404);
      const unknownLog = await test.app.inject({
        method: 'GET',
        url: '/api/v1/users/no-such-user/admin-actions',
        headers: as(admin),
      });
      expect(unknownLog.statusCode).toBe(404);
      const unknownPlan = await test.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/no-such-user/plan',
        payload: { planId: 'pro' },
        headers: as(admin),
      });
      expect(unknownPlan.statusCode).toBe(404);
      expect(await actionsOf(admin.id)).toEqual([]);
      expect(await actionsOf(member.id)).toEqual([]);
    });

    it.each([
      ['PATCH', '/api/v1/users/ID/active', { active: false }],
      ['GET', '/api/v1/users/ID/admin-actions', undefined],
    ] as const)(
      '%s %s is admin-only: 401 without a session, 403 for a user',
      async (method, path, payload) => {
        const target = await createUser(test.app);
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
        expect((await findUserById(test.app.database.db, target.id))?.deactivated_at).toBeNull();
      },
    );
  },
);
