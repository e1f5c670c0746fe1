import { type ApiKeyScope, apiKeyScopes } from '@layerloom/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../lib/app-error.ts';
import { authUserOf } from '../auth/require-user.ts';
import { bearerSecretOf } from './api-key-request.ts';
import { authenticateApiKey, logApiKeyUse } from './api-keys.service.ts';
import { scopeForRoute } from './route-scopes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The API key the request came with (set by the bearer hook), null for cookie and anonymous requests; it
     * works in one workspace only.
     */
    apiKey: { id: string; scopes: ApiKeyScope[]; workspaceId: string } | null;
  }
}

const RATE_WINDOW_MS = 60_000;

/** Routes that make a resource in a workspace named by the body's `workspaceId`. */
const CREATES_IN_WORKSPACE = new Set(['/api/v1/projects', '/api/v1/webhooks']);

function setRateHeaders(reply: FastifyReply, limit: number, remaining: number, resetSeconds: number): void {
  // The IETF draft's fields (as the app's other limits send them).
  reply.header('ratelimit-limit', limit);
  reply.header('ratelimit-remaining', remaining);
  reply.header('ratelimit-reset', resetSeconds);
}

/**
 * `Authorization: Bearer ll_live_…` on `/api/v1`: the key is checked (unknown, revoked, expired → 401),
 * counted against its per-minute limit (429 with Retry-After; in Redis when REDIS_URL is set, through the
 * app's rate limiter), and the route's scope checked (routes without one refuse keys, 403). The key's
 * owner then becomes `request.user`, and the request is logged for the owner as it is answered.
 */
export function registerApiKeyAuth(app: FastifyInstance): void {
  const limit = app.config.apiKeyRateLimit;
  const limiter = app.createRateLimit({
    max: limit,
    timeWindow: RATE_WINDOW_MS,
    keyGenerator: (request) => `api-key:${request.apiKey?.id ?? 'none'}`,
  });
  app.decorateRequest('apiKey', null);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const secret = bearerSecretOf(request);
    if (secret === undefined) return;
    const { key, scopes, user } = await authenticateApiKey(app.database.db, secret);
    request.apiKey = { id: key.id, scopes, workspaceId: key.workspace_id };

    const counted = await limiter(request);
    if (!counted.isAllowed) {
      setRateHeaders(reply, limit, counted.remaining, counted.ttlInSeconds);
      if (counted.isExceeded) {
        throw new AppError(
          'RATE_LIMITED',
          `This API key made more than ${limit} requests in a minute. Try again in ${counted.ttlInSeconds} seconds.`,
          { retryAfterSeconds: Math.max(1, counted.ttlInSeconds) },
        );
      }
    }

    const route = request.routeOptions.url;
    if (route === undefined) return; // no such route: the 404 answer says so
    const needed = scopeForRoute(request.method, route);
    if (!needed) {
      throw new AppError(
        'FORBIDDEN',
        'API keys cannot be used for this. Sign in to Layerloom in the browser to do it.',
      );
    }
    if (!scopes.includes(needed)) {
      throw new AppError(
        'FORBIDDEN',
        `This API key lacks the ${apiKeyScopes[needed].label} scope this request needs. Create a key with it in Settings › Developers.`,
      );
    }
    // No session: the routes that work on sessions take no key.
    request.user = { ...authUserOf(user, `api-key:${key.id}`), apiKeyId: key.id };
  });

  // A key works in its workspace only: lists and new projects or endpoints default to it, another one is refused.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const key = request.apiKey;
    if (!key) return;
    const elsewhere = () =>
      new AppError(
        'FORBIDDEN',
        'This API key works in one workspace only. Create a key in the other workspace (Settings › Developers) to reach it.',
      );
    const query = request.query as Record<string, unknown> | undefined;
    if (query && typeof query === 'object') {
      if (query.workspace === undefined) query.workspace = key.workspaceId;
      else if (query.workspace !== key.workspaceId) throw elsewhere();
    }
    if (request.method === 'POST' && CREATES_IN_WORKSPACE.has(request.routeOptions.url ?? '')) {
      const body = request.body as Record<string, unknown> | undefined;
      if (body && typeof body === 'object') {
        if (body.workspaceId === undefined) body.workspaceId = key.workspaceId;
        else if (body.workspaceId !== key.workspaceId) throw elsewhere();
      }
    }
  });

  // Projects and collections are kept to the key's workspace by the role check (workspaces/route-roles.ts);
  // a webhook endpoint of another workspace is not found either.
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const key = request.apiKey;
    const id = (request.params as { id?: unknown } | undefined)?.id;
    if (!key || typeof id !== 'string' || !request.routeOptions.url?.startsWith('/api/v1/webhooks/:id'))
      return;
    const row = await app.database.db
      .selectFrom('webhook_endpoints')
      .select('workspace_id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (row && row.workspace_id !== key.workspaceId) throw notFound('Webhook endpoint');
  });

  // On send rather than on response, so the log holds a request by the time its caller has the answer.
  app.addHook('onSend', async (request, reply) => {
    if (!request.apiKey) return;
    await logApiKeyUse(app.database.db, {
      keyId: request.apiKey.id,
      method: request.method,
      route: request.routeOptions.url ?? '(no such route)',
      statusCode: reply.statusCode,
      ip: request.ip || null,
    }).catch((error: unknown) => request.log.warn({ err: error }, 'could not log an API key use'));
  });
}
