import { MESSAGE_MAX_LENGTH, MESSAGES_PER_MINUTE } from '@layerloom/api';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFiles } from '../../../test/support/multipart.ts';
import { openEventStream } from '../../../test/support/sse.ts';
import {
  createTestApp,
  createWebNodes,
  databaseKinds,
  type TestApp,
} from '../../../test/support/test-app.ts';
import { createUserAndLogin, freshIp, type LoggedInUser, mailsTo } from '../../../test/support/users.ts';
import type { App } from '../../types.ts';

const png = (width = 32, height = 24) =>
  sharp({ create: { width, height, channels: 3, background: '#2e86e4' } })
    .png()
    .toBuffer();

/** Calls the API as one user (or nobody). */
function client(app: App, user: LoggedInUser | null) {
  const headers = user ? { cookie: user.cookie } : {};
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload?: object) => app.inject({ method: 'POST', url, headers, payload }),
    delete: (url: string) => app.inject({ method: 'DELETE', url, headers }),
    image: (url: string, bytes: Uint8Array, filename = 'photo.png') => {
      const body = multipartFiles([{ filename, bytes, field: 'file' }]);
      return app.inject({
        method: 'POST',
        url,
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    },
  };
}

async function counts(app: App) {
  const db = app.database.db;
  const count = async (table: 'messages' | 'conversations' | 'user_blocks') =>
    Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  return { messages: await count('messages'), conversations: await count('conversations') };
}

