import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';
import { freshIp } from '../../test/support/users.ts';
import { LOGIN_RATE_LIMIT } from '../modules/auth/auth.routes.ts';

const opened: TestApp[] = [];
afterAll(async () => {
  await Promise.all(opened.map((test) => test.close()));
});

async function app(env: Record<string, string> = {}): Promise<TestApp> {
  const test = await createTestApp('sqlite', env);
  opened.push(test);
  return test;
}

let attempt = 0;
/** A failed sign-in for a new email each time (so only the per-address limit can stop it). */
function failedLogin(test: TestApp, remoteAddress: string, forwardedFor?: string) {
  attempt += 1;
  return test.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { email: `spray-${attempt}@example.com`, password: 'Winter2026!' },
  });
}

/** The statuses of `count` failed sign-ins, each from a new forwarded address. */
async function spray(count: number, send: (forwardedFor: string) => ReturnType<typeof failedLogin>) {
  const statuses: number[] = [];
  for (let index = 0; index < count; index++) statuses.push((await send(freshIp())).statusCode);
  return statuses;
}

describe('the client address behind rate limits', () => {
  it('ignores X-Forwarded-For by default, so password spraying cannot rotate it past the limit', async () => {
    const test = await app();
    const peer = freshIp();
    const statuses = await spray(LOGIN_RATE_LIMIT.max + 2, (forwarded) => failedLogin(test, peer, forwarded));
    expect(statuses.slice(0, LOGIN_RATE_LIMIT.max).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(LOGIN_RATE_LIMIT.max)).toEqual([429, 429]);
    const last = await failedLogin(test, peer);
    expect(last.headers['ratelimit-limit']).toBe(String(LOGIN_RATE_LIMIT.max));
    expect(last.headers['ratelimit-remaining']).toBe('0');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY lists', async () => {
    const proxy = freshIp();
    const test = await app({ TRUST_PROXY: proxy });
    // Through the trusted proxy, each client is counted on its own.
    const viaProxy = await spray(LOGIN_RATE_LIMIT.max + 2, (forwarded) =>
      failedLogin(test, proxy, forwarded),
    );
    expect(viaProxy.every((status) => status === 401)).toBe(true);
    // A client that is not the proxy cannot claim another address.
    const direct = freshIp();
    const spoofed = await spray(LOGIN_RATE_LIMIT.max + 1, (forwarded) =>
      failedLogin(test, direct, forwarded),
    );
    expect(spoofed.at(-1)).toBe(429);
  });

  it('holds one limit across web nodes that share Redis', async () => {
    const env = { REDIS_URL: inject('redisUrl'), PROCESS_JOBS: 'false' };
    const [first, second] = [await app(env), await app(env)];
    const peer = freshIp();
    const statuses: number[] = [];
    for (let index = 0; index < LOGIN_RATE_LIMIT.max + 2; index++) {
      statuses.push((await failedLogin(index % 2 === 0 ? first : second, peer)).statusCode);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_RATE_LIMIT.max);
    expect(statuses.slice(LOGIN_RATE_LIMIT.max)).toEqual([429, 429]);
  });
});
