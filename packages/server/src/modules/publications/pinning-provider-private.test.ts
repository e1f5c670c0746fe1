import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KuboStandIn, startKuboStandIn } from '../../../test/support/kubo-stand-in.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';

/** A server that does not allow private URLs (production's default) keeps pinning uploads off its own network. */
describe('a pinning provider on a private address, with ALLOW_PRIVATE_URLS off', () => {
  let test: TestApp;
  let kubo: KuboStandIn;
  let owner: LoggedInUser;

  beforeAll(async () => {
    kubo = await startKuboStandIn();
    test = await createTestApp('sqlite', { ALLOW_PRIVATE_URLS: 'false' });
    owner = await createUserAndLogin(test.app, { planId: 'pro' });
  }, 60_000);
  afterAll(async () => {
    await test?.close();
    await kubo?.close();
  });

  it('is refused when saved, naming the field, and nothing is stored', async () => {
    for (const endpoint of [
      kubo.url,
      'http://localhost:5001',
      'http://169.254.169.254',
      'http://[::1]:5001',
    ]) {
      const saved = await test.app.inject({
        method: 'PUT',
        url: '/api/v1/pinning-provider',
        headers: { cookie: owner.cookie },
        payload: { endpoint, token: 'a-valid-looking-token' },
      });
      expect(saved.statusCode, endpoint).toBe(400);
      expect(saved.json().error.fields).toEqual([
        { path: 'endpoint', message: expect.stringContaining('private or local address') },
      ]);
    }
    const provider = await test.app.inject({
      method: 'GET',
      url: '/api/v1/pinning-provider',
      headers: { cookie: owner.cookie },
    });
    expect(provider.json().data).toEqual({ provider: null });
    expect(kubo.received).toHaveLength(0);
  });
});
