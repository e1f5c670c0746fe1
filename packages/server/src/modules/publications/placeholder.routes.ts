import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  deletePlaceholder,
  getPlaceholder,
  PLACEHOLDER_MAX_BYTES,
  recordReveal,
  setPlaceholder,
} from '@layerloom/api';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import { BlobNotFoundError } from '../../storage/blob-store.ts';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import { forgetDrop } from '../drops/drops.service.ts';
import * as placeholders from './placeholder.service.ts';
import {
  checkPlaceholderImage,
  type PlaceholderImageType,
  placeholderContentTypes,
} from './placeholder-image.ts';

/**
 * The placeholder JSON can change until the reveal, so it is not `immutable`: caches keep it a minute and
 * then revalidate by ETag. The image it points at is content-addressed (its hash is in its URL), so that
 * URL never changes meaning and is cached for good.
 */
const PLACEHOLDER_JSON_CACHE = 'public, max-age=60, must-revalidate';
const IMMUTABLE = 'public, max-age=31536000, immutable';

const SlugParamsSchema = z.object({ slug: z.string().min(1).max(80) });
const ImageParamsSchema = z.object({ slug: z.string().min(1).max(80), file: z.string().min(1).max(80) });

/** The multipart body of a placeholder update: at most one `image` file and the `name`/`description` fields. */
async function readPlaceholderForm(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the placeholder as multipart/form-data');
  }
  let upload: { filename: string; bytes: Buffer } | undefined;
  const fields: { name?: string; description?: string } = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: PLACEHOLDER_MAX_BYTES + 1 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'image' && !upload) upload = { filename: part.filename, bytes };
      } else if (part.fieldname === 'name' || part.fieldname === 'description') {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = `The image is over ${PLACEHOLDER_MAX_BYTES / 1024 / 1024} MB: use a smaller placeholder image`;
      throw new AppError('PAYLOAD_TOO_LARGE', message, {
        fields: [{ path: 'image', message }],
        cause: error,
      });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) throw error;
    throw new AppError(
      'BAD_REQUEST',
      'The upload could not be read: the multipart body is malformed or cut short',
      {
        cause: error,
      },
    );
  }
  return { upload, fields };
}

/** A collection's pre-reveal placeholder: set and read by its owner, served publicly under `/hosted/{slug}/`. */
export async function placeholderRoutes(app: App): Promise<void> {
  await app.register(multipart, { limits: { files: 1, fields: 5, fieldSize: 8 * 1024 } });
  const guarded = { onRequest: requireUser };

  app.get(
    getPlaceholder.path,
    {
      ...guarded,
      schema: {
        tags: ['publications'],
        summary: "The published collection's pre-reveal placeholder (null when none is set)",
        params: getPlaceholder.params,
        response: { 200: getPlaceholder.response },
      },
    },
    async (request) => {
      const placeholder = await placeholders.getPlaceholder(app, currentUser(request).id, request.params.id);
      return { status: 'success' as const, data: { placeholder } };
    },
  );

  app.put(
    setPlaceholder.path,
    {
      ...guarded,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['publications'],
        summary:
          'Set the pre-reveal placeholder (multipart: "image" PNG/JPEG/WebP/GIF up to 5 MB, "name", "description")',
        params: setPlaceholder.params,
        response: { 200: setPlaceholder.response },
      },
    },
    async (request) => {
      const { upload, fields } = await readPlaceholderForm(request);
      // Checked before the service writes anything: a bad image changes nothing.
      const image = upload ? await checkPlaceholderImage(upload.filename, upload.bytes) : undefined;
      const placeholder = await placeholders.setPlaceholder(app, currentUser(request).id, request.params.id, {
        image,
        ...fields,
      });
      return { status: 'success' as const, data: { placeholder } };
    },
  );

  app.delete(
    deletePlaceholder.path,
    {
      ...guarded,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['publications'],
        summary:
          'Remove the pre-reveal placeholder (refused after the reveal, and once a contract is deployed)',
        params: deletePlaceholder.params,
        response: { 200: deletePlaceholder.response },
      },
    },
    async (request) => {
      const slug = await placeholders.removePlaceholder(app, currentUser(request).id, request.params.id);
      // The mint page's cached data hid the collage banner while the placeholder stood.
      forgetDrop(slug);
      return { status: 'success' as const, data: { placeholder: null } };
    },
  );

  app.post(
    recordReveal.path,
    {
      ...guarded,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['publications'],
        summary:
          "Record the collection's reveal once its contract is revealed on chain (checked by the server)",
        params: recordReveal.params,
        response: { 200: recordReveal.response },
      },
    },
    async (request) => {
      const placeholder = await placeholders.recordReveal(app, currentUser(request).id, request.params.id);
      return { status: 'success' as const, data: { placeholder } };
    },
  );

  app.get(
    '/hosted/:slug/placeholder.json',
    {
      schema: {
        tags: ['hosted'],
        summary:
          "A pre-reveal collection's placeholder metadata (ERC-721), what every tokenURI returns until the reveal",
        params: SlugParamsSchema,
      },
    },
    async (request, reply) => {
      const found = await placeholders.placeholderBySlug(app, request.params.slug);
      if (!found) throw notFound('Placeholder');
      const { row, publication } = found;
      const { imageUrl } = placeholders.placeholderUrls(app.config.publicUrl, publication.slug, row);
      const body = `${JSON.stringify({ name: row.name, description: row.description, image: imageUrl }, null, 2)}\n`;
      const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
      reply
        .header('etag', etag)
        .header('cache-control', PLACEHOLDER_JSON_CACHE)
        .header('access-control-allow-origin', '*')
        .header('content-type', 'application/json; charset=utf-8');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(body);
    },
  );

  app.get(
    '/hosted/:slug/placeholder/:file',
    {
      schema: {
        tags: ['hosted'],
        summary: "A pre-reveal collection's placeholder image, at a URL named by its content",
        params: ImageParamsSchema,
      },
    },
    async (request, reply) => {
      const found = await placeholders.placeholderBySlug(app, request.params.slug);
      // Only the current image: an older one's URL stops answering once it is replaced.
      if (!found || request.params.file !== placeholders.imageFileName(found.row)) throw notFound('File');
      let body: Buffer;
      try {
        body = await app.blobs.getBuffer(found.row.image_key);
      } catch (error) {
        if (error instanceof BlobNotFoundError) throw notFound('File');
        throw error;
      }
      const etag = `"${found.row.image_hash.slice(0, 32)}"`;
      reply
        .header('etag', etag)
        .header('cache-control', IMMUTABLE)
        .header('access-control-allow-origin', '*')
        .header('content-type', placeholderContentTypes[found.row.image_type as PlaceholderImageType]);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(body);
    },
  );
}
