import { type ApiKeyScope, ApiKeyScopeSchema } from '@layerloom/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, freshIp, type LoggedInUser } from '../../../test/support/users.ts';
import { routeScopes } from './route-scopes.ts';

const NOT_FOR_KEYS = 'API keys cannot be used for this. Sign in to Layerloom in the browser to do it.';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** Routes a key must never reach, whatever the scope table says (a webhook's secret rotation among them). */
const SECURITY_ROUTE =
  /^\/api\/v1\/(account|billing|users|api-keys|referrals|admin)(\/|$)|^\/api\/v1\/webhooks\/:id\/secret$/;
/** What the `webhooks` scope reaches: the endpoints and their logs, nothing else. */
const WEBHOOK_ROUTES = [
  'DELETE /api/v1/webhooks/:id',
  'GET /api/v1/webhooks',
  'GET /api/v1/webhooks/:id/deliveries',
  'PATCH /api/v1/webhooks/:id',
  'POST /api/v1/webhooks',
  'POST /api/v1/webhooks/:id/test',
];

interface Operation {
  method: string;
  /** The OpenAPI path, e.g. `/api/v1/projects/{id}`. */
  path: string;
  /** The Fastify route pattern, e.g. `/api/v1/projects/:id`. */
  pattern: string;
  scope: ApiKeyScope | undefined;
  documentedScope: unknown;
  /** The curl example /api/docs shows for it. */
  example: string | undefined;
}

describe('every /api/v1 route of the OpenAPI document enforces its API key scope', () => {
  let test: TestApp;
  let owner: LoggedInUser;
  const operations: Operation[] = [];

  beforeAll(async () => {
    test = await createTestApp('sqlite', { API_KEY_RATE_LIMIT: '100000' });
    owner = await createUserAndLogin(test.app);
    const document = test.app.swagger() as {
      paths: Record<
        string,
        Record<string, { 'x-api-key-scope'?: unknown; 'x-codeSamples'?: { source: string }[] }>
      >;
    };
    for (const [path, item] of Object.entries(document.paths)) {
      if (!path.startsWith('/api/v1/')) continue;
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const pattern = path.replace(/\{([^}]+)\}/g, ':$1');
        operations.push({
          method: method.toUpperCase(),
          path,
          pattern,
          scope: routeScopes[`${method.toUpperCase()} ${pattern}`],
          documentedScope: operation['x-api-key-scope'],
          example: operation['x-codeSamples']?.[0]?.source,
        });
      }
    }
  }, 90_000);
  afterAll(async () => {
    await test?.close();
  });

  const keyWith = async (scopes: ApiKeyScope[]): Promise<string> => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      payload: { name: `Scopes ${scopes.join(' ')}`, scopes },
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(201);
    return response.json().data.secret;
  };

  const call = (operation: Operation, secret: string) =>
    test.app.inject({
      method: operation.method as 'GET',
      // Path parameters get a value no resource has: the scope check comes before any lookup.
      url: operation.path.replace(/\{[^}]+\}/g, 'no-such-id'),
      payload: ['GET', 'DELETE'].includes(operation.method) ? undefined : {},
      headers: { authorization: `Bearer ${secret}` },
      remoteAddress: freshIp(),
    });

  it('lists only real routes in the scope table, and none of the account security, billing or admin routes', () => {
    expect(operations.length).toBeGreaterThan(50);
    const known = new Set(operations.map((operation) => `${operation.method} ${operation.pattern}`));
    expect(Object.keys(routeScopes).filter((route) => !known.has(route))).toEqual([]);
    const exposed = operations.filter(
      (operation) => operation.scope && SECURITY_ROUTE.test(operation.pattern),
    );
    expect(exposed.map((operation) => `${operation.method} ${operation.path}`)).toEqual([]);
    const webhookScoped = operations
      .filter((operation) => operation.scope === 'webhooks')
      .map((operation) => `${operation.method} ${operation.pattern}`);
    expect(webhookScoped.sort()).toEqual(WEBHOOK_ROUTES);
    expect(known.has('POST /api/v1/webhooks/:id/secret')).toBe(true);
  });

  it('documents the bearer scheme, the scopes and the webhook payloads and signature in /api/docs', () => {
    const document = test.app.swagger() as {
      info: { description: string };
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.info.description).toContain('Authorization: Bearer ll_live_');
    expect(document.info.description).toContain('`generation.finished`');
    expect(document.info.description).toContain(
      '- `mint.seen`: More tokens of a deployed collection were minted',
    );
    expect(document.info.description).toContain('webhook-signature: v1,<base64>');
    expect(document.info.description).toContain(
      '- `webhooks`: List, add, change and remove webhook endpoints',
    );
    expect(document.info.description).toContain("A key never reads an existing endpoint's secret");
  });

  it('documents each route’s scope as /api/docs shows it, with a curl example for keys', () => {
    for (const operation of operations) {
      const label = `${operation.method} ${operation.path}`;
      expect(operation.documentedScope, label).toBe(operation.scope);
      if (!operation.scope) continue;
      const path = operation.path.replace(/\{([^}]+)\}/g, '<$1>');
      expect(operation.example, label).toContain(
        `"$LAYERLOOM_URL${path}" -H "Authorization: Bearer $LAYERLOOM_API_KEY"`,
      );
      expect(
        operation.example?.startsWith(operation.method === 'GET' ? 'curl "' : `curl -X ${operation.method} `),
        label,
      ).toBe(true);
    }
    const upload = operations.find((operation) => operation.path.endsWith('/layers/{layerId}/traits'));
    expect(upload?.example).toContain('-F files=@<file>');
  });

  it('refuses a key without the scope, lets one with it through, and refuses keys on routes without a scope', async () => {
    const allScopes = ApiKeyScopeSchema.options;
    const everything = await keyWith([...allScopes]);
    const allBut = new Map<ApiKeyScope, string>();
    const only = new Map<ApiKeyScope, string>();
    for (const scope of allScopes) {
      allBut.set(scope, await keyWith(allScopes.filter((other) => other !== scope)));
      only.set(scope, await keyWith([scope]));
    }
    let checked = 0;
    for (const operation of operations) {
      const label = `${operation.method} ${operation.path}`;
      if (!operation.scope) {
        const refused = await call(operation, everything);
        expect(refused.statusCode, label).toBe(403);
        expect(refused.json().error.message, label).toBe(NOT_FOR_KEYS);
        checked++;
        continue;
      }
      const without = await call(operation, allBut.get(operation.scope) as string);
      expect(without.statusCode, label).toBe(403);
      expect(without.json().error.message, label).toMatch(
        /^This API key lacks the \w+ scope this request needs\./,
      );
      const withScope = await call(operation, only.get(operation.scope) as string);
      expect([401, 403], `${label} answered ${withScope.statusCode}: ${withScope.body}`).not.toContain(
        withScope.statusCode,
      );
      checked++;
    }
    expect(checked).toBe(operations.length);
  });
});