describe.each(databaseKinds)('Messages on %s', (kind) => {
  let test: TestApp;
  let app: App;
  let ada: LoggedInUser;
  let bob: LoggedInUser;
  let carol: LoggedInUser;
  let admin: LoggedInUser;
  let direct: string;

  beforeAll(async () => {
    test = await createTestApp(kind);
    app = test.app;
    ada = await createUserAndLogin(app, { firstName: 'Ada', lastName: 'Lovelace' });
    bob = await createUserAndLogin(app, { firstName: 'Bob', lastName: 'Stone' });
    carol = await createUserAndLogin(app, { firstName: 'Carol', lastName: 'Outsider' });
    admin = await createUserAndLogin(app, { firstName: 'Grace', lastName: 'Admin', role: 'admin' });
  }, 90_000);
  afterAll(async () => {
    await test?.close();
  });

  it('starts a conversation by email, delivers a message live with a notification, and shows the read receipt', async () => {
    const started = await client(app, ada).post('/api/v1/conversations', { to: bob.email.toUpperCase() });
    expect(started.statusCode).toBe(200);
    const conversation = started.json().data.conversation;
    expect(conversation).toMatchObject({ kind: 'direct', counterpart: { name: 'Bob Stone', id: bob.id } });
    direct = conversation.id;
    // By user ID, from the other side: the same conversation.
    const again = await client(app, bob).post('/api/v1/conversations', { to: ada.id });
    expect(again.json().data.conversation.id).toBe(direct);

    const heard: { userId: string; type: string }[] = [];
    const stop = app.live.bus.subscribe(bob.id, (event) => heard.push(event));
    const sent = await client(app, ada).post(`/api/v1/conversations/${direct}/messages`, {
      body: '  Hello Bob, see https://layerloom.example/x <b>bold</b>  ',
    });
    stop();
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data.message).toMatchObject({
      body: 'Hello Bob, see https://layerloom.example/x <b>bold</b>',
      mine: true,
      read: false,
      sender: { kind: 'user', name: 'Ada Lovelace' },
    });
    expect(heard.map((event) => event.type)).toEqual(['message', 'notification']);

    const bobList = (await client(app, bob).get('/api/v1/conversations')).json().data;
    expect(bobList.unread).toBe(1);
    expect(bobList.conversations[0]).toMatchObject({
      id: direct,
      unread: 1,
      counterpart: { name: 'Ada Lovelace' },
      lastMessage: { mine: false, preview: 'Hello Bob, see https://layerloom.example/x <b>bold</b>' },
    });
    const bell = (await client(app, bob).get('/api/v1/notifications')).json().data.notifications;
    expect(bell[0]).toMatchObject({
      kind: 'new_message',
      title: 'New message from Ada Lovelace',
      link: `/dashboard/messages/${direct}`,
    });
    // A second unread message does not ring the bell again.
    await client(app, ada).post(`/api/v1/conversations/${direct}/messages`, { body: 'Are you there?' });
    const bellAgain = (await client(app, bob).get('/api/v1/notifications')).json().data;
    expect(bellAgain.notifications.filter((n: { kind: string }) => n.kind === 'new_message')).toHaveLength(1);

    const read = await client(app, bob).post(`/api/v1/conversations/${direct}/read`);
    expect(read.json().data.unread).toBe(0);
    const adaView = (await client(app, ada).get(`/api/v1/conversations/${direct}/messages`)).json().data;
    expect(adaView.messages.map((m: { read: boolean; mine: boolean }) => [m.mine, m.read])).toEqual([
      [true, true],
      [true, true],
    ]);
  });

  it('pages messages oldest first and finds conversations by name or text', async () => {
    await client(app, bob).post(`/api/v1/conversations/${direct}/messages`, {
      body: 'Yes, about the gold hat',
    });
    const newest = (await client(app, ada).get(`/api/v1/conversations/${direct}/messages?limit=2`)).json()
      .data;
    expect(newest.hasMore).toBe(true);
    expect(newest.messages.map((m: { body: string }) => m.body)).toEqual([
      'Are you there?',
      'Yes, about the gold hat',
    ]);
    const older = (
      await client(app, ada).get(
        `/api/v1/conversations/${direct}/messages?limit=2&before=${newest.messages[0].id}`,
      )
    ).json().data;
    expect(older.hasMore).toBe(false);
    expect(older.messages).toHaveLength(1);
    for (const q of ['bob', 'GOLD hat', 'stone']) {
      const found = (await client(app, ada).get(`/api/v1/conversations?q=${encodeURIComponent(q)}`)).json()
        .data;
      expect(found.conversations.map((c: { id: string }) => c.id)).toEqual([direct]);
    }
    const none = (await client(app, ada).get('/api/v1/conversations?q=100%25_')).json().data;
    expect(none.conversations).toEqual([]);
  });

  it('answers 404 to anyone not in the conversation, and 401 without a session, writing nothing', async () => {
    const before = await counts(app);
    const image = await png();
    const outsider = client(app, carol);
    for (const response of [
      await outsider.get(`/api/v1/conversations/${direct}`),
      await outsider.get(`/api/v1/conversations/${direct}/messages`),
      await outsider.post(`/api/v1/conversations/${direct}/messages`, { body: 'Let me in' }),
      await outsider.image(`/api/v1/conversations/${direct}/images`, image),
      await outsider.post(`/api/v1/conversations/${direct}/read`),
      await outsider.post(`/api/v1/conversations/${direct}/block`),
      await outsider.post(`/api/v1/conversations/${direct}/report`, { reason: 'spam here' }),
      // Admins answer support conversations only: a direct one is not theirs to read.
      await client(app, admin).get(`/api/v1/conversations/${direct}/messages`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Conversation not found' });
    }
    const nobody = client(app, null);
    for (const response of [
      await nobody.get('/api/v1/conversations'),
      await nobody.post('/api/v1/conversations', { to: bob.email }),
      await nobody.post('/api/v1/conversations/support'),
      await nobody.get(`/api/v1/conversations/${direct}/messages`),
      await nobody.post(`/api/v1/conversations/${direct}/messages`, { body: 'hi' }),
      await nobody.image(`/api/v1/conversations/${direct}/images`, image),
      await nobody.post(`/api/v1/conversations/${direct}/read`),
      await nobody.delete(`/api/v1/conversations/${direct}/block`),
    ]) {
      expect(response.statusCode).toBe(401);
    }
    expect(await counts(app)).toEqual(before);
  });

  it('refuses bad input with a clear 400 (or 404 for an unknown person) and writes nothing', async () => {
    const before = await counts(app);
    const as = client(app, ada);
    const empty = await as.post(`/api/v1/conversations/${direct}/messages`, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual([{ path: 'body', message: 'Write a message first' }]);
    const long = await as.post(`/api/v1/conversations/${direct}/messages`, {
      body: 'x'.repeat(MESSAGE_MAX_LENGTH + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields[0].message).toBe(
      `A message has at most ${MESSAGE_MAX_LENGTH} characters`,
    );
    expect((await as.post('/api/v1/conversations/not-a-uuid/messages', { body: 'x' })).statusCode).toBe(400);
    const unknown = await as.post('/api/v1/conversations', { to: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('No Layerloom user has this email or user ID');
    const self = await as.post('/api/v1/conversations', { to: ada.email });
    expect(self.statusCode).toBe(400);
    const fake = await as.image(`/api/v1/conversations/${direct}/images`, Buffer.from('not really a png'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.message).toContain('not an image Layerloom can read');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect((await as.image(`/api/v1/conversations/${direct}/images`, svg, 'x.png')).statusCode).toBe(400);
    const huge = await as.image(`/api/v1/conversations/${direct}/images`, Buffer.alloc(6 * 1024 * 1024, 1));
    expect(huge.statusCode).toBe(413);
    expect(await counts(app)).toEqual(before);
  });

  it('stores an image checked by content and serves it only to the conversation', async () => {
    const bytes = await png(40, 30);
    const sent = await client(app, ada).image(`/api/v1/conversations/${direct}/images`, bytes, 'cat.txt');
    expect(sent.statusCode).toBe(201);
    const { image } = sent.json().data.message;
    expect(image).toMatchObject({ width: 40, height: 30 });
    const served = await client(app, bob).get(image.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
    expect((await client(app, carol).get(image.url)).statusCode).toBe(404);
  });

  it('blocks a user: nothing they send arrives until unblocked', async () => {
    const blocked = await client(app, bob).post(`/api/v1/conversations/${direct}/block`);
    expect(blocked.json().data.conversation.blocked).toBe(true);
    const before = await counts(app);
    const heard: unknown[] = [];
    const stop = app.live.bus.subscribe(bob.id, (event) => heard.push(event));
    const refused = await client(app, ada).post(`/api/v1/conversations/${direct}/messages`, {
      body: 'Hello?',
    });
    stop();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Bob Stone does not accept messages from you.');
    expect(heard).toEqual([]);
    const own = await client(app, bob).post(`/api/v1/conversations/${direct}/messages`, { body: 'Hi' });
    expect(own.statusCode).toBe(409);
    expect(own.json().error.message).toContain('Unblock them');
    expect(await counts(app)).toEqual(before);
    const unblocked = await client(app, bob).delete(`/api/v1/conversations/${direct}/block`);
    expect(unblocked.json().data.conversation.blocked).toBe(false);
    expect(
      (await client(app, ada).post(`/api/v1/conversations/${direct}/messages`, { body: 'Hello again' }))
        .statusCode,
    ).toBe(201);
  });

  it('support: the user writes to Layerloom support, only admins see the inbox, the reply comes as support', async () => {
    const opened = await client(app, ada).post('/api/v1/conversations/support');
    const support = opened.json().data.conversation;
    expect(support).toMatchObject({
      kind: 'support',
      counterpart: { kind: 'support', name: 'Layerloom support' },
    });
    const emptyInbox = (await client(app, admin).get('/api/v1/conversations?box=support')).json().data;
    expect(emptyInbox.conversations.map((c: { id: string }) => c.id)).not.toContain(support.id);
    await client(app, ada).post(`/api/v1/conversations/${support.id}/messages`, { body: 'My export fails' });

    const refused = await client(app, ada).get('/api/v1/conversations?box=support');
    expect(refused.statusCode).toBe(403);
    expect((await client(app, carol).get(`/api/v1/conversations/${support.id}/messages`)).statusCode).toBe(
      404,
    );

    const inbox = (await client(app, admin).get('/api/v1/conversations?box=support')).json().data;
    expect(inbox.conversations.find((c: { id: string }) => c.id === support.id)).toMatchObject({
      asSupport: true,
      unread: 1,
      counterpart: { kind: 'user', name: 'Ada Lovelace', email: ada.email },
    });
    // The admin's own list does not hold other people's support conversations.
    const own = (await client(app, admin).get('/api/v1/conversations')).json().data.conversations;
    expect(own.map((c: { id: string }) => c.id)).not.toContain(support.id);

    const reply = await client(app, admin).post(`/api/v1/conversations/${support.id}/messages`, {
      body: 'We are on it',
    });
    expect(reply.json().data.message).toMatchObject({ mine: true, sender: { kind: 'support' } });
    const adaSees = (await client(app, ada).get(`/api/v1/conversations/${support.id}/messages`)).json().data;
    expect(
      adaSees.messages.map((m: { sender: { name: string }; mine: boolean; read: boolean }) => m),
    ).toMatchObject([
      { body: 'My export fails', mine: true, read: true },
      { body: 'We are on it', mine: false, sender: { kind: 'support', name: 'Layerloom support' } },
    ]);
  });

  it('the contact form lands in the support inbox and the reply is mailed to a visitor without an account', async () => {
    const contact = await app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      remoteAddress: freshIp(),
      payload: {
        name: 'Vera Visitor',
        email: `vera-${kind}@example.com`,
        subject: 'Pricing question',
        message: 'Do you offer a plan for schools?',
      },
    });
    expect(contact.statusCode).toBe(201);
    const inbox = (await client(app, admin).get('/api/v1/conversations?box=support&q=vera')).json().data;
    const conversation = inbox.conversations[0];
    expect(conversation).toMatchObject({
      subject: 'Pricing question',
      counterpart: { kind: 'visitor', name: 'Vera Visitor', email: `vera-${kind}@example.com` },
      unread: 1,
    });
    await client(app, admin).post(`/api/v1/conversations/${conversation.id}/messages`, {
      body: 'Yes: write to us with your school name.',
    });
    const bell = (await client(app, admin).get('/api/v1/notifications')).json().data.notifications;
    expect(bell[0]).toMatchObject({
      kind: 'new_message',
      title: 'Contact form: Pricing question',
      link: `/dashboard/messages/${conversation.id}?box=support`,
    });
    const [mail] = await mailsTo(app, `vera-${kind}@example.com`);
    expect(mail?.subject).toBe('Re: Pricing question');
    expect(mail?.text).toContain('Yes: write to us with your school name.');
  });

  it('reports a conversation to support with its last messages', async () => {
    const reported = await client(app, bob).post(`/api/v1/conversations/${direct}/report`, {
      reason: 'Unwanted offers',
    });
    expect(reported.statusCode).toBe(201);
    const { supportConversationId } = reported.json().data;
    const messages = (
      await client(app, admin).get(`/api/v1/conversations/${supportConversationId}/messages`)
    ).json().data.messages;
    expect(messages[0].body).toContain('Reason: Unwanted offers');
    expect(messages[0].body).toContain('Ada Lovelace: Hello again');
    const support = (await client(app, admin).get(`/api/v1/conversations/${supportConversationId}`)).json()
      .data;
    expect(support.conversation.subject).toBe('Report: conversation with Ada Lovelace');
    const cannot = await client(app, ada).post(`/api/v1/conversations/${supportConversationId}/report`, {
      reason: 'x x x',
    });
    expect(cannot.statusCode).toBe(404);
  });

  it('limits how many messages a user sends a minute', async () => {
    const dan = await createUserAndLogin(app, { firstName: 'Dan' });
    const { conversation } = (await client(app, dan).post('/api/v1/conversations/support')).json().data;
    const statuses: number[] = [];
    for (let index = 0; index <= MESSAGES_PER_MINUTE; index++) {
      const response = await client(app, dan).post(`/api/v1/conversations/${conversation.id}/messages`, {
        body: `message ${index}`,
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json().error.code).toBe('RATE_LIMITED');
    }
    expect(statuses).toEqual([...Array(MESSAGES_PER_MINUTE).fill(201), 429]);
  });
});

describe('Messages across web nodes (PostgreSQL + Redis)', () => {
  let first: TestApp;
  let second: App;

  beforeAll(async () => {
    ({ first, second } = await createWebNodes());
  }, 90_000);
  afterAll(async () => {
    second?.server.closeAllConnections();
    await second?.close();
    await first?.close();
  });

  it('a message sent through one node reaches the other user on an events client of the other node', async () => {
    const ada = await createUserAndLogin(first.app, { firstName: 'Ada' });
    const bob = await createUserAndLogin(first.app, { firstName: 'Bob' });
    const base = await second.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openEventStream(`${base}/api/v1/events`, { cookie: bob.cookie });
    try {
      await stream.waitFor((event) => event.type === 'ready');
      const { conversation } = (
        await client(first.app, ada).post('/api/v1/conversations', { to: bob.email })
      ).json().data;
      const sent = await client(first.app, ada).post(`/api/v1/conversations/${conversation.id}/messages`, {
        body: 'Across nodes',
      });
      expect(sent.statusCode).toBe(201);
      const received = await stream.waitFor((event) => event.type === 'message');
      expect(received.data).toEqual({ conversationId: conversation.id });
      const page = (
        await client(second, bob).get(`/api/v1/conversations/${conversation.id}/messages`)
      ).json();
      expect(page.data.messages.map((m: { body: string }) => m.body)).toEqual(['Across nodes']);
    } finally {
      stream.close();
    }
  });
});
