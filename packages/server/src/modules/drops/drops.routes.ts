import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getDrop, getDropState } from '@layerloom/api';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import { BlobNotFoundError } from '../../storage/blob-store.ts';
import type { App } from '../../types.ts';
import { collectionById } from '../collections/collections.service.ts';
import { withheldBy } from '../publications/placeholder.service.ts';
import { publishedBySlug } from '../publications/publications.service.ts';
import * as drops from './drops.service.ts';
import { mintPageHtml } from './mint-page-head.ts';
import {
  COLLAGE_BANNER,
  ensureMintPageImage,
  MINT_PAGE_IMAGE_NAME,
  mintPageImageKey,
  parseMintPageImageName,
} from './mint-page-images.ts';
import { mintPagesRoutes } from './mint-pages.routes.ts';
import { renderShareCard, shareImageUrl } from './share-card.ts';

/** Banners and logos recently served, by blob key, up to a total size: a drop's page asks for the same two. */
const pageImages = new Map<string, Buffer>();
const PAGE_IMAGE_CACHE_BYTES = 32 * 1024 * 1024;
let pageImageBytes = 0;

function keepPageImage(key: string, body: Buffer): void {
  pageImages.set(key, body);
  pageImageBytes += body.length;
  while (pageImageBytes > PAGE_IMAGE_CACHE_BYTES) {
    const [oldest, value] = pageImages.entries().next().value as [string, Buffer];
    pageImages.delete(oldest);
    pageImageBytes -= value.length;
  }
}

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
  await app.register(mintPagesRoutes);

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
      const body = await drops.getDropBody(app, request.params.slug);
      // Already JSON (the drop's schema-shaped answer, made once per cached drop): sent as it is.
      return (
        reply
          .header('cache-control', 'public, max-age=15')
          .type('application/json; charset=utf-8')
          // A string payload skips the response serializer; its type stands for the schema's answer.
          .send(body as unknown as z.infer<typeof getDrop.response>)
      );
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

  app.get(
    '/api/v1/drops/:slug/images/:name',
    {
      schema: {
        tags: ['drops'],
        summary: "A published mint page's banner (or its 640 / 1024 px copy) or logo (WebP), public",
        params: z.object({
          slug: z.string().min(1).max(80),
          name: z.string().regex(MINT_PAGE_IMAGE_NAME),
        }),
      },
    },
    async (request, reply) => {
      const { slug, name } = request.params;
      const { master } = parseMintPageImageName(name);
      // Only what the saved page shows: an uploaded image the creator has not saved stays private.
      const drop = await drops.getDrop(app, slug);
      const shown = [drop.page.bannerUrl, drop.page.logoUrl].some((url) => url?.endsWith(`/${master}`));
      const published = shown ? await publishedBySlug(app, slug) : undefined;
      if (!published) throw notFound('Image');
      // The collage is the art itself: never shown before a pre-reveal drop's reveal (the data lags up to 15 s).
      if (master === COLLAGE_BANNER && (await withheldBy(app, published))) throw notFound('Image');
      // Names are made from the image's bytes (the collage from a collection that never changes): the name
      // is the version, so a revisit is answered without a body.
      const etag = `"${name}"`;
      if (request.headers['if-none-match'] === etag) {
        return reply
          .code(304)
          .header('etag', etag)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send();
      }
      const key = mintPageImageKey(published.collection_id, name);
      let body = pageImages.get(key);
      if (!body) {
        if (master === COLLAGE_BANNER || master !== name) {
          const collection = await collectionById(app, published.collection_id);
          if (!collection) throw notFound('Image');
          await ensureMintPageImage(app.blobs, collection, name);
        }
        try {
          body = await app.blobs.getBuffer(key);
        } catch (error) {
          if (error instanceof BlobNotFoundError) throw notFound('Image');
          throw error;
        }
        keepPageImage(key, body);
      }
      return reply
        .header('etag', etag)
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('access-control-allow-origin', '*')
        .send(body);
    },
  );

  app.get(
    '/api/v1/drops/:slug/share-card.png',
    {
      schema: {
        tags: ['drops'],
        summary:
          "A published mint page's generated share card (PNG, 1200 × 630): title, supply and price, never the art",
        params: z.object({ slug: z.string().min(1).max(80) }),
      },
    },
    async (request, reply) => {
      const png = await renderShareCard(app, request.params.slug);
      // Drawn from the live price: a crawler may keep it a few minutes, not for ever.
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'public, max-age=300')
        .header('access-control-allow-origin', '*')
        .send(png);
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
        const image = await shareImageUrl(app, drop);
        return mintPageHtml(html, drop, `${app.config.publicUrl}/mint/${drop.slug}`, image);
      } catch (error) {
        // The page itself says it is not found; the status tells crawlers.
        if (error instanceof AppError && error.statusCode === 404) return reply.code(404).send(html);
        throw error;
      }
    },
  );
}
