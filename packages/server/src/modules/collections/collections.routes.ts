import { PassThrough } from 'node:stream';
import {
  cancelGeneration,
  collectionEvents,
  deleteCollection,
  downloadCollection,
  generateProject,
  getCollection,
  getCollectionIpfs,
  listCollections,
  listTokens,
} from '@layerloom/api';
import { z } from 'zod';
import { isFinished } from '../../jobs/job.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { BlobNotFoundError } from '../../storage/blob-store.ts';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import { logCollectionActivity } from '../review/resource-activity.ts';
import { amendmentsRoutes } from './amendments.routes.ts';
import { artEditsRoutes } from './art-edits.routes.ts';
import { collectionPrefix, collectionView, progressView } from './collection-view.ts';
import * as collections from './collections.service.ts';
import {
  collectionCids,
  DOWNLOAD_URL_SECONDS,
  downloadFiles,
  solanaMetadataCid,
  storedExport,
} from './downloads.ts';
import { GENERATE_COLLECTION_JOB, generateCollectionJob } from './generate-collection.job.ts';
import { lookAlikesRoutes } from './look-alikes.routes.ts';
import { metadataEditsRoutes } from './metadata-edits.routes.ts';
import { sendStoredFile } from './ranged-download.ts';
import { rarityRoutes } from './rarity.routes.ts';
import { THUMBNAIL_SIZE, tokenThumbnail } from './thumbnails.ts';
import { FILE_TYPES, tokenAnimation } from './token-animation.ts';
import { matchesTraitFilters, parseTraitFilters } from './trait-filters.ts';

const FileParamsSchema = z.object({
  id: z.string().min(1),
  file: z
    .string()
    .regex(/^[1-9]\d*\.(png|webp|gif|mp4|json)$/, 'Expected N.png, N.webp, N.gif, N.mp4 or N.json'),
});

