import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, freshIp, type LoggedInUser } from '../../../test/support/users.ts';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * The routes a visitor may call. Every other route of the OpenAPI document (which lists every route the
 * app registers but the hidden ones, all public: the web app's files, /mint/:slug, /api/docs and the
 * development mailbox) needs a session: a new route is private here until it is listed.
 */
const PUBLIC_ROUTES = [
  'GET /api/v1/health',
  'GET /api/v1/health/live',
  'GET /api/v1/health/ready',
  'POST /api/v1/contact',
  'GET /api/v1/roles',
  'GET /api/v1/session',
  'POST /api/v1/users',
  'POST /api/v1/users/login',
  'POST /api/v1/users/login/two-factor',
  'POST /api/v1/users/logout',
  'PATCH /api/v1/users/verify/{id}/{token}',
  'POST /api/v1/users/resend-verification',
  'POST /api/v1/users/forgot-password',
  'PATCH /api/v1/users/verify-otp-code/{id}',
  'PATCH /api/v1/users/update-password/{id}',
  'POST /api/v1/account/email-change/confirm',
  'POST /api/v1/account/reactivate',
  'POST /api/v1/billing/webhook',
  'GET /api/v1/drops/{slug}',
  'GET /api/v1/drops/{slug}/state',
  'GET /api/v1/drops/{slug}/images/{name}',
  'GET /api/v1/drops/{slug}/share-card.png',
  'GET /api/v1/drops/{slug}/allowlist/{address}',
  'GET /api/v1/drops/{slug}/contract.json',
  'GET /api/v1/invitations/{token}',
  'GET /api/v1/ipfs/{cid}/location',
  'GET /ipfs/{cid}',
  'GET /ipfs/{cid}/{*}',
  'GET /hosted/{slug}/metadata/{file}',
  'GET /hosted/{slug}/images/{file}',
  'GET /hosted/{slug}/{version}/metadata/{file}',
  'GET /hosted/{slug}/{version}/images/{file}',
  'GET /hosted/{slug}/placeholder.json',
  'GET /hosted/{slug}/placeholder/{file}',
];

interface Operation {
  method: Uppercase<(typeof METHODS)[number]>;
  /** The OpenAPI path, e.g. `/api/v1/projects/{id}`. */
  path: string;
  tags: string[];
}

describe('every private route asks for a session before it looks at the request', () => {
  let test: TestApp;
  let user: LoggedInUser;
  const operations: Operation[] = [];

  beforeAll(async () => {
    test = await createTestApp('sqlite');
    user = await createUserAndLogin(test.app);
    const document = test.app.swagger() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (operation) {
          operations.push({
            method: method.toUpperCase() as Operation['method'],
            path,
            tags: operation.tags ?? [],
          });
        }
      }
    }
  }, 90_000);
  afterAll(async () => {
    await test?.close();
  });

  const label = (operation: Operation) => `${operation.method} ${operation.path}`;
  const hasBody = (operation: Operation) => operation.method !== 'GET' && operation.method !== 'DELETE';

  /**
   * The ways a request can be wrong before any handler runs: a NUL character in every path parameter and in
   * the query (refused by the text guard), a body of the wrong shape (refused by its schema), and a body that
   * is not JSON at all (refused by the parser).
   */
  const badRequests = (operation: Operation, cookie?: string) => {
    const headers = cookie ? { cookie } : {};
    const requests = [
      test.app.inject({
        method: operation.method,
        url: `${operation.path.replace(/\{[^}]+\}/g, '%00')}?limit=%00`,
        ...(hasBody(operation)
          ? { payload: '[]', headers: { ...headers, 'content-type': 'application/json' } }
          : { headers }),
        remoteAddress: freshIp(),
      }),
    ];
    if (hasBody(operation)) {
      requests.push(
        test.app.inject({
          method: operation.method,
          url: operation.path.replace(/\{[^}]+\}/g, 'no-such-id'),
          payload: '{"name": ',
          headers: { ...headers, 'content-type': 'application/json' },
          remoteAddress: freshIp(),
        }),
      );
    }
    return Promise.all(requests);
  };

  it('lists only real routes as public', () => {
    expect(operations.length).toBeGreaterThan(100);
    const known = new Set(operations.map(label));
    expect(PUBLIC_ROUTES.filter((route) => !known.has(route))).toEqual([]);
  });

  it('answers a visitor 401 on every private route, whatever is wrong with the request', async () => {
    let checked = 0;
    for (const operation of operations) {
      if (PUBLIC_ROUTES.includes(label(operation))) continue;
      for (const response of await badRequests(operation)) {
        expect(response.statusCode, `${label(operation)} answered ${response.body}`).toBe(401);
        expect(response.json().error, label(operation)).toMatchObject({
          code: 'UNAUTHENTICATED',
          message: 'Please log in to continue.',
        });
      }
      checked++;
    }
    expect(checked).toBe(operations.length - PUBLIC_ROUTES.length);
  });

  it('answers a visitor on a public route without asking for a session', async () => {
    for (const operation of operations) {
      if (!PUBLIC_ROUTES.includes(label(operation))) continue;
      for (const response of await badRequests(operation)) {
        expect(response.statusCode, `${label(operation)} answered ${response.body}`).not.toBe(401);
      }
    }
  });

  it('answers a signed-in user 403 on every admin route before looking at the request', async () => {
    const admin = operations.filter((operation) => operation.tags.includes('admin'));
    expect(admin.map(label)).toContain('PATCH /api/v1/users/{id}/active');
    expect(admin.length).toBeGreaterThanOrEqual(5);
    for (const operation of admin) {
      for (const response of await badRequests(operation, user.cookie)) {
        expect(response.statusCode, `${label(operation)} answered ${response.body}`).toBe(403);
        expect(response.json().error, label(operation)).toMatchObject({
          code: 'FORBIDDEN',
          message: 'Only admins can do this.',
        });
      }
    }
  });

  it('still validates what a signed-in admin sends', async () => {
    const admin = await createUserAndLogin(test.app, { role: 'admin' });
    const response = await test.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${user.id}/active`,
      payload: { active: 'yes' },
      headers: { cookie: admin.cookie },
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });
});
