import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReadyCollection } from '../../../test/support/project-fixture.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';
import { emitWebhookEvent } from './webhooks.service.ts';

const ORIGIN = 'http://localhost:3000';

/**
 * A receiver written from the documentation alone (the Standard Webhooks scheme): the key is the base64
 * after `whsec_`; the signed content is `${webhook-id}.${webhook-timestamp}.${body}`; `webhook-signature`
 * holds `v1,<base64 HMAC-SHA256>` entries separated by spaces; the timestamp must be within 5 minutes.
 */
function verifyFromDocs(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = String(headers['webhook-id']);
  const timestamp = Number(headers['webhook-timestamp']);
  if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const [version, signature] = entry.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver answering the statuses queued in `answers` (200 once they run out). */
async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = answers.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, answers, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(25);
  }
}

describe.each(databaseKinds)('webhooks on %s', (kind) => {
  let test: TestApp;
  let owner: LoggedInUser;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    // Retries wait 1 ms × 4^n here (30 s × 4^n by default).
    test = await createTestApp(kind, { WEBHOOK_RETRY_BASE_MS: '1' });
    owner = await createUserAndLogin(test.app);
    receiver = await startReceiver();
  }, 90_000);
  afterAll(async () => {
    await receiver?.close();
    await test?.close();
  });
  beforeEach(async () => {
    // Each test starts with no endpoints, so an event reaches only the endpoint the test made.
    await test.app.database.db.deleteFrom('webhook_endpoints').execute();
    receiver.received.length = 0;
    receiver.answers.length = 0;
  });

  const asUser = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    cookie = owner.cookie,
  ) => test.app.inject({ method, url, payload, headers: { cookie, origin: ORIGIN } });

  const addEndpoint = async (events: string[]) => {
    const response = await asUser('POST', '/api/v1/webhooks', { url: receiver.url, events });
    expect(response.statusCode).toBe(201);
    return response.json().data as { endpoint: { id: string; secretPrefix: string }; secret: string };
  };
  const deliveries = async (id: string) =>
    (await asUser('GET', `/api/v1/webhooks/${id}/deliveries`)).json().data.deliveries as {
      id: string;
      eventType: string;
      status: string;
      attempts: number;
      responseStatus: number | null;
      durationMs: number | null;
      error: string | null;
    }[];

  it('shows the signing secret once and lists the endpoint without it', async () => {
    const { endpoint, secret } = await addEndpoint(['generation.finished']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint.secretPrefix).toBe(secret.slice(0, 10));
    const listed = await asUser('GET', '/api/v1/webhooks');
    expect(listed.body).not.toContain(secret);
    expect(listed.json().data.endpoints).toContainEqual(
      expect.objectContaining({
        id: endpoint.id,
        url: receiver.url,
        events: ['generation.finished'],
        enabled: true,
      }),
    );
  });

  it('signs a test event so that a receiver written from the docs verifies it, and logs the delivery', async () => {
    const { endpoint, secret } = await addEndpoint(['collection.published']);
    const sent = await asUser('POST', `/api/v1/webhooks/${endpoint.id}/test`);
    expect(sent.statusCode).toBe(202);
    const log = await until(
      () => deliveries(endpoint.id),
      (rows) => rows[0]?.status === 'succeeded',
    );
    expect(log[0]).toMatchObject({
      eventType: 'webhook.test',
      status: 'succeeded',
      attempts: 1,
      responseStatus: 200,
    });
    expect(log[0]?.durationMs).toBeGreaterThanOrEqual(0);

    const [request] = receiver.received;
    expect(request).toBeDefined();
    expect(verifyFromDocs(secret, request!.headers, request!.body)).toBe(true);
    expect(
      verifyFromDocs(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, request!.headers, request!.body),
    ).toBe(false);
    expect(verifyFromDocs(secret, request!.headers, request!.body.replace('test', 'tost'))).toBe(false);
    const payload = JSON.parse(request!.body);
    expect(payload).toMatchObject({ id: request!.headers['webhook-id'], type: 'webhook.test' });
    expect(request!.headers['content-type']).toBe('application/json');

    // After rotation, the old secret no longer verifies.
    const rotated = await asUser('POST', `/api/v1/webhooks/${endpoint.id}/secret`);
    const newSecret = rotated.json().data.secret as string;
    expect(newSecret).not.toBe(secret);
    await asUser('POST', `/api/v1/webhooks/${endpoint.id}/test`);
    await until(
      async () => receiver.received.length,
      (count) => count === 2,
    );
    const second = receiver.received[1]!;
    expect(verifyFromDocs(newSecret, second.headers, second.body)).toBe(true);
    expect(verifyFromDocs(secret, second.headers, second.body)).toBe(false);
  });

  it('retries a delivery the receiver answered 500, with the same id and body, until it succeeds', async () => {
    const { endpoint } = await addEndpoint(['generation.finished']);
    receiver.answers.push(500, 503);
    await emitWebhookEvent(test.app, owner.id, 'generation.finished', {
      collectionId: 'c1',
      name: 'Cats',
      size: 10,
    });
    const log = await until(
      () => deliveries(endpoint.id),
      (rows) => rows[0]?.status === 'succeeded',
    );
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ eventType: 'generation.finished', status: 'succeeded', attempts: 3 });
    expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual(
      Array(3).fill(log[0]?.id),
    );
    expect(new Set(receiver.received.map((request) => request.body)).size).toBe(1);
    expect(JSON.parse(receiver.received[0]!.body).data).toEqual({
      collectionId: 'c1',
      name: 'Cats',
      size: 10,
    });
  });

  it('retries a test event the receiver answered 500, with the same id, until it succeeds', async () => {
    const { endpoint } = await addEndpoint(['generation.finished']);
    receiver.answers.push(500, 503);
    const sent = await asUser('POST', `/api/v1/webhooks/${endpoint.id}/test`);
    expect(sent.statusCode).toBe(202);
    const log = await until(
      () => deliveries(endpoint.id),
      (rows) => rows[0]?.status === 'succeeded' || rows[0]?.status === 'failed',
    );
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ eventType: 'webhook.test', status: 'succeeded', attempts: 3 });
    expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual(
      Array(3).fill(sent.json().data.delivery.id),
    );
  });

  it('sends only the events an endpoint chose', async () => {
    const { endpoint } = await addEndpoint(['deployment.verified']);
    await emitWebhookEvent(test.app, owner.id, 'generation.finished', { collectionId: 'c2' });
    await emitWebhookEvent(test.app, owner.id, 'deployment.verified', { collectionId: 'c2' });
    const log = await until(
      () => deliveries(endpoint.id),
      (rows) => rows[0]?.status === 'succeeded',
    );
    expect(log.map((row) => row.eventType)).toEqual(['deployment.verified']);
  });

  it('switches an endpoint off after 10 failed attempts in a row, and on again clears the streak', async () => {
    const { endpoint } = await addEndpoint(['collection.published']);
    receiver.answers.push(...Array(20).fill(500));
    await emitWebhookEvent(test.app, owner.id, 'collection.published', { collectionId: 'c3' });
    await emitWebhookEvent(test.app, owner.id, 'collection.published', { collectionId: 'c4' });
    const log = await until(
      () => deliveries(endpoint.id),
      (rows) => rows.length === 2 && rows.every((row) => row.status === 'failed'),
    );
    expect(log.reduce((sum, row) => sum + row.attempts, 0)).toBe(10);
    expect(log.map((row) => row.error)).toContain('The endpoint answered HTTP 500.');
    const listed = (await asUser('GET', '/api/v1/webhooks')).json().data.endpoints as {
      id: string;
      enabled: boolean;
      disabledReason: string;
      failureStreak: number;
    }[];
    expect(listed.find((row) => row.id === endpoint.id)).toMatchObject({
      enabled: false,
      failureStreak: 10,
      disabledReason:
        'Switched off after 10 failed attempts in a row. Fix the endpoint, then switch it on again.',
    });
    const on = await asUser('PATCH', `/api/v1/webhooks/${endpoint.id}`, { enabled: true });
    expect(on.json().data.endpoint).toMatchObject({ enabled: true, failureStreak: 0, disabledReason: null });
  });

  it('sends generation.finished when a collection is generated and collection.published when it is published', async () => {
    const { endpoint, secret } = await addEndpoint(['generation.finished', 'collection.published']);
    const collectionId = await createReadyCollection(test.app, owner.cookie, {
      collectionSize: 4,
      name: 'Hook Cats',
    });
    const published = await asUser('POST', `/api/v1/collections/${collectionId}/publication`, {
      mode: 'hosted',
    });
    expect(published.statusCode).toBeLessThan(300);
    const log = await until(
      () => deliveries(endpoint.id),
      (rows) => rows.length === 2 && rows.every((row) => row.status === 'succeeded'),
    );
    expect(log.map((row) => row.eventType).sort()).toEqual(['collection.published', 'generation.finished']);
    const bodies = receiver.received.map((request) => {
      expect(verifyFromDocs(secret, request.headers, request.body)).toBe(true);
      return JSON.parse(request.body);
    });
    expect(bodies.find((body) => body.type === 'generation.finished')?.data).toEqual({
      collectionId,
      name: 'Hook Cats',
      size: 4,
    });
    expect(bodies.find((body) => body.type === 'collection.published')?.data).toMatchObject({
      collectionId,
      mode: 'hosted',
    });
  });

  it('lets a key with the webhooks scope manage endpoints and read logs, showing a secret only when it creates one', async () => {
    const keyWith = async (scopes: string[]) => {
      const created = await asUser('POST', '/api/v1/api-keys', { name: `Hooks ${scopes}`, scopes });
      expect(created.statusCode).toBe(201);
      return created.json().data.secret as string;
    };
    const hooksKey = await keyWith(['webhooks']);
    const readKey = await keyWith(['read', 'generate', 'publish', 'messages']);
    const withKey = (
      key: string,
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      url: string,
      payload?: object,
    ) => test.app.inject({ method, url, payload, headers: { authorization: `Bearer ${key}` } });

    // Every other scope together still does not reach the endpoints.
    const refused = await withKey(readKey, 'GET', '/api/v1/webhooks');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(/lacks the Webhooks scope/);

    const created = await withKey(hooksKey, 'POST', '/api/v1/webhooks', {
      url: receiver.url,
      events: ['generation.finished'],
    });
    expect(created.statusCode).toBe(201);
    const { endpoint, secret } = created.json().data as { endpoint: { id: string }; secret: string };
    expect(secret).toMatch(/^whsec_/);
    const listed = await withKey(hooksKey, 'GET', '/api/v1/webhooks');
    expect(listed.json().data.endpoints.map((row: { id: string }) => row.id)).toEqual([endpoint.id]);
    expect(listed.body).not.toContain(secret);
    const changed = await withKey(hooksKey, 'PATCH', `/api/v1/webhooks/${endpoint.id}`, {
      events: ['generation.failed', 'collection.published'],
    });
    expect(changed.json().data.endpoint.events).toEqual(['generation.failed', 'collection.published']);
    expect(changed.body).not.toContain(secret);

    // A key never gets an existing endpoint's secret: rotating it is for the signed-in owner.
    const rotate = await withKey(hooksKey, 'POST', `/api/v1/webhooks/${endpoint.id}/secret`);
    expect(rotate.statusCode).toBe(403);
    expect(rotate.json().error.message).toMatch(/^API keys cannot be used for this/);
    expect(rotate.body).not.toContain('whsec_');

    expect((await withKey(hooksKey, 'POST', `/api/v1/webhooks/${endpoint.id}/test`)).statusCode).toBe(202);
    await until(
      async () =>
        (await withKey(hooksKey, 'GET', `/api/v1/webhooks/${endpoint.id}/deliveries`)).json().data.deliveries,
      (rows: { status: string }[]) => rows[0]?.status === 'succeeded',
    );
    expect(verifyFromDocs(secret, receiver.received[0]!.headers, receiver.received[0]!.body)).toBe(true);
    expect((await withKey(hooksKey, 'DELETE', `/api/v1/webhooks/${endpoint.id}`)).statusCode).toBe(200);
    expect((await asUser('GET', '/api/v1/webhooks')).json().data.endpoints).toEqual([]);
  });

  it('keeps endpoints and their logs to their owner', async () => {
    const { endpoint } = await addEndpoint(['generation.failed']);
    const stranger = await createUserAndLogin(test.app);
    for (const [method, url] of [
      ['GET', `/api/v1/webhooks/${endpoint.id}/deliveries`],
      ['POST', `/api/v1/webhooks/${endpoint.id}/test`],
      ['POST', `/api/v1/webhooks/${endpoint.id}/secret`],
      ['DELETE', `/api/v1/webhooks/${endpoint.id}`],
    ] as const) {
      expect((await asUser(method, url, undefined, stranger.cookie)).statusCode, `${method} ${url}`).toBe(
        404,
      );
    }
    expect((await asUser('DELETE', `/api/v1/webhooks/${endpoint.id}`)).statusCode).toBe(200);
    expect((await asUser('GET', `/api/v1/webhooks/${endpoint.id}/deliveries`)).statusCode).toBe(404);
  });
});