/** Generation and the user's collections: progress (incl. server-sent events), tokens, files and downloads. */
export async function collectionsRoutes(app: App): Promise<void> {
  app.jobs.register(GENERATE_COLLECTION_JOB, generateCollectionJob(app));
  amendmentsRoutes(app);
  metadataEditsRoutes(app);
  await app.register(artEditsRoutes);
  const guarded = { onRequest: requireUser };

  async function viewOf(collection: Awaited<ReturnType<typeof collections.getOwnedCollection>>) {
    return collectionView(collection, await app.jobs.progress(collection.job_id));
  }

  async function readyCollection(ownerId: string, id: string) {
    const collection = await collections.getOwnedCollection(app, ownerId, id);
    const progress = await app.jobs.progress(collection.job_id);
    if (progress?.status !== 'succeeded') {
      throw new AppError('CONFLICT', 'The collection is not generated yet');
    }
    return collection;
  }

  app.post(
    generateProject.path,
    {
      ...guarded,
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['collections'],
        summary: 'Generate a collection from a project (a durable background job)',
        params: generateProject.params,
        body: generateProject.body,
        response: { 202: generateProject.response },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const collection = await collections.startGeneration(app, user, request.params.id, {
        distinctLooks: request.body?.distinctLooks,
      });
      await logCollectionActivity(app.database.db, app.log, collection.id, user.id, 'collection.generated', {
        size: String(collection.size),
      });
      return reply
        .code(202)
        .send({ status: 'success' as const, data: { collection: await viewOf(collection) } });
    },
  );

  app.get(
    listCollections.path,
    {
      ...guarded,
      schema: {
        tags: ['collections'],
        summary: "A workspace's collections (?workspace=<id>; left out: your personal workspace)",
        querystring: listCollections.querystring,
        response: { 200: listCollections.response },
      },
    },
    async (request) => {
      const rows = await collections.listWorkspaceCollectionsFor(
        app,
        currentUser(request).id,
        request.query.workspace,
      );
      return { status: 'success' as const, data: { collections: await Promise.all(rows.map(viewOf)) } };
    },
  );

  app.get(
    getCollection.path,
    {
      ...guarded,
      schema: {
        tags: ['collections'],
        summary: 'One collection with its progress',
        params: getCollection.params,
        response: { 200: getCollection.response },
      },
    },
    async (request) => {
      const collection = await collections.getOwnedCollection(
        app,
        currentUser(request).id,
        request.params.id,
      );
      return { status: 'success' as const, data: { collection: await viewOf(collection) } };
    },
  );

  app.delete(
    deleteCollection.path,
    {
      ...guarded,
      schema: {
        tags: ['collections'],
        summary: 'Delete a collection and its files',
        params: deleteCollection.params,
        response: { 200: deleteCollection.response },
      },
    },
    async (request) => {
      await collections.deleteCollection(app, currentUser(request).id, request.params.id);
      return { status: 'success' as const, data: { id: request.params.id } };
    },
  );

  app.post(
    cancelGeneration.path,
    {
      ...guarded,
      schema: {
        tags: ['collections'],
        summary: 'Cancel a generation in progress',
        params: cancelGeneration.params,
        response: { 200: cancelGeneration.response },
      },
    },
    async (request) => {
      const collection = await collections.getOwnedCollection(
        app,
        currentUser(request).id,
        request.params.id,
      );
      const before = await app.jobs.progress(collection.job_id);
      if (!before || isFinished(before.status))
        throw new AppError('CONFLICT', 'The generation has already ended');
      await app.jobs.cancel(collection.job_id);
      return {
        status: 'success' as const,
        data: { progress: progressView(collection, await app.jobs.progress(collection.job_id)) },
      };
    },
  );

  app.get(
    collectionEvents.path,
    {
      ...guarded,
      // A compressing stream would hold events back until its buffer fills.
      compress: false,
      schema: {
        tags: ['collections'],
        summary: 'Live progress as server-sent events (event: progress)',
        params: collectionEvents.params,
      },
    },
    async (request, reply) => {
      const collection = await collections.getOwnedCollection(
        app,
        currentUser(request).id,
        request.params.id,
      );
      const stream = new PassThrough();
      const send = (progress: Parameters<typeof progressView>[1]) => {
        const view = progressView(collection, progress);
        stream.write(`event: progress\ndata: ${JSON.stringify(view)}\n\n`);
        if (view.status !== 'generating') stop();
      };
      const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), 15_000);
      let unsubscribe = () => {};
      let stopped = false;
      function stop() {
        if (stopped) return;
        stopped = true;
        clearInterval(keepAlive);
        unsubscribe();
        stream.end();
      }
      unsubscribe = app.jobs.subscribe(collection.job_id, (progress) => send(progress));
      request.raw.on('close', stop);
      send(await app.jobs.progress(collection.job_id));
      return reply
        .header('content-type', 'text/event-stream')
        .header('cache-control', 'no-cache')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );

  rarityRoutes(
    app,
    readyCollection,
    (request) => currentUser(request as Parameters<typeof currentUser>[0]).id,
  );
  lookAlikesRoutes(
    app,
    readyCollection,
    (request) => currentUser(request as Parameters<typeof currentUser>[0]).id,
  );

  app.get(
    listTokens.path,
    {
      ...guarded,
      schema: {
        tags: ['collections'],
        summary: 'Tokens of a finished collection, paged, with rarity rank; filter by traits',
        params: listTokens.params,
        querystring: listTokens.querystring,
        response: { 200: listTokens.response },
      },
    },
    async (request) => {
      const collection = await readyCollection(currentUser(request).id, request.params.id);
      const { tokens, rarity } = await collections.collectionIndex(app, collection);
      const { page, pageSize, sort } = request.query;
      const filters = parseTraitFilters([request.query.trait ?? []].flat(), Object.keys(rarity.traits));
      let list = tokens.map((token, index) => ({ token, edition: index + 1, rarity: rarity.tokens[index]! }));
      if (filters.size > 0) list = list.filter(({ token }) => matchesTraitFilters(token.attributes, filters));
      if (sort === 'rarity') list.sort((a, b) => a.rarity.rank - b.rarity.rank || a.edition - b.edition);
      const pageItems = list.slice((page - 1) * pageSize, page * pageSize);
      return {
        status: 'success' as const,
        data: {
          tokens: pageItems.map(({ token, edition, rarity: tokenRarity }) => ({
            edition,
            name: token.name,
            image: `/api/v1/collections/${collection.id}/images/${edition}.png`,
            ...tokenAnimation(collection.id, edition, token),
            attributes: token.attributes,
            rank: tokenRarity.rank,
            score: tokenRarity.score,
          })),
          total: list.length,
          page,
          pageSize,
          traits: rarity.traits,
        },
      };
    },
  );

  for (const folder of ['images', 'metadata'] as const) {
    app.get(
      `/api/v1/collections/:id/${folder}/:file`,
      {
        ...guarded,
        schema: {
          tags: ['collections'],
          summary: `One token's ${folder === 'images' ? 'image (N.png) or animation (N.webp, N.gif, N.mp4)' : 'metadata (N.json)'}`,
          params: FileParamsSchema,
        },
      },
      async (request, reply) => {
        const collection = await collections.getOwnedCollection(
          app,
          currentUser(request).id,
          request.params.id,
        );
        const extension = request.params.file.slice(request.params.file.lastIndexOf('.') + 1);
        const contentType = FILE_TYPES[folder][extension];
        if (!contentType) throw notFound('File');
        const edition = Number.parseInt(request.params.file, 10);
        if (edition > collection.size) throw notFound('Token');
        try {
          const stream = await app.blobs.get(
            `${collectionPrefix(collection.id)}/${folder}/${request.params.file}`,
          );
          return reply
            .header('content-type', contentType)
            .header('cache-control', 'private, max-age=31536000, immutable')
            .send(stream);
        } catch (error) {
          if (error instanceof BlobNotFoundError) throw notFound('Token');
          throw error;
        }
      },
    );
  }

  app.get(
    '/api/v1/collections/:id/thumbnails/:file',
    {
      ...guarded,
      schema: {
        tags: ['collections'],
        summary: `A token's gallery image (N.webp): at most ${THUMBNAIL_SIZE} px a side, made once and kept`,
        params: z.object({
          id: z.string().min(1),
          file: z.string().regex(/^[1-9]\d*\.webp$/, 'Expected N.webp'),
        }),
      },
    },
    async (request, reply) => {
      const collection = await collections.getOwnedCollection(
        app,
        currentUser(request).id,
        request.params.id,
      );
      const edition = Number.parseInt(request.params.file, 10);
      if (edition > collection.size) throw notFound('Token');
      try {
        const thumbnail = await tokenThumbnail(app.blobs, collection, edition);
        return reply
          .header('content-type', thumbnail.contentType)
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(thumbnail.body);
      } catch (error) {
        if (error instanceof BlobNotFoundError) throw notFound('Token');
        throw error;
      }
    },
  );

  app.get(
    getCollectionIpfs.path,
    {
      ...guarded,
      schema: {
        tags: ['collections'],
        summary:
          'IPFS CIDs of the images and metadata folders (and of the Solana metadata folder, when it has one)',
        params: getCollectionIpfs.params,
        response: { 200: getCollectionIpfs.response },
      },
    },
    async (request) => {
      const collection = await readyCollection(currentUser(request).id, request.params.id);
      const cids = await collectionCids(app.blobs, collection);
      return {
        status: 'success' as const,
        data: { ...cids, solanaMetadataCid: await solanaMetadataCid(app.blobs, collection) },
      };
    },
  );

  app.get(
    downloadCollection.path,
    {
      ...guarded,
      // Ranges count the stored bytes: never re-encode them (ZIP, PNG and CAR gain nothing from it anyway).
      compress: false,
      schema: {
        tags: ['collections'],
        summary:
          'Download: zip, collage, gif, images-car or metadata-car; solana-zip (Sugar assets folder) and solana-metadata-car for a collection with Solana metadata (with S3 storage, a 302 to a presigned URL valid 5 minutes). Resumable: Range: bytes=N- answers 206 with Content-Range (416 past the end); send the ETag as If-Range so a file changed since comes whole (200).',
        params: downloadCollection.params,
      },
    },
    async (request, reply) => {
      const collection = await readyCollection(currentUser(request).id, request.params.id);
      const { kind } = request.params;
      const file = downloadFiles[kind];
      const safeName =
        collection.name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'collection';
      // Every kind, the ZIP too, is made once and kept: a resumed download must get the same bytes.
      const key = await storedExport(app.blobs, collection, kind);
      // A store clients can download from (S3) serves the file itself, so web nodes do not proxy large files.
      if (app.blobs.downloadUrl) {
        const url = await app.blobs.downloadUrl(key, {
          fileName: `${safeName}-${file.name}`,
          contentType: file.type,
          expiresInSeconds: DOWNLOAD_URL_SECONDS,
        });
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      }
      const info = await app.blobs.stat(key);
      if (!info) throw new AppError('CONFLICT', 'The download is being remade. Try again in a moment.');
      reply
        .header('content-type', file.type)
        .header('content-disposition', `attachment; filename="${safeName}-${file.name}"`);
      return sendStoredFile(request, reply, app.blobs, key, info);
    },
  );
}
