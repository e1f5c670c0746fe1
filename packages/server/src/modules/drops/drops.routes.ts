import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getDrop, getDropState } from '@layerloom/api';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import * as drops from './drops.service.ts';
import { mintPageHtml } from './mint-page-head.ts';

/**
 * The compact mint widget (`?embed=1`) is meant to be framed by the creator's own site: that page alone
 * may be framed by any origin. A mint still needs the visitor's wallet to confirm, so a framing page cannot
 * mint on anyone's behalf.
 */
function allowFraming(reply: FastifyReply): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') {
    reply.header('content-security-policy', policy.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
  }
  reply.removeHeader('x-frame-options');
}

/** Public drop pages: their data, their live sale state, and `/mint/{slug}` with its share tags. No account. */
export async function dropsRoutes(app: App): Promise<void> {
  app.get(
    getDrop.path,
    {
      schema: {
        tags: ['drops'],
        summary: "A published collection's public mint page data",
        params: getDrop.params,
        response: { 200: getDrop.response },
      },
    },
    async (request, reply) => {
      const drop = await drops.getDrop(app, request.params.slug);
      reply.header('cache-control', 'public, max-age=15');
      return { status: 'success' as const, data: { drop } };
    },
  );

  app.get(
    getDropState.path,
    {
      schema: {
        tags: ['drops'],
        summary: 'The sale read from the chain: minted / max, phase, prices, limits',
        params: getDropState.params,
        response: { 200: getDropState.response },
      },
    },
    async (request, reply) => {
      const data = await drops.getDropState(app, request.params.slug);
      reply.header('cache-control', 'public, max-age=5');
      return { status: 'success' as const, data };
    },
  );

  // The web app's page, read once; a server without the built app (API only) has no mint pages.
  const { webDist } = app.config;
  const indexFile = webDist ? join(webDist, 'index.html') : undefined;
  let index: Promise<string> | undefined;
  app.get(
    '/mint/:slug',
    {
      schema: {
        hide: true,
        params: z.object({ slug: z.string().min(1).max(80) }),
        querystring: z.object({ embed: z.string().optional() }),
      },
    },
    async (request, reply) => {
      if (!indexFile || !existsSync(indexFile))
        throw new AppError('NOT_FOUND', 'The web app is not served here');
      index ??= readFile(indexFile, 'utf8');
      const html = await index;
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache');
      if (request.query.embed === '1') allowFraming(reply);
      try {
        const drop = await drops.getDrop(app, request.params.slug);
        return mintPageHtml(html, drop, `${app.config.publicUrl}/mint/${drop.slug}`);
      } catch (error) {
        // The page itself says it is not found; the status tells crawlers.
        if (error instanceof AppError && error.statusCode === 404) return reply.code(404).send(html);
        throw error;
      }
    },
  );
}
