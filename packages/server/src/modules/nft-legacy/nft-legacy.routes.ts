import { legacyGenerate, legacyGetCollection, legacyGetThumbnails, planById } from '@layerloom/api';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import { statusOf } from '../collections/collection-view.ts';
import { findOwnedCollection, listOwnedCollections } from '../collections/collections.repository.ts';
import { startGeneration } from '../collections/collections.service.ts';
import { addTraits, createProject, deleteProject, updateProject } from '../projects/projects.service.ts';

/** A legacy request carries every image as a data URL: allow a large body on that route only. */
const LEGACY_GENERATE_BODY_LIMIT = 200 * 1024 * 1024;

const EXTENSION_OF: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif' };

function fileOf(image: { imageName: string; _d: string }) {
  const comma = image._d.indexOf(',');
  const mime = image._d.slice(5, image._d.indexOf(';'));
  const hasExtension = /\.[A-Za-z0-9]{2,4}$/.test(image.imageName);
  const extension = EXTENSION_OF[mime];
  return {
    filename: hasExtension || !extension ? image.imageName : `${image.imageName}.${extension}`,
    bytes: Buffer.from(image._d.slice(comma + 1), 'base64'),
  };
}

/** The spec's generator calls, with its shapes, on top of projects and collections; identity from the session. */
export async function nftLegacyRoutes(app: App): Promise<void> {
  const guarded = { onRequest: requireUser };
  const ctx = () => ({ db: app.database.db, blobs: app.blobs });

  app.post(
    legacyGenerate.path,
    {
      ...guarded,
      bodyLimit: LEGACY_GENERATE_BODY_LIMIT,
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['nft (spec)'],
        summary: 'Create a project from layers of data-URL images and start generating it',
        body: legacyGenerate.body,
        response: { 202: legacyGenerate.response },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      if (body.userId !== user.id) {
        throw new AppError('FORBIDDEN', 'userId must be the signed-in user', {
          fields: [{ path: 'userId', message: 'Not the signed-in user' }],
        });
      }
      const project = await createProject(ctx(), user.id, {
        name: body.projectName,
        description: body.description,
        collectionSize: body.collectionSize,
        width: body.width,
        height: body.height,
      });
      try {
        const withLayers = await updateProject(ctx(), user.id, project.id, {
          layers: body.Layers.map((layer) => ({ name: layer.name })),
        });
        for (const [index, layer] of body.Layers.entries()) {
          await addTraits(
            ctx(),
            user.id,
            project.id,
            withLayers.layers[index]!.id,
            layer.images.map(fileOf),
            planById(user.planId),
          );
        }
        const collection = await startGeneration(app, user, project.id);
        return reply.code(202).send({
          status: 'success' as const,
          message: 'Generation started',
          data: { projectId: project.id, collectionId: collection.id },
        });
      } catch (error) {
        // Nothing is kept from a refused request.
        await deleteProject(ctx(), user.id, project.id);
        throw error;
      }
    },
  );

  app.post(
    legacyGetThumbnails.path,
    {
      ...guarded,
      schema: {
        tags: ['nft (spec)'],
        summary: "Thumbnails of the signed-in user's finished collections",
        body: legacyGetThumbnails.body,
        response: { 200: legacyGetThumbnails.response },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.body.id !== user.id)
        throw new AppError('FORBIDDEN', 'You can only list your own collections');
      const rows = await listOwnedCollections(app.database.db, user.id);
      const message = [];
      for (const row of rows) {
        if (statusOf(await app.jobs.progress(row.job_id)) !== 'ready') continue;
        message.push({
          thumbnail: `/api/v1/collections/${row.id}/images/1.png`,
          collectionRef: row.id,
          collectionName: row.name,
        });
      }
      return { status: 'success' as const, message };
    },
  );

  app.post(
    legacyGetCollection.path,
    {
      ...guarded,
      schema: {
        tags: ['nft (spec)'],
        summary: 'One of the signed-in user’s collections: name, description and image URLs',
        body: legacyGetCollection.body,
        response: { 200: legacyGetCollection.response, 404: legacyGetCollection.notFoundResponse },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await findOwnedCollection(app.database.db, request.body.collection_id, user.id);
      const ready = row && statusOf(await app.jobs.progress(row.job_id)) === 'ready';
      if (!row || !ready) {
        return reply.code(404).send({
          status: 'error',
          Error: true,
          error: {
            code: 'NOT_FOUND',
            message: row ? 'The collection is not generated yet' : 'Collection not found',
          },
        });
      }
      return {
        status: 'success' as const,
        Error: false as const,
        message: {
          collectionName: row.name,
          discription: row.description,
          images: Array.from(
            { length: row.size },
            (_, index) => `/api/v1/collections/${row.id}/images/${index + 1}.png`,
          ),
        },
      };
    },
  );
}
