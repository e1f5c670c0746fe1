import { createApiKey, listApiKeys, listApiKeyUses, revokeApiKey } from '@layerloom/api';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import * as apiKeys from './api-keys.service.ts';

/** Keys made per client address and minute (creating one is cheap, but a runaway script should not fill the table). */
const CREATE_RATE_LIMIT = { max: 20, timeWindow: '1 minute' } as const;

/**
 * Settings › Developers: a workspace's API keys, managed by its Owners and Admins (and each key by its maker). Session only: a key can neither list, make nor
 * revoke keys (these routes are not in the scope table, so a bearer request is refused before them).
 */
export async function apiKeysRoutes(app: App): Promise<void> {
  const guarded = { onRequest: requireUser };
  const security = [{ session: [] }];
  const db = () => app.database.db;

  app.get(
    listApiKeys.path,
    {
      ...guarded,
      schema: {
        tags: ['developers'],
        summary:
          "A workspace's API keys, your personal one's by default (never their secrets); Owners and Admins",
        security,
        querystring: listApiKeys.querystring,
        response: { 200: listApiKeys.response },
      },
    },
    async (request) => {
      const keys = await apiKeys.listApiKeys(db(), currentUser(request).id, request.query.workspace);
      return { status: 'success' as const, data: { keys } };
    },
  );

  app.post(
    createApiKey.path,
    {
      ...guarded,
      config: { rateLimit: CREATE_RATE_LIMIT },
      schema: {
        tags: ['developers'],
        summary: 'Create an API key; the answer holds its secret, shown this once',
        security,
        body: createApiKey.body,
        response: { 201: createApiKey.response },
      },
    },
    async (request, reply) => {
      const created = await apiKeys.createApiKey(db(), currentUser(request).id, request.body);
      return reply.code(201).send({ status: 'success' as const, data: created });
    },
  );

  app.delete(
    revokeApiKey.path,
    {
      ...guarded,
      schema: {
        tags: ['developers'],
        summary: 'Revoke an API key (it is refused from then on)',
        security,
        params: revokeApiKey.params,
        response: { 200: revokeApiKey.response },
      },
    },
    async (request) => {
      const key = await apiKeys.revokeApiKey(db(), currentUser(request).id, request.params.id);
      return { status: 'success' as const, data: { key } };
    },
  );

  app.get(
    listApiKeyUses.path,
    {
      ...guarded,
      schema: {
        tags: ['developers'],
        summary: "An API key's latest requests (route, status, address, time)",
        security,
        params: listApiKeyUses.params,
        response: { 200: listApiKeyUses.response },
      },
    },
    async (request) => {
      const uses = await apiKeys.apiKeyUses(db(), currentUser(request).id, request.params.id);
      return { status: 'success' as const, data: { uses } };
    },
  );
}
