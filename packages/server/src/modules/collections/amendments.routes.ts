import {
  type Amendment,
  getRerollChanges,
  growCollection,
  listAmendments,
  type RerollChange,
  rerollCollection,
} from '@layerloom/api';
import type { TokenMetadata } from '@layerloom/engine';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { BlobNotFoundError } from '../../storage/blob-store.ts';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import { amendCollectionJob, beforePrefix } from './amend-collection.job.ts';
import {
  AMEND_COLLECTION_JOB,
  amendmentView,
  findAmendment,
  listAmendmentViews,
  startAmendment,
} from './amendments.service.ts';
import { collectionPrefix, collectionView } from './collection-view.ts';
import { getOwnedCollection } from './collections.service.ts';

/** Lock and reroll, growth, and their history with the before/after of each reroll. */
export function amendmentsRoutes(app: App): void {
  app.jobs.register(AMEND_COLLECTION_JOB, amendCollectionJob(app));
  const guarded = { onRequest: requireUser };

  async function started(result: Awaited<ReturnType<typeof startAmendment>>) {
    const progress = await app.jobs.progress(result.collection.job_id);
    return {
      status: 'success' as const,
      data: {
        collection: collectionView(result.collection, progress),
        amendment: amendmentView(result.amendment, progress) satisfies Amendment,
      },
    };
  }

  app.post(
    rerollCollection.path,
    {
      ...guarded,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['collections'],
        summary: 'Reroll tokens (all but the kept ones, or the ones named) as a durable background job',
        params: rerollCollection.params,
        body: rerollCollection.body,
        response: { 202: rerollCollection.response },
      },
    },
    async (request, reply) => {
      const result = await startAmendment(app, currentUser(request), request.params.id, {
        kind: 'reroll',
        body: request.body,
      });
      return reply.code(202).send(await started(result));
    },
  );

  app.post(
    growCollection.path,
    {
      ...guarded,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['collections'],
        summary:
          'Add tokens after the last one (same seed, rules and uniqueness) as a durable background job',
        params: growCollection.params,
        body: growCollection.body,
        response: { 202: growCollection.response },
      },
    },
    async (request, reply) => {
      const result = await startAmendment(app, currentUser(request), request.params.id, {
        kind: 'grow',
        body: request.body,
      });
      return reply.code(202).send(await started(result));
    },
  );

  app.get(
    listAmendments.path,
    {
      ...guarded,
      schema: {
        tags: ['collections'],
        summary: "The collection's rerolls and growth, newest first",
        params: listAmendments.params,
        response: { 200: listAmendments.response },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { amendments: await listAmendmentViews(app, currentUser(request).id, request.params.id) },
    }),
  );

  app.get(
    getRerollChanges.path,
    {
      ...guarded,
      schema: {
        tags: ['collections'],
        summary: "A reroll's tokens before and after, paged",
        params: getRerollChanges.params,
        querystring: getRerollChanges.querystring,
        response: { 200: getRerollChanges.response },
      },
    },
    async (request) => {
      const { id, amendmentId } = request.params;
      const collection = await getOwnedCollection(app, currentUser(request).id, id);
      const amendment = await findAmendment(app, collection, amendmentId);
      if (amendment.kind !== 'reroll') throw notFound('Reroll');
      const editions = JSON.parse(amendment.editions ?? '[]') as number[];
      const { page, pageSize } = request.query;
      const before = beforePrefix(collection.id, amendment.id);
      const prefix = collectionPrefix(collection.id);
      const read = async (key: string) =>
        JSON.parse((await app.blobs.getBuffer(key)).toString()) as TokenMetadata;
      const changes: RerollChange[] = [];
      try {
        for (const edition of editions.slice((page - 1) * pageSize, page * pageSize)) {
          const [old, current] = await Promise.all([
            read(`${before}/${edition}.json`),
            read(`${prefix}/metadata/${edition}.json`),
          ]);
          changes.push({
            edition,
            before: {
              name: old.name,
              attributes: old.attributes,
              image: `/api/v1/collections/${collection.id}/amendments/${amendment.id}/before/${edition}.png`,
            },
            after: { name: current.name, attributes: current.attributes },
          });
        }
      } catch (error) {
        // The reroll has not copied its tokens aside yet (queued), or its files were removed.
        if (error instanceof BlobNotFoundError) throw notFound('Reroll');
        throw error;
      }
      return { status: 'success' as const, data: { changes, total: editions.length, page } };
    },
  );

  app.get(
    '/api/v1/collections/:id/amendments/:amendmentId/before/:file',
    {
      ...guarded,
      schema: {
        tags: ['collections'],
        summary: "A rerolled token's image before the reroll (N.png)",
        params: z.object({
          id: z.string().min(1),
          amendmentId: z.string().min(1),
          file: z.string().regex(/^[1-9]\d*\.png$/, 'Expected N.png'),
        }),
      },
    },
    async (request, reply) => {
      const { id, amendmentId, file } = request.params;
      const collection = await getOwnedCollection(app, currentUser(request).id, id);
      const amendment = await findAmendment(app, collection, amendmentId);
      const edition = Number.parseInt(file, 10);
      const editions = JSON.parse(amendment.editions ?? '[]') as number[];
      if (amendment.kind !== 'reroll' || !editions.includes(edition)) throw notFound('Token');
      try {
        const stream = await app.blobs.get(`${beforePrefix(collection.id, amendment.id)}/${edition}.png`);
        return reply
          .header('content-type', 'image/png')
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(stream);
      } catch (error) {
        if (error instanceof BlobNotFoundError) throw notFound('Token');
        throw error;
      }
    },
  );
}
