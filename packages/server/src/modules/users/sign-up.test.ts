import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, freshIp, mailsTo } from '../../../test/support/users.ts';
import { findUserByEmail } from './users.repository.ts';

const pagePayload = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'Ada@Example.com',
  password: 'analytical-engine',
};

describe.each(databaseKinds)('sign-up, roles and GET /users/{id} on %s', (kind) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp(kind);
  });
  afterAll(async () => {
    await test.close();
  });

  const signUp = (payload: unknown, remoteAddress = freshIp()) =>
    test.app.inject({ method: 'POST', url: '/api/v1/users', payload: payload as object, remoteAddress });
  const userCount = async () =>
    Number(
      (
        await test.app.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('lists the roles as data.roles with _id and name', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/v1/roles' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'success',
      data: {
        roles: [
          { _id: 'user', name: 'user' },
          { _id: 'admin', name: 'admin' },
        ],
      },
    });
  });

  it('signs up with the page shape: role user whatever was sent, unverified, pending, a verification mail', async () => {
    const response = await signUp({ ...pagePayload, role: 'admin' });
    expect(response.statusCode).toBe(201);
    const { user } = response.json().data;
    expect(user).toMatchObject({
      name: { first: 'Ada', last: 'Lovelace' },
      email: 'ada@example.com',
      role: 'user',
      status: 'unverified',
      accountAccepted: { status: 'pending', reason: null },
      planId: 'free',
    });
    expect(response.headers['set-cookie']).toBeUndefined();
    const row = await findUserByEmail(test.app.database.db, 'ada@example.com');
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    const [mail] = await mailsTo(test.app, 'ada@example.com');
    expect(mail?.subject).toBe('Confirm your email for Layerloom');
    expect(mail?.text).toMatch(new RegExp(`http://localhost:3000/verify/${user._id}/[A-Za-z0-9_-]{43}`));
    expect(mail?.html).toContain('Layerloom');
  });

  it('signs up with the modal shape name.first/name.last', async () => {
    const response = await signUp({
      name: { first: 'Alan', last: 'Turing' },
      email: 'alan@example.com',
      password: 'enigma-machine',
      role: 'some-role-id',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.user).toMatchObject({
      name: { first: 'Alan', last: 'Turing' },
      role: 'user',
    });
  });

  it('refuses a duplicate email, whatever its case, with 409', async () => {
    const before = await userCount();
    const response = await signUp({ ...pagePayload, email: 'ADA@example.COM' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('CONFLICT');
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ ...pagePayload, email: 'v1@example.com', firstname: '' }, 'firstname', 'First name is required!'],
    [{ ...pagePayload, email: 'v2@example.com', lastname: undefined }, 'lastname', 'Last name is required!'],
    [
      { name: { first: 'A' }, email: 'v3@example.com', password: 'long enough' },
      'name.last',
      'Last name is required!',
    ],
    [{ ...pagePayload, email: 'not-an-email' }, 'email', 'Please enter a valid email address!'],
    [
      { ...pagePayload, email: 'v4@example.com', password: '12345' },
      'password',
      'Password must be at least 6 characters',
    ],
    [
      { ...pagePayload, email: 'v5@example.com', password: 'x'.repeat(129) },
      'password',
      'Password must be at most 128 characters',
    ],
    [
      { ...pagePayload, email: 'v6@example.com', password: 'Password123' },
      'password',
      'This password is too common; choose another one',
    ],
  ])('refuses invalid input naming the field and writes nothing (%#)', async (payload, path, message) => {
    const before = await userCount();
    const response = await signUp(payload);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual([{ path, message }]);
    expect(await userCount()).toBe(before);
  });

  it('rate limits sign-ups from one address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let index = 0; index < 11; index++) {
      statuses.push((await signUp({ ...pagePayload, email: `flood${index}@example.com` }, ip)).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
  });

  it('GET /users/{id}: self and admin see the user; someone else gets 403; no session gets 401', async () => {
    const owner = await createUserAndLogin(test.app, { firstName: 'Own', lastName: 'Er' });
    const other = await createUserAndLogin(test.app);
    const admin = await createUserAndLogin(test.app, { role: 'admin' });
    const url = `/api/v1/users/${owner.id}`;
    const self = await test.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
    expect(self.statusCode).toBe(200);
    expect(self.json().data.user).toMatchObject({ _id: owner.id, name: { first: 'Own', last: 'Er' } });
    expect(
      (await test.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } })).json().data.user._id,
    ).toBe(owner.id);
    const forbidden = await test.app.inject({ method: 'GET', url, headers: { cookie: other.cookie } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    expect((await test.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const missing = await test.app.inject({
      method: 'GET',
      url: '/api/v1/users/no-such-user',
      headers: { cookie: admin.cookie },
    });
    expect(missing.statusCode).toBe(404);
  });
});
