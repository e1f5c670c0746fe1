import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { BlobNotFoundError } from '../../storage/blob-store.ts';
import type { App } from '../../types.ts';
import { artImageKey, artVersionsOf } from '../collections/art-edits.service.ts';
import { collectionPrefix } from '../collections/collection-view.ts';
import { withheldBy } from './placeholder.service.ts';
import { sendWithheld } from './placeholder-gate.ts';
import { hostedBase, publishedBySlug } from './publications.service.ts';

const HostedParamsSchema = z.object({
  slug: z.string().min(1).max(80),
  file: z.string().min(1).max(40),
});

/** The files of a later art version: `/hosted/{slug}/v{n}/…` (the published ones have no version folder). */
const VersionedParamsSchema = HostedParamsSchema.extend({
  version: z.string().regex(/^v[1-9]\d{0,5}$/, 'Expected v2, v3, …'),
});

/**
 * How long a cached file is served without looking at the store again: published files never change, but
 * a deleted collection's must stop being served (clients and CDNs may keep them, as `immutable` allows).
 */
const CACHE_TTL_MS = 60_000;
const fresh = (entry: { at: number }) => Date.now() - entry.at < CACHE_TTL_MS;

/** Published images never change: caches and marketplaces may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Token metadata can change after publication (a metadata edit makes a new version), so it is not
 * `immutable`: caches keep it a minute, then revalidate by ETag (a hash of the JSON served).
 */
const METADATA_CACHE = 'public, max-age=60, must-revalidate';

/**
 * Rewritten metadata recently served, by `slug/edition` (a drop reads the same few thousand files at once),
 * with the stored file's size and time it was made from: a metadata edit rewrites the file, so the next
 * request makes it again.
 */
const metadataCache = new Map<string, { body: Buffer; etag: string; version: string }>();
const METADATA_CACHE_SIZE = 5000;

/** Hosted images recently served, by blob key, up to a total size: the same few images are read at once. */
const imageCache = new Map<string, { body: Buffer; etag: string; at: number }>();
const IMAGE_CACHE_BYTES = 64 * 1024 * 1024;
const IMAGE_CACHE_ITEM_BYTES = 2 * 1024 * 1024;
let imageCacheBytes = 0;

function cacheImage(key: string, entry: { body: Buffer; etag: string; at: number }): void {
  if (entry.body.length > IMAGE_CACHE_ITEM_BYTES) return;
  imageCache.set(key, entry);
  imageCacheBytes += entry.body.length;
  while (imageCacheBytes > IMAGE_CACHE_BYTES) {
    const [oldest, value] = imageCache.entries().next().value as [string, { body: Buffer }];
    imageCache.delete(oldest);
    imageCacheBytes -= value.body.length;
  }
}

