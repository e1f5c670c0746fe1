import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { BlobNotFoundError } from '../../storage/blob-store.ts';
import type { App } from '../../types.ts';
import { collectionPrefix } from '../collections/collection-view.ts';
import { hostedBase, publishedBySlug } from './publications.service.ts';

const HostedParamsSchema = z.object({
  slug: z.string().min(1).max(80),
  file: z.string().min(1).max(40),
});

/** Published files never change: caches and marketplaces may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Rewritten metadata recently served, by `slug/edition` (a drop reads the same few thousand files at once). */
const metadataCache = new Map<string, { body: Buffer; etag: string }>();
const METADATA_CACHE_SIZE = 5000;

/** Answers 304 when the client holds this version; otherwise sends it with the immutable headers. */
function sendImmutable(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  type: string,
  body: () => Promise<unknown>,
) {
  reply
    .header('etag', etag)
    .header('cache-control', IMMUTABLE)
    .header('access-control-allow-origin', '*')
    .header('content-type', type);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return body().then((payload) => reply.send(payload));
}

/**
 * The public, read-only files of published collections (what `tokenURI` points at): metadata at
 * `/hosted/{slug}/metadata/{id}` (with or without `.json`), its `image` rewritten to
 * `/hosted/{slug}/images/{id}.png`. No account needed; unpublished collections are not here.
 */
export async function hostedRoutes(app: App): Promise<void> {
  /** The published collection and edition a request names, or a 404. */
  async function resolve(slug: string, file: string, pattern: RegExp) {
    const match = pattern.exec(file);
    const published = match ? await publishedBySlug(app, slug) : undefined;
    const edition = match ? Number(match[1]) : 0;
    if (!published || edition < 1 || edition > published.size) throw notFound('File');
    return { published, edition, prefix: collectionPrefix(published.collection_id) };
  }

  app.get(
    '/hosted/:slug/metadata/:file',
    {
      schema: {
        tags: ['hosted'],
        summary: "A published token's metadata (ERC-721), public",
        params: HostedParamsSchema,
      },
    },
    async (request, reply) => {
      const { slug, file } = request.params;
      const { published, edition, prefix } = await resolve(slug, file, /^(\d{1,6})(?:\.json)?$/);
      const key = `${slug}/${edition}`;
      let cached = metadataCache.get(key);
      if (!cached) {
        let metadata: Record<string, unknown>;
        try {
          metadata = JSON.parse((await app.blobs.getBuffer(`${prefix}/metadata/${edition}.json`)).toString());
        } catch (error) {
          if (error instanceof BlobNotFoundError) throw notFound('File');
          throw error;
        }
        metadata.image = `${hostedBase(app.config.publicUrl, published.slug).imageBaseUri}${edition}.png`;
        const body = Buffer.from(`${JSON.stringify(metadata, null, 2)}\n`);
        cached = { body, etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"` };
        metadataCache.set(key, cached);
        if (metadataCache.size > METADATA_CACHE_SIZE) {
          metadataCache.delete(metadataCache.keys().next().value as string);
        }
      }
      const { body, etag } = cached;
      return sendImmutable(request, reply, etag, 'application/json; charset=utf-8', async () => body);
    },
  );

  app.get(
    '/hosted/:slug/images/:file',
    {
      schema: {
        tags: ['hosted'],
        summary: "A published token's image (PNG), public",
        params: HostedParamsSchema,
      },
    },
    async (request, reply) => {
      const { slug, file } = request.params;
      const { edition, prefix } = await resolve(slug, file, /^(\d{1,6})\.png$/);
      const key = `${prefix}/images/${edition}.png`;
      const info = await app.blobs.stat(key);
      if (!info) throw notFound('File');
      // The image is written once, before publishing; its size and time name this version.
      const etag = `"${info.size.toString(36)}-${info.modifiedAt.getTime().toString(36)}"`;
      return sendImmutable(request, reply, etag, 'image/png', () => app.blobs.get(key));
    },
  );
}
