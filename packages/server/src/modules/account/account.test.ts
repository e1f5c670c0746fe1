import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFiles } from '../../../test/support/multipart.ts';
import { createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUser, createUserAndLogin, type LoggedInUser, mailsTo } from '../../../test/support/users.ts';

const form = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '12 St James Square',
  city: 'London',
  state: 'Greater London',
  country: 'GB',
  zipcode: 'SW1Y 4JH',
};

const png = (width: number, height: number, background = '#2e86e4') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe.each(databaseKinds)('the account area on %s', (kind) => {
  let test: TestApp;
  let ada: LoggedInUser;
  let other: LoggedInUser;

  const as = (user: LoggedInUser | null) => {
    const headers = user ? { cookie: user.cookie } : {};
    return {
      get: (url: string) => test.app.inject({ method: 'GET', url, headers }),
      put: (url: string, payload: object) => test.app.inject({ method: 'PUT', url, payload, headers }),
      delete: (url: string) => test.app.inject({ method: 'DELETE', url, headers }),
      upload: (bytes: Uint8Array, filename = 'me.png') => {
        const body = multipartFiles([{ filename, bytes, field: 'file' }]);
        return test.app.inject({
          method: 'POST',
          url: '/api/v1/account/avatar',
          payload: body.payload,
          headers: { ...body.headers, ...headers },
        });
      },
    };
  };
  const confirm = (token: string) =>
    test.app.inject({ method: 'POST', url: '/api/v1/account/email-change/confirm', payload: { token } });
  const linkTokenIn = async (email: string) => {
    const [mail] = await mailsTo(test.app, email);
    const token = mail?.text.match(/\/confirm-email\/([A-Za-z0-9_-]+)/)?.[1];
    if (!token) throw new Error(`no confirmation link mailed to ${email}`);
    return token;
  };

  beforeAll(async () => {
    test = await createTestApp(kind);
    ada = await createUserAndLogin(test.app, { firstName: 'Augusta', lastName: 'Byron', planId: 'starter' });
    other = await createUserAndLogin(test.app);
  }, 90_000);
  afterAll(async () => {
    await test?.close();
  });

  it('answers 401 to every account call without a session', async () => {
    const anonymous = as(null);
    const answers = await Promise.all([
      anonymous.get('/api/v1/account/profile'),
      anonymous.get('/api/v1/account/referrals'),
      anonymous.put('/api/v1/account/profile', { ...form, email: 'x@example.com' }),
      anonymous.delete('/api/v1/account/email-change'),
      anonymous.upload(await png(64, 64)),
      anonymous.delete('/api/v1/account/avatar'),
      anonymous.get(`/api/v1/avatars/${ada.id}/0123456789abcdef01234567.webp`),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json().error.message).toBe('Please log in to continue.');
    }
  });

  it('shows the new user their profile with no address yet, their plan and nothing generated', async () => {
    const response = await as(ada).get('/api/v1/account/profile');
    expect(response.statusCode).toBe(200);
    const { profile, summary } = response.json().data;
    expect(profile.user).toMatchObject({
      _id: ada.id,
      name: { first: 'Augusta', last: 'Byron' },
      email: ada.email,
    });
    expect(profile).toMatchObject({
      address: null,
      city: null,
      country: null,
      zipcode: null,
      pendingEmail: null,
    });
    expect(summary).toEqual({ planId: 'starter', collections: 0, tokens: 0 });
  });

  it('refuses a bad form with one message per field and writes nothing', async () => {
    const response = await as(ada).put('/api/v1/account/profile', {
      ...form,
      firstName: '  ',
      lastName: 'L'.repeat(61),
      email: 'not-an-email',
      country: 'Narnia',
      zipcode: '<script>',
    });
    expect(response.statusCode).toBe(400);
    const fields = Object.fromEntries(
      (response.json().error.fields as { path: string; message: string }[]).map((f) => [f.path, f.message]),
    );
    expect(fields).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is at most 60 characters',
      email: 'Please enter a valid email address!',
      country: 'Choose a country from the list',
      zipcode: 'Zip code may hold only letters, digits, spaces and dashes',
    });
    const after = (await as(ada).get('/api/v1/account/profile')).json().data.profile;
    expect(after.user.name).toEqual({ first: 'Augusta', last: 'Byron' });
    expect(after.city).toBeNull();
  });

  it('saves names and address at once and keeps the email as it is', async () => {
    const response = await as(ada).put('/api/v1/account/profile', { ...form, email: ada.email });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.profile).toMatchObject({
      user: { name: { first: 'Ada', last: 'Lovelace' }, email: ada.email },
      address: '12 St James Square',
      city: 'London',
      state: 'Greater London',
      country: 'GB',
      zipcode: 'SW1Y 4JH',
      pendingEmail: null,
    });
    const session = (await as(ada).get('/api/v1/session')).json().data.user;
    expect(session.name).toEqual({ first: 'Ada', last: 'Lovelace' });
    // Emptied optional fields are cleared.
    const cleared = await as(ada).put('/api/v1/account/profile', { ...form, email: ada.email, state: '' });
    expect(cleared.json().data.profile.state).toBeNull();
  });

  it("refuses another account's email with a field message and changes nothing", async () => {
    const response = await as(ada).put('/api/v1/account/profile', {
      ...form,
      city: 'Paris',
      email: other.email,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields).toEqual([
      { path: 'email', message: 'This email is already used by another account' },
    ]);
    expect((await as(ada).get('/api/v1/account/profile')).json().data.profile.city).toBe('London');
    expect(await mailsTo(test.app, other.email)).toEqual([]);
  });

  it('changes the email only once the link mailed to the new address is opened, telling the old one', async () => {
    const oldEmail = ada.email;
    const requested = await as(ada).put('/api/v1/account/profile', { ...form, email: 'Ada.New@Example.com' });
    expect(requested.statusCode).toBe(200);
    expect(requested.json().data.profile).toMatchObject({
      user: { email: oldEmail },
      pendingEmail: 'ada.new@example.com',
    });
    // Saving again with the same new address mails no second link.
    await as(ada).put('/api/v1/account/profile', { ...form, email: 'ada.new@example.com' });
    expect(await mailsTo(test.app, 'ada.new@example.com')).toHaveLength(1);
    const [notice] = await mailsTo(test.app, oldEmail);
    expect(notice?.text).toContain('asked to change its email to ada.new@example.com');

    const token = await linkTokenIn('ada.new@example.com');
    expect((await confirm('not-the-token')).json().error.message).toBe(
      'This confirmation link is not valid. Save your new email again to get a new one.',
    );
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toEqual({ email: 'ada.new@example.com' });
    const profile = (await as(ada).get('/api/v1/account/profile')).json().data.profile;
    expect(profile.user.email).toBe('ada.new@example.com');
    expect(profile.pendingEmail).toBeNull();
    const [changed] = await mailsTo(test.app, oldEmail);
    expect(changed?.text).toContain('is now ada.new@example.com');

    // Single use.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('TOKEN_INVALID');
    // The new address signs in; the old one does not.
    const login = (email: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email, password: ada.password },
      });
    expect((await login('ada.new@example.com')).statusCode).toBe(200);
    expect((await login(oldEmail)).statusCode).toBe(401);
    ada = { ...ada, email: 'ada.new@example.com' };
  });

  it('cancels a pending email change so its link no longer works', async () => {
    await as(ada).put('/api/v1/account/profile', { ...form, email: 'ada.third@example.com' });
    const token = await linkTokenIn('ada.third@example.com');
    const cancelled = await as(ada).delete('/api/v1/account/email-change');
    expect(cancelled.json().data.profile.pendingEmail).toBeNull();
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await as(ada).get('/api/v1/account/profile')).json().data.profile.user.email).toBe(ada.email);
  });

  it('refuses a confirmation when the address was taken in the meantime', async () => {
    await as(other).put('/api/v1/account/profile', { ...form, email: 'contested@example.com' });
    const token = await linkTokenIn('contested@example.com');
    await createUser(test.app, { email: 'contested@example.com' });
    const response = await confirm(token);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('This email is already used by another account');
    expect((await as(other).get('/api/v1/account/profile')).json().data.profile.user.email).toBe(other.email);
  });

  it('refuses pictures that are not images, empty or corrupt, and stores nothing', async () => {
    const text = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'.repeat(3),
    );
    const cut = (await png(300, 300)).subarray(0, 120);
    const cases: [Uint8Array, string][] = [
      [text, 'The file is not a supported picture (use PNG, JPEG, GIF or WebP)'],
      [Buffer.alloc(10), 'The file is empty or too small to be a picture'],
      [cut, 'The picture is corrupt or cut short and cannot be read'],
    ];
    for (const [bytes, message] of cases) {
      const response = await as(ada).upload(bytes, 'avatar.png');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual([{ path: 'avatar', message }]);
    }
    const big = await as(ada).upload(Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe('The picture is too big: at most 5 MB');
    expect((await as(ada).get('/api/v1/session')).json().data.user.avatar).toBeNull();
    const stored: string[] = [];
    for await (const key of test.app.blobs.list(`avatars/${ada.id}`)) stored.push(key);
    expect(stored).toEqual([]);
  });

  it('stores an avatar as a 256 px WebP, serves it to signed-in users and replaces it', async () => {
    const response = await as(ada).upload(await png(800, 500));
    expect(response.statusCode).toBe(201);
    const url: string = response.json().data.user.avatar;
    expect(url).toMatch(new RegExp(`^/api/v1/avatars/${ada.id}/[0-9a-f]{24}\\.webp$`));
    expect((await as(ada).get('/api/v1/session')).json().data.user.avatar).toBe(url);
    const image = await as(other).get(url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });

    const replaced = (await as(ada).upload(await png(64, 64, '#e4572e'))).json().data.user.avatar;
    expect(replaced).not.toBe(url);
    expect((await as(ada).get(url)).statusCode).toBe(404);
    expect((await as(ada).get(replaced)).statusCode).toBe(200);

    const removed = await as(ada).delete('/api/v1/account/avatar');
    expect(removed.json().data.user.avatar).toBeNull();
    expect((await as(ada).get(replaced)).statusCode).toBe(404);
    const stored: string[] = [];
    for await (const key of test.app.blobs.list(`avatars/${ada.id}`)) stored.push(key);
    expect(stored).toEqual([]);
  });

  it('counts the collections and the tokens generated', async () => {
    const maker = await createUserAndLogin(test.app, { planId: 'pro' });
    await createReadyCollection(test.app, maker.cookie, { collectionSize: 3 });
    const summary = (await as(maker).get('/api/v1/account/profile')).json().data.summary;
    expect(summary).toEqual({ planId: 'pro', collections: 1, tokens: 3 });
  }, 60_000);

  it('lists the people the user referred, newest first, a page at a time, numbered across pages', async () => {
    const referrer = await createUserAndLogin(test.app);
    const friend = await createUser(test.app, { firstName: 'Grace', lastName: 'Hopper', planId: 'pro' });
    const db = test.app.database.db;
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 10, minute)).toISOString();
    for (let index = 1; index <= 11; index++) {
      await db
        .insertInto('referrals')
        .values({
          id: `ref-${referrer.id}-${index}`,
          referrer_id: referrer.id,
          email: `invited-${index}@example.com`,
          referred_user_id: null,
          invited_at: at(index),
          last_invited_at: at(index),
          signed_up_at: null,
          created_at: at(index),
        })
        .execute();
    }
    await db
      .insertInto('referrals')
      .values({
        id: `ref-${referrer.id}-friend`,
        referrer_id: referrer.id,
        email: friend.email,
        referred_user_id: friend.id,
        invited_at: null,
        last_invited_at: null,
        signed_up_at: at(30),
        created_at: at(30),
      })
      .execute();
    await db
      .updateTable('users')
      .set({ avatar: '/api/v1/avatars/x/0123456789abcdef01234567.webp' })
      .where('id', '=', friend.id)
      .execute();

    const first = await as(referrer).get('/api/v1/account/referrals?pageSize=5');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ page: 1, pageSize: 5, total: 12 });
    expect(first.json().data.referrals[0]).toEqual({
      no: 1,
      name: 'Grace Hopper',
      avatar: '/api/v1/avatars/x/0123456789abcdef01234567.webp',
      email: friend.email,
      status: 'paying',
    });
    expect(first.json().data.referrals[1]).toEqual({
      no: 2,
      name: null,
      avatar: null,
      email: 'invited-11@example.com',
      status: 'invited',
    });
    const last = (await as(referrer).get('/api/v1/account/referrals?page=3&pageSize=5')).json().data;
    expect(last.referrals.map((row: { no: number; email: string }) => [row.no, row.email])).toEqual([
      [11, 'invited-2@example.com'],
      [12, 'invited-1@example.com'],
    ]);
    // Nobody else's referrals.
    const others = (await as(other).get('/api/v1/account/referrals')).json().data;
    expect(others).toMatchObject({ referrals: [], total: 0 });
    const tooMany = await as(referrer).get('/api/v1/account/referrals?pageSize=500');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields).toEqual([{ path: 'pageSize', message: 'At most 50 per page' }]);
  });
});
