import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFiles } from '../../../test/support/multipart.ts';
import { createFixtureProject, createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import {
  createUserAndLogin,
  freshIp,
  type LoggedInUser,
  mailsTo,
  sessionCookieOf,
  signedInUserId,
} from '../../../test/support/users.ts';
import { totpCode } from '../auth/totp.ts';

type Rows = Record<string, unknown>[];

describe.each(databaseKinds)('deleting your own account on %s', (kind) => {
  let test: TestApp;
  let bob: LoggedInUser;

  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
    test.app.inject({ method, url, payload, remoteAddress: freshIp(), headers: cookie ? { cookie } : {} });
  const remove = (user: LoggedInUser, payload: object) =>
    call('POST', '/api/v1/account/delete', user.cookie, payload);

  /** Every row of every table, each table's rows sorted, so two snapshots compare as values. */
  async function tables(): Promise<Record<string, Rows>> {
    const db = test.app.database.db;
    const names = (await db.introspection.getTables())
      .map((table) => table.name)
      .filter((name) => !name.startsWith('kysely_'))
      .sort();
    // A full-text index's shadow tables hold its internal segments, whose bytes change with any write;
    // the index itself (its virtual table) is compared.
    const shadow = /^(.+)_(data|idx|docsize|config|content)$/;
    const compared = names.filter((name) => !names.includes(shadow.exec(name)?.[1] ?? ''));
    const snapshot: Record<string, Rows> = {};
    for (const name of compared) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
      snapshot[name] = rows.map((row) => JSON.parse(JSON.stringify(row))).sort(byJson);
    }
    return snapshot;
  }
  const byJson = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));

  /** Every file of the data folder with its bytes' length and content, but the SQLite database itself. */
  function dataFolder(): Record<string, string> {
    const files: Record<string, string> = {};
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (!/\.db(-wal|-shm|-journal)?$/.test(entry.name)) {
          files[relative(test.dataDir, path)] =
            `${statSync(path).size}:${readFileSync(path).toString('base64').slice(0, 64)}`;
        }
      }
    };
    walk(test.dataDir);
    return files;
  }

  beforeAll(async () => {
    test = await createTestApp(kind);
    // A bystander with work of their own, which must come through untouched.
    bob = await createUserAndLogin(test.app, { firstName: 'Bob' });
    await createFixtureProject(test.app, bob.cookie, { collectionSize: 4, name: 'Bob Cats' });
  }, 90_000);
  afterAll(async () => {
    await test?.close();
  });

  it('asks to sign in first', async () => {
    const response = await call('POST', '/api/v1/account/delete', undefined, {
      password: 'x',
      confirmation: 'DELETE',
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a wrong password, a wrong confirmation or a missing two-factor code, and keeps everything', async () => {
    const ada = await createUserAndLogin(test.app);
    const before = await tables();
    const wrongWord = await remove(ada, { password: ada.password, confirmation: 'delete me' });
    expect(wrongWord.statusCode).toBe(400);
    expect(wrongWord.json().error.fields).toContainEqual({
      path: 'confirmation',
      message: 'Type DELETE to confirm',
    });
    const wrongPassword = await remove(ada, { password: `${ada.password}x`, confirmation: 'DELETE' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.fields).toContainEqual({
      path: 'password',
      message: 'Your password is not correct.',
    });

    const started = await call('POST', '/api/v1/account/two-factor/start', ada.cookie);
    const { secret } = started.json().data as { secret: string };
    await call('POST', '/api/v1/account/two-factor/confirm', ada.cookie, {
      code: totpCode(secret, Date.now()),
    });
    const withTwoFactor = await tables();
    const noCode = await remove(ada, { password: ada.password, confirmation: 'DELETE' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error.fields).toContainEqual({
      path: 'code',
      message: 'Enter the 6-digit code from your app',
    });
    const wrongCode = await remove(ada, {
      password: ada.password,
      confirmation: 'DELETE',
      code: totpCode(secret, Date.now() + 10 * 30_000),
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error.fields?.[0]?.path).toBe('code');
    expect(await tables()).toEqual(withTwoFactor);
    expect(before.users).toEqual(withTwoFactor.users);
    expect(await signedInUserId(test.app, { cookie: ada.cookie })).toBe(ada.id);

    // The right code (the next step: the one used to switch it on cannot be replayed) deletes.
    const deleted = await remove(ada, {
      password: ada.password,
      confirmation: ' DELETE ',
      code: totpCode(secret, Date.now() + 30_000),
    });
    expect(deleted.statusCode).toBe(200);
  });

  it('refuses the last admin, and lets an admin go when another admin remains', async () => {
    const admins = await test.app.database.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .execute();
    await test.app.database.db
      .updateTable('users')
      .set({ role: 'user' })
      .where('role', '=', 'admin')
      .execute();
    const root = await createUserAndLogin(test.app, { role: 'admin' });
    const refused = await remove(root, { password: root.password, confirmation: 'DELETE' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'You are the only admin: make another account an admin before deleting yours.',
    );
    expect(await signedInUserId(test.app, { cookie: root.cookie })).toBe(root.id);
    await createUserAndLogin(test.app, { role: 'admin' });
    expect((await remove(root, { password: root.password, confirmation: 'DELETE' })).statusCode).toBe(200);
    if (admins.length > 0) {
      await test.app.database.db
        .updateTable('users')
        .set({ role: 'admin' })
        .where(
          'id',
          'in',
          admins.map((admin) => admin.id),
        )
        .execute();
    }
  });

  it('refuses while a collection has a contract verified on chain, naming it, and removes nothing', async () => {
    const ada = await createUserAndLogin(test.app);
    const collectionId = await createReadyCollection(test.app, ada.cookie, {
      collectionSize: 2,
      name: 'Live Cats',
    });
    await test.app.database.db
      .insertInto('deployments')
      .values({
        id: randomUUID(),
        collection_id: collectionId,
        owner_id: ada.id,
        chain_id: 1,
        address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        deployer: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        transaction_hash: `0x${'ab'.repeat(32)}`,
        block_number: '1',
        name: 'Live Cats',
        symbol: 'LIVE',
        max_supply: 2,
        status: 'verified',
        status_reason: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const before = await tables();
    const files = dataFolder();
    const refused = await remove(ada, { password: ada.password, confirmation: 'DELETE' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(
      /^Your account cannot be deleted while a collection has a live contract: Live Cats \(.+, 0x5FbDB2315678afecb367f032d93F642f64180aa3\)\. Collectors' tokens read its files and mint page from Layerloom\./,
    );
    expect(await tables()).toEqual(before);
    expect(dataFolder()).toEqual(files);
    expect(await signedInUserId(test.app, { cookie: ada.cookie })).toBe(ada.id);
  }, 60_000);

  it('removes every row and file of the user, keeps their payment anonymised, signs them out and says goodbye', async () => {
    const tablesBefore = await tables();
    const filesBefore = dataFolder();

    const ada = await createUserAndLogin(test.app, { firstName: 'Ada' });
    const otherDevice = sessionCookieOf(
      await call('POST', '/api/v1/users/login', undefined, { email: ada.email, password: ada.password }),
    );
    // Work: a generated collection (renders, thumbnails, a ZIP export) and a second project of layers.
    const collectionId = await createReadyCollection(test.app, ada.cookie, { collectionSize: 4 });
    const zip = await call('GET', `/api/v1/collections/${collectionId}/download/zip`, ada.cookie);
    expect(zip.statusCode).toBeLessThan(400);
    await createFixtureProject(test.app, ada.cookie, { collectionSize: 4, name: 'Drafts' });
    // An avatar, profile fields, notification choices.
    const avatar = multipartFiles([
      {
        filename: 'me.png',
        field: 'file',
        bytes: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a0f' } })
          .png()
          .toBuffer(),
      },
    ]);
    const uploaded = await test.app.inject({
      method: 'POST',
      url: '/api/v1/account/avatar',
      payload: avatar.payload,
      headers: { ...avatar.headers, cookie: ada.cookie },
    });
    expect(uploaded.statusCode).toBe(201);
    // A referral she made, and the one that names her as referred by Bob.
    const invitedEmail = `friend-${randomUUID().slice(0, 6)}@example.com`;
    const invited = await call('POST', '/api/v1/referrals/invitations', ada.cookie, { email: invitedEmail });
    expect(invited.statusCode).toBeLessThan(300);
    await test.app.database.db
      .insertInto('referrals')
      .values({
        id: randomUUID(),
        referrer_id: bob.id,
        email: ada.email,
        referred_user_id: ada.id,
        invited_at: null,
        last_invited_at: null,
        signed_up_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
      })
      .execute();
    // A plan bought through the local test checkout, and one checkout left open.
    const checkout = await call('POST', '/api/v1/billing/checkout', ada.cookie, { planId: 'starter' });
    const checkoutId = String(checkout.json().data.url).split('/').pop();
    expect(
      (await call('POST', `/api/v1/billing/test-checkout/${checkoutId}/pay`, ada.cookie)).statusCode,
    ).toBe(200);
    await call('POST', '/api/v1/billing/checkout', ada.cookie, { planId: 'pro' });
    const paymentsOfAda = await test.app.database.db
      .selectFrom('billing_payments')
      .selectAll()
      .where('user_id', '=', ada.id)
      .execute();
    expect(paymentsOfAda).toHaveLength(1);
    expect(Object.keys(dataFolder()).some((path) => path.includes(ada.id))).toBe(true);
    // Messages: a conversation with Bob (her text and image, his image reply, which rings his bell), her
    // block of Bob, and a support thread (her address in the text, an image) that support keeps.
    const sendImage = async (user: LoggedInUser, conversationId: string, background: string) => {
      const image = multipartFiles([
        {
          filename: 'photo.png',
          field: 'file',
          bytes: await sharp({ create: { width: 16, height: 12, channels: 3, background } })
            .png()
            .toBuffer(),
        },
      ]);
      const sent = await test.app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${conversationId}/images`,
        payload: image.payload,
        headers: { ...image.headers, cookie: user.cookie },
      });
      expect(sent.statusCode).toBe(201);
    };
    const started = await call('POST', '/api/v1/conversations', ada.cookie, { to: bob.email });
    const direct: string = started.json().data.conversation.id;
    const text = await call('POST', `/api/v1/conversations/${direct}/messages`, ada.cookie, {
      body: `Hi Bob, it is Ada (${ada.email})`,
    });
    expect(text.statusCode).toBe(201);
    await sendImage(ada, direct, '#f00');
    await sendImage(bob, direct, '#0f0');
    expect((await call('POST', `/api/v1/conversations/${direct}/block`, ada.cookie)).statusCode).toBe(200);
    const support: string = (await call('POST', '/api/v1/conversations/support', ada.cookie)).json().data
      .conversation.id;
    const toSupport = await call('POST', `/api/v1/conversations/${support}/messages`, ada.cookie, {
      body: `My export fails, write to ${ada.email}`,
    });
    expect(toSupport.statusCode).toBe(201);
    await sendImage(ada, support, '#00f');
    expect(Object.keys(dataFolder()).filter((path) => path.includes(direct))).toHaveLength(2);
    expect(Object.keys(dataFolder()).filter((path) => path.includes(support))).toHaveLength(1);
    const admins = await test.app.database.db
      .selectFrom('users')
      .select('email')
      .where('role', '=', 'admin')
      .execute();
    const bobsBell = async () => (await call('GET', '/api/v1/notifications', bob.cookie)).body;
    expect(await bobsBell()).toContain('New message from Ada');
    const toldBob: { type: string; data: unknown }[] = [];
    const stopListening = test.app.live.bus.subscribe(bob.id, (event) => toldBob.push(event));

    const response = await remove(ada, { password: ada.password, confirmation: 'DELETE' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ deleted: true });
    expect(String(response.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await signedInUserId(test.app, { cookie: ada.cookie })).toBeNull();
    expect(await signedInUserId(test.app, { cookie: otherDevice })).toBeNull();
    const login = await call('POST', '/api/v1/users/login', undefined, {
      email: ada.email,
      password: ada.password,
    });
    expect(login.statusCode).toBe(401);
    // Bob's side: the conversation left his list live, and nothing he sees names Ada any more.
    stopListening();
    expect(toldBob).toContainEqual(
      expect.objectContaining({ type: 'message', data: { conversationId: direct } }),
    );
    const bobsList = (await call('GET', '/api/v1/conversations', bob.cookie)).json().data;
    expect(bobsList.conversations.map((conversation: { id: string }) => conversation.id)).not.toContain(
      direct,
    );
    expect(bobsList.unread).toBe(0);
    expect((await call('GET', `/api/v1/conversations/${direct}/messages`, bob.cookie)).statusCode).toBe(404);
    for (const trace of [ada.email, 'Ada']) expect(await bobsBell()).not.toContain(trace);

    // The data folder is as it was before Ada.
    expect(dataFolder()).toEqual(filesBefore);
    // Every table is as it was before Ada, but for what accounting keeps (her payment and its checkout,
    // with no user), the payment provider's event ids, and the goodbye mail in the outbox.
    const after = await tables();
    const [payment] = paymentsOfAda;
    expect(after.billing_payments).toEqual(
      [...tablesBefore.billing_payments!, JSON.parse(JSON.stringify({ ...payment, user_id: null }))].sort(
        byJson,
      ),
    );
    const keptCheckouts = after.billing_checkouts!.filter(
      (row) => !tablesBefore.billing_checkouts!.some((old) => old.id === row.id),
    );
    expect(keptCheckouts).toEqual([
      expect.objectContaining({ id: checkoutId, user_id: null, status: 'paid' }),
    ]);
    const newMails = after.mail_outbox!.filter(
      (row) => !tablesBefore.mail_outbox!.some((old) => old.id === row.id),
    );
    // The outbox is the development mail transport: mails to Ada go, a mail already delivered to someone
    // else (her invitation, Bob's and support's new-message mails) is theirs, and the goodbye mail is the
    // last one she gets.
    expect(newMails.map((mail) => [mail.to_address, mail.subject]).sort()).toEqual(
      [
        [ada.email, 'Your Layerloom account was deleted'],
        [invitedEmail, 'Ada User invited you to Layerloom'],
        [bob.email, 'New message from Ada User'],
        ...admins.map((admin) => [admin.email, 'New message to Layerloom support from Ada User']),
      ].sort(),
    );
    // Support keeps her thread, with no link to her: no member, no sender, no address or user ID in the
    // text, 'Deleted account' for a name, and her image gone (its blob too, see the data folder above).
    const outside = (rows: Rows, column: string) => rows.filter((row) => row[column] !== support);
    expect(outside(after.conversations!, 'id')).toEqual(tablesBefore.conversations);
    expect(after.conversations!.find((row) => row.id === support)).toMatchObject({
      kind: 'support',
      pair_key: null,
      visitor_name: 'Deleted account',
      visitor_email: null,
    });
    expect(outside(after.messages!, 'conversation_id')).toEqual(tablesBefore.messages);
    const kept = after.messages!.filter((row) => row.conversation_id === support);
    expect(kept.map((row) => [row.sender_id, row.body, row.image_key, row.image_type]).sort()).toEqual(
      [
        [null, 'My export fails, write to [deleted account]', null, null],
        [null, '(An image, removed when the account was deleted)', null, null],
      ].sort(),
    );
    const rest = (snapshot: Record<string, Rows>) => {
      const {
        billing_payments: _payments,
        billing_checkouts: _checkouts,
        billing_events: _billingEvents,
        mail_outbox: _mails,
        conversations: _conversations,
        messages: _messages,
        user_events: _events,
        ...others
      } = snapshot;
      return others;
    };
    // The live events kept for reconnects: as before, but for the one telling Bob the conversation went.
    const newEvents = after.user_events!.filter(
      (row) => !tablesBefore.user_events!.some((old) => JSON.stringify(old) === JSON.stringify(row)),
    );
    expect(newEvents).toEqual([
      expect.objectContaining({
        user_id: bob.id,
        type: 'message',
        data: JSON.stringify({ conversationId: direct }),
      }),
    ]);
    expect(after.user_events!.length).toBe(tablesBefore.user_events!.length + 1);
    // conversation_members, user_blocks and notifications among them: every one as before Ada.
    expect(rest(after)).toEqual(rest(tablesBefore));
    expect(JSON.stringify(after)).not.toContain(ada.id);
    const { mail_outbox: _goodbye, ...withoutMail } = after;
    expect(JSON.stringify(withoutMail)).not.toContain(ada.email);
    const [goodbye] = await mailsTo(test.app, ada.email);
    expect(goodbye?.text).toContain('We keep only the payment records accounting law requires');
  }, 60_000);
});
