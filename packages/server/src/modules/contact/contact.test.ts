import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/support/test-app.ts';
import { listContactMessages } from './contact.repository.ts';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Question about exports',
  message: 'Can I export my collection as an IPFS CAR file?',
};

describe.each(databaseKinds)('POST /api/v1/contact on %s', (kind) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp(kind);
  });
  afterAll(async () => {
    await test.close();
  });

  it('stores the message and acknowledges it', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/v1/contact', payload: valid });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data.id).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await listContactMessages(test.app.database.db, 10);
    expect(stored).toEqual([expect.objectContaining({ id: data.id, ...valid, created_at: data.receivedAt })]);
  });

  it('refuses an invalid message naming each field, and writes nothing', async () => {
    const before = await listContactMessages(test.app.database.db, 100);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: { ...valid, email: 'not-an-email', message: 'short' },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields).toEqual([
      { path: 'email', message: 'Please enter a valid email address!' },
      { path: 'message', message: 'Message is too short (at least 10 characters)' },
    ]);
    expect(await listContactMessages(test.app.database.db, 100)).toHaveLength(before.length);
  });

  it('rate limits a flood of messages from one address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/v1/contact',
        payload: valid,
        remoteAddress: '203.0.113.9',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.headers['retry-after']).toBeDefined();
        expect(response.json().error.code).toBe('RATE_LIMITED');
      }
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('answers a failure inside the server with a generic 500 that leaks nothing', async () => {
    const broken = await createTestApp(kind);
    await broken.app.database.close();
    const response = await broken.app.inject({ method: 'POST', url: '/api/v1/contact', payload: valid });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      status: 'error',
      error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again in a moment.' },
    });
    await broken.close().catch(() => undefined);
  });
});
