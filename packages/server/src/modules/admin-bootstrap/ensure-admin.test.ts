import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUser, createUserAndLogin, signedInUserId } from '../../../test/support/users.ts';
import { findUserByEmail } from '../users/users.repository.ts';
import { describeEnsureAdmin, ensureAdmin, GENERATED_ADMIN_EMAIL } from './ensure-admin.ts';

describe.each(databaseKinds)('admin bootstrap on %s', (kind) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp(kind);
  });
  afterAll(async () => {
    await test.close();
  });

  const login = (email: string, password: string) =>
    test.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email, password } });

  it('creates an admin with a printed random password on first start, and nothing afterwards', async () => {
    const first = await ensureAdmin(test.app.database.db, undefined);
    expect(first.action).toBe('generated');
    if (first.action !== 'generated') return;
    expect(describeEnsureAdmin(first)).toContain(first.password);
    expect(first.password.length).toBeGreaterThanOrEqual(16);
    const response = await login(GENERATED_ADMIN_EMAIL, first.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({
      role: 'admin',
      status: 'verified',
      accountAccepted: { status: 'approved' },
    });
    const second = await ensureAdmin(test.app.database.db, undefined);
    expect(second).toEqual({ action: 'exists' });
    expect(describeEnsureAdmin(second)).toBeUndefined();
  });

  it('creates the ADMIN_EMAIL admin, then promotes and re-keys an existing account, ending its sessions', async () => {
    const created = await ensureAdmin(test.app.database.db, {
      email: 'Boss@Example.com',
      password: 'boss password 1',
    });
    expect(created).toEqual({ action: 'created', email: 'boss@example.com' });
    expect((await login('boss@example.com', 'boss password 1')).statusCode).toBe(200);
    expect(
      await ensureAdmin(test.app.database.db, { email: 'boss@example.com', password: 'boss password 1' }),
    ).toEqual({
      action: 'unchanged',
      email: 'boss@example.com',
    });

    const existing = await createUserAndLogin(test.app, { verified: false, accountStatus: 'pending' });
    const updated = await ensureAdmin(test.app.database.db, {
      email: existing.email,
      password: 'promoted password',
    });
    expect(updated.action).toBe('updated');
    const row = await findUserByEmail(test.app.database.db, existing.email);
    expect(row).toMatchObject({ role: 'admin', account_status: 'approved' });
    expect(row?.email_verified_at).not.toBeNull();
    expect(await signedInUserId(test.app, { cookie: existing.cookie })).toBeNull();
    expect((await login(existing.email, 'promoted password')).statusCode).toBe(200);
  });

  it('makes a user account with the same password an admin without ending its sessions', async () => {
    const user = await createUser(test.app, { password: 'same password' });
    expect(
      (await ensureAdmin(test.app.database.db, { email: user.email, password: 'same password' })).action,
    ).toBe('updated');
    expect((await findUserByEmail(test.app.database.db, user.email))?.role).toBe('admin');
  });
});

describe.each(databaseKinds)('admin bootstrap by web nodes started together on %s', (kind) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp(kind);
  });
  afterAll(async () => {
    await test.close();
  });

  it('creates one generated admin when several nodes start at once, the others finding it', async () => {
    const results = await Promise.all([1, 2, 3].map(() => ensureAdmin(test.app.database.db, undefined)));
    expect(results.filter((result) => result.action === 'generated')).toHaveLength(1);
    expect(results.filter((result) => result.action === 'exists')).toHaveLength(2);
  });

  it('creates the ADMIN_EMAIL admin once when several nodes start at once', async () => {
    const admin = { email: 'ops@example.com', password: 'a shared admin password' };
    const results = await Promise.all([1, 2, 3].map(() => ensureAdmin(test.app.database.db, admin)));
    expect(results.filter((result) => result.action === 'created')).toHaveLength(1);
    expect(results.filter((result) => result.action === 'unchanged')).toHaveLength(2);
    expect((await findUserByEmail(test.app.database.db, admin.email))?.role).toBe('admin');
  });
});