describe('webhook URLs on private addresses, with ALLOW_PRIVATE_URLS=false', () => {
  let test: TestApp;
  let owner: LoggedInUser;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    test = await createTestApp('sqlite', { ALLOW_PRIVATE_URLS: 'false', WEBHOOK_RETRY_BASE_MS: '1' });
    owner = await createUserAndLogin(test.app);
    receiver = await startReceiver();
  }, 90_000);
  afterAll(async () => {
    await receiver?.close();
    await test?.close();
  });

  it('refuses them when saved, and writes nothing', async () => {
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://localhost/x',
      'http://10.1.2.3/x',
      'http://[::1]/x',
      'http://169.254.169.254/latest',
    ]) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        payload: { url, events: ['generation.finished'] },
        headers: { cookie: owner.cookie, origin: ORIGIN },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.fields[0]).toMatchObject({ path: 'url' });
      expect(response.json().error.fields[0].message).toMatch(/is a private or local address/);
    }
    const listed = await test.app.inject({
      method: 'GET',
      url: '/api/v1/webhooks',
      headers: { cookie: owner.cookie },
    });
    expect(listed.json().data.endpoints).toEqual([]);
  });

  it('refuses them again when connecting (an address saved while allowed), without reaching the receiver', async () => {
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      payload: { url: 'https://hooks.example.com/x', events: ['generation.finished'] },
      headers: { cookie: owner.cookie, origin: ORIGIN },
    });
    const id = created.json().data.endpoint.id as string;
    await test.app.database.db
      .updateTable('webhook_endpoints')
      .set({ url: receiver.url })
      .where('id', '=', id)
      .execute();
    await test.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/${id}/test`,
      headers: { cookie: owner.cookie, origin: ORIGIN },
    });
    const log = await until(
      async () =>
        (
          await test.app.inject({
            method: 'GET',
            url: `/api/v1/webhooks/${id}/deliveries`,
            headers: { cookie: owner.cookie },
          })
        ).json().data.deliveries,
      (rows: { status: string }[]) => rows[0]?.status === 'failed',
    );
    expect(log[0]).toMatchObject({
      status: 'failed',
      responseStatus: null,
      error: 'The URL resolves to a private or local address, which this server does not send events to.',
    });
    expect(receiver.received).toEqual([]);
  });
});
