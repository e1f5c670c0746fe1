import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type SseConnection } from '../../../test/support/sse.ts';
import {
  createTestApp,
  createWebNodes,
  databaseKinds,
  type TestApp,
} from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';
import type { App } from '../../types.ts';

async function listen(app: App): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** Closes a listening test app; fetch's client may hold a spare connection that never sent a request, which is cut. */
async function closeListening(test: TestApp): Promise<void> {
  const closing = test.close();
  test.app.server.closeAllConnections();
  await closing;
}

describe.each(databaseKinds)('the live event stream on %s', (kind) => {
  let test: TestApp;
  let base: string;
  let ada: LoggedInUser;
  let bob: LoggedInUser;
  const streams: SseConnection[] = [];
  const open = async (user: LoggedInUser | null, lastEventId?: string) => {
    const stream = await openEventStream(`${base}/api/v1/events`, {
      ...(user ? { cookie: user.cookie } : {}),
      ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
    });
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    test = await createTestApp(kind, { LIVE_HEARTBEAT_MS: '150', LIVE_STREAMS_PER_USER: '3' });
    base = `${await listen(test.app)}`;
    ada = await createUserAndLogin(test.app, { firstName: 'Ada' });
    bob = await createUserAndLogin(test.app, { firstName: 'Bob' });
  }, 90_000);
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await closeListening(test);
  });

  it('answers 401 without a session and 400 for a Last-Event-ID that is not an event number', async () => {
    const anonymous = await open(null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    const bad = await open(ada, 'abc');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Last-Event-ID must be an event number');
  });

  it('delivers the user’s own events live, numbered, and never another user’s', async () => {
    const adaStream = await open(ada);
    const bobStream = await open(bob);
    await adaStream.waitFor((event) => event.type === 'ready');
    await bobStream.waitFor((event) => event.type === 'ready');
    const sent = await test.app.live.send(ada.id, 'notification', { title: 'Generation finished' });
    await test.app.live.send(bob.id, 'notification', { title: 'For Bob only' });
    const received = await adaStream.waitFor((event) => event.type === 'notification');
    expect(received).toEqual({
      id: String(sent.seq),
      type: 'notification',
      data: { title: 'Generation finished' },
    });
    await bobStream.waitFor((event) => event.type === 'notification');
    expect(adaStream.events.filter((event) => event.type === 'notification')).toHaveLength(1);
    expect(
      bobStream.events.filter((event) => event.type === 'notification').map((event) => event.data),
    ).toEqual([{ title: 'For Bob only' }]);
    adaStream.close();
    bobStream.close();
  });

  it('resumes from Last-Event-ID with every event sent while disconnected, and nothing before', async () => {
    const first = await open(ada);
    const ready = await first.waitFor((event) => event.type === 'ready');
    first.close();
    const missed = [];
    for (const title of ['one', 'two', 'three'])
      missed.push(await test.app.live.send(ada.id, 'notification', { title }));
    const resumed = await open(ada, ready.id);
    await resumed.waitFor((event) => event.type === 'ready');
    const titles = resumed.events
      .filter((event) => event.type === 'notification')
      .map((event) => [event.id, (event.data as { title: string }).title]);
    expect(titles).toEqual(missed.map((event, index) => [String(event.seq), ['one', 'two', 'three'][index]]));
    resumed.close();

    // A fresh connection (no Last-Event-ID) starts from now: the old events are not replayed.
    const fresh = await open(ada);
    const freshReady = await fresh.waitFor((event) => event.type === 'ready');
    expect(freshReady.id).toBe(String(missed[2]?.seq));
    expect(fresh.events.some((event) => event.type === 'notification')).toBe(false);
    fresh.close();
  });

  it('keeps the connection open with heartbeats and ends it when the session ends', async () => {
    const stream = await open(bob);
    await stream.waitFor((event) => event.type === ':' && event.data === 'heartbeat');
    const logout = await test.app.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { cookie: bob.cookie },
    });
    expect(logout.statusCode).toBe(200);
    for (const deadline = Date.now() + 5000; !stream.ended && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(stream.ended).toBe(true);
  });

  it('refuses more live connections than allowed for one user with a clear 429', async () => {
    const held = [await open(ada), await open(ada), await open(ada)];
    for (const stream of held) await stream.waitFor((event) => event.type === 'ready');
    const refused = await open(ada);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: { code: 'RATE_LIMITED', message: expect.stringContaining('Close another Layerloom tab') },
    });
    held[0]?.close();
    // Once one closes, a new one is accepted.
    let accepted: SseConnection | undefined;
    for (const deadline = Date.now() + 5000; Date.now() < deadline; ) {
      const attempt = await open(ada);
      if (attempt.status === 200) {
        accepted = attempt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(accepted?.status).toBe(200);
  });
});

describe('the live event stream across web nodes (PostgreSQL + Redis)', () => {
  let first: TestApp;
  let second: App;

  beforeAll(async () => {
    ({ first, second } = await createWebNodes());
  }, 90_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('an event sent through one node reaches a client connected to the other', async () => {
    const ada = await createUserAndLogin(first.app);
    const stream = await openEventStream(`${await listen(second)}/api/v1/events`, { cookie: ada.cookie });
    try {
      await stream.waitFor((event) => event.type === 'ready');
      const sent = await first.app.live.send(ada.id, 'notification', { title: 'From the other node' });
      const received = await stream.waitFor((event) => event.type === 'notification');
      expect(received).toEqual({
        id: String(sent.seq),
        type: 'notification',
        data: { title: 'From the other node' },
      });
    } finally {
      stream.close();
    }
  });
});