/** Answers 304 when the client holds this version; otherwise sends it with the caching headers given. */
function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  type: string,
  body: () => Promise<unknown>,
  cacheControl = IMMUTABLE,
) {
  reply
    .header('etag', etag)
    .header('cache-control', cacheControl)
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
  async function resolve(slug: string, file: string, pattern: RegExp, version: number) {
    const match = pattern.exec(file);
    const published = match ? await publishedBySlug(app, slug) : undefined;
    const edition = match ? Number(match[1]) : 0;
    if (!published || edition < 1 || edition > published.size) throw notFound('File');
    const versions = await artVersionsOf(app, published.collection_id);
    if (version > 1 && !versions.some((row) => row.version === version)) throw notFound('File');
    // A pre-reveal collection's own files stay on the server until its reveal is known.
    const withheld = await withheldBy(app, published);
    return { published, edition, prefix: collectionPrefix(published.collection_id), withheld, versions };
  }

  /** The art version a versioned URL names (`v2` → 2). */
  const versionOf = (params: { version: string }) => Number(params.version.slice(1));

  async function sendMetadata(
    request: FastifyRequest,
    reply: FastifyReply,
    { slug, file }: { slug: string; file: string },
    version: number,
  ) {
    const { published, edition, prefix, withheld } = await resolve(
      slug,
      file,
      /^(\d{1,6})(?:\.json)?$/,
      version,
    );
    if (withheld) return sendWithheld(app, slug, withheld, 'metadata', reply);
    const key = `${slug}/${version}/${edition}`;
    const blobKey = `${prefix}/metadata/${edition}.json`;
    const info = await app.blobs.stat(blobKey);
    if (!info) throw notFound('File');
    const stored = `${info.size}-${info.modifiedAt.getTime()}`;
    let cached = metadataCache.get(key);
    if (!cached || cached.version !== stored) {
      let metadata: Record<string, unknown>;
      try {
        metadata = JSON.parse((await app.blobs.getBuffer(blobKey)).toString());
      } catch (error) {
        if (error instanceof BlobNotFoundError) throw notFound('File');
        throw error;
      }
      // The image of this art version: each version's metadata points at its own folder.
      metadata.image = `${hostedBase(app.config.publicUrl, published.slug, version).imageBaseUri}${edition}.png`;
      const body = Buffer.from(`${JSON.stringify(metadata, null, 2)}\n`);
      cached = {
        body,
        etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`,
        version: stored,
      };
      metadataCache.delete(key);
      metadataCache.set(key, cached);
      if (metadataCache.size > METADATA_CACHE_SIZE) {
        metadataCache.delete(metadataCache.keys().next().value as string);
      }
    }
    const { body, etag } = cached;
    return sendCached(
      request,
      reply,
      etag,
      'application/json; charset=utf-8',
      async () => body,
      METADATA_CACHE,
    );
  }

  async function sendImage(
    request: FastifyRequest,
    reply: FastifyReply,
    { slug, file }: { slug: string; file: string },
    version: number,
  ) {
    const { published, edition, withheld, versions } = await resolve(slug, file, /^(\d{1,6})\.png$/, version);
    if (withheld) return sendWithheld(app, slug, withheld, 'image', reply);
    // The image as it was at this version: a replaced token's earlier images stay at their URLs.
    let key = artImageKey(published.collection_id, versions, version, edition);
    let cached = imageCache.get(key);
    if (cached && fresh(cached)) {
      const hit = cached;
      return sendCached(request, reply, hit.etag, 'image/png', async () => hit.body);
    }
    let info = await app.blobs.stat(key);
    if (info && key.endsWith(`/images/${edition}.png`)) {
      // Written after this server read the versions: another server may have replaced the token's art
      // since, keeping the published image aside; the versions are read again.
      const current = await artVersionsOf(app, published.collection_id, info.modifiedAt.getTime());
      const moved = artImageKey(published.collection_id, current, version, edition);
      if (moved !== key) {
        key = moved;
        cached = imageCache.get(key);
        info = await app.blobs.stat(key);
      }
    }
    if (!info) throw notFound('File');
    // The image is written once, before publishing; its size and time name this version (no hashing).
    const etag = `"${info.size.toString(36)}-${info.modifiedAt.getTime().toString(36)}"`;
    if (cached && cached.etag === etag) {
      // Still there and unchanged: kept without reading it again.
      cached.at = Date.now();
      return sendCached(request, reply, etag, 'image/png', async () => cached.body);
    }
    if (info.size > IMAGE_CACHE_ITEM_BYTES) {
      return sendCached(request, reply, etag, 'image/png', () => app.blobs.get(key));
    }
    const body = await app.blobs.getBuffer(key);
    imageCacheBytes -= cached?.body.length ?? 0;
    imageCache.delete(key);
    cacheImage(key, { body, etag, at: Date.now() });
    return sendCached(request, reply, etag, 'image/png', async () => body);
  }

  const metadataSchema = { tags: ['hosted'], summary: "A published token's metadata (ERC-721), public" };
  const imageSchema = { tags: ['hosted'], summary: "A published token's image (PNG), public" };
  app.get(
    '/hosted/:slug/metadata/:file',
    { schema: { ...metadataSchema, params: HostedParamsSchema } },
    (request, reply) => sendMetadata(request, reply, request.params, 1),
  );
  app.get(
    '/hosted/:slug/images/:file',
    { schema: { ...imageSchema, params: HostedParamsSchema } },
    (request, reply) => sendImage(request, reply, request.params, 1),
  );
  app.get(
    '/hosted/:slug/:version/metadata/:file',
    {
      schema: {
        ...metadataSchema,
        summary: "A published token's metadata at a later art version (its image in that version's folder)",
        params: VersionedParamsSchema,
      },
    },
    (request, reply) => sendMetadata(request, reply, request.params, versionOf(request.params)),
  );
  app.get(
    '/hosted/:slug/:version/images/:file',
    {
      schema: {
        ...imageSchema,
        summary: "A published token's image (PNG) as it is at a later art version",
        params: VersionedParamsSchema,
      },
    },
    (request, reply) => sendImage(request, reply, request.params, versionOf(request.params)),
  );
}
