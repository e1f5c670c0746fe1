import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendApiNotFound } from './errors.ts';

/**
 * Serves the built web app, with client-side routing: any GET that is not an API path or a file
 * gets index.html, so deep links like /dashboard/collections open the app.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: 'index.html',
      // The build writes .br and .gz copies (packages/web/scripts/precompress.mjs): sent as the browser accepts.
      preCompressed: true,
      setHeaders(res, path) {
        // Vite's hashed bundles never change; everything else is revalidated.
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendApiNotFound(reply, request.method, request.url);
  });
}
