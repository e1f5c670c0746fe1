import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerApiKeyAuth } from '../api-keys/bearer-auth.ts';

/** Cookie parsing, the `request.user` slot and API key (bearer) authentication, for every route of the app. */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(cookie);
    app.decorateRequest('user', null);
    registerApiKeyAuth(app);
  },
  { name: 'layerloom-auth' },
);
