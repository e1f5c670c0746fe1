import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Cookie parsing and the `request.user` slot, for every route of the app. */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(cookie);
    app.decorateRequest('user', null);
  },
  { name: 'layerloom-auth' },
);
