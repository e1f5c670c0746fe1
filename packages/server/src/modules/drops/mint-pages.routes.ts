import multipart from '@fastify/multipart';
import { getMintPage, MINT_PAGE_IMAGE_MAX_BYTES, updateMintPage, uploadMintPageImage } from '@layerloom/api';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import { BlobNotFoundError } from '../../storage/blob-store.ts';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import { readUpload } from '../projects/read-uploads.ts';
import { forgetDrop } from './drops.service.ts';
import { ensureMintPageImage, MINT_PAGE_IMAGE_NAME, mintPageImageKey } from './mint-page-images.ts';
import * as mintPages from './mint-pages.service.ts';

const ImageNameSchema = z.string().regex(MINT_PAGE_IMAGE_NAME);

/** The owner's mint page editor: read and save the settings, upload a banner or logo, see the images. */
export async function mintPagesRoutes(app: App): Promise<void> {
  await app.register(multipart, { limits: { files: 1, fields: 2 } });
  const guarded = { onRequest: requireUser };

  app.get(
    getMintPage.path,
    {
      ...guarded,
      schema: {
        tags: ['drops'],
        summary: "The collection's mint page settings, for its owner",
        params: getMintPage.params,
        response: { 200: getMintPage.response },
      },
    },
    async (request) => {
      const page = await mintPages.getMintPageEditor(app, currentUser(request).id, request.params.id);
      return { status: 'success' as const, data: { page } };
    },
  );

  app.put(
    updateMintPage.path,
    {
      ...guarded,
      config: { rateLimit: { max: 120, timeWindow: '10 minutes' } },
      schema: {
        tags: ['drops'],
        summary: 'Save the mint page: title, description, links, accent colour, banner, logo and gallery',
        params: updateMintPage.params,
        body: updateMintPage.body,
        response: { 200: updateMintPage.response },
      },
    },
    async (request) => {
      const page = await mintPages.updateMintPage(
        app,
        currentUser(request).id,
        request.params.id,
        request.body,
        forgetDrop,
      );
      return { status: 'success' as const, data: { page } };
    },
  );

  app.post(
    uploadMintPageImage.path,
    {
      ...guarded,
      bodyLimit: MINT_PAGE_IMAGE_MAX_BYTES + 64 * 1024,
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
      schema: {
        tags: ['drops'],
        summary: 'Upload the mint page banner or logo (multipart field "file"; PNG, JPEG, GIF or WebP)',
        params: uploadMintPageImage.params,
        response: { 201: uploadMintPageImage.response },
      },
    },
    async (request, reply) => {
      const { id, kind } = request.params;
      const user = currentUser(request);
      // The collection is checked first: someone else's id is a 404 whatever was sent.
      await mintPages.readyOwnedCollection(app, user.id, id);
      const label = kind === 'banner' ? 'The banner' : 'The logo';
      const upload = await readUpload(request, {
        maxBytes: MINT_PAGE_IMAGE_MAX_BYTES,
        tooLarge: () => `${label} is too big: at most ${MINT_PAGE_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
      }).catch((error: unknown) => {
        // Name the field the editor shows, not the generic "files".
        if (error instanceof AppError && error.fields) {
          throw new AppError(error.code, error.message, {
            fields: error.fields.map((field) => ({ ...field, path: kind })),
            cause: error,
          });
        }
        throw error;
      });
      if (!upload) {
        throw new AppError('BAD_REQUEST', `Choose an image file for the ${kind}`, {
          fields: [{ path: kind, message: 'No file was sent' }],
        });
      }
      const image = await mintPages.uploadMintPageImage(app, user.id, id, kind, upload.bytes);
      return reply.code(201).send({ status: 'success' as const, data: { image } });
    },
  );

  app.get(
    '/api/v1/collections/:id/mint-page/images/:name',
    {
      ...guarded,
      schema: {
        tags: ['drops'],
        summary: "A mint page image (banner, logo or the collage banner), for the collection's owner",
        params: z.object({ id: z.string().min(1), name: ImageNameSchema }),
      },
    },
    async (request, reply) => {
      const collection = await mintPages.readyOwnedCollection(
        app,
        currentUser(request).id,
        request.params.id,
      );
      const { name } = request.params;
      await ensureMintPageImage(app.blobs, collection, name);
      let body: Buffer;
      try {
        body = await app.blobs.getBuffer(mintPageImageKey(collection.id, name));
      } catch (error) {
        if (error instanceof BlobNotFoundError) throw notFound('Image');
        throw error;
      }
      // Names are made from the image's bytes: the same name is always the same image.
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(body);
    },
  );
}
