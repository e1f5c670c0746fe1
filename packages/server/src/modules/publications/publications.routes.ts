import { getPublication, publishCollection } from '@layerloom/api';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import { requireApprovalFor } from '../review/approval.service.ts';
import { logCollectionActivity } from '../review/resource-activity.ts';
import * as publications from './publications.service.ts';

/** A collection's publication, for its owner: read it, publish it. */
export async function publicationsRoutes(app: App): Promise<void> {
  const guarded = { onRequest: requireUser };

  app.get(
    getPublication.path,
    {
      ...guarded,
      schema: {
        tags: ['publications'],
        summary: "The collection's publication (null before it is published)",
        params: getPublication.params,
        response: { 200: getPublication.response },
      },
    },
    async (request) => {
      const publication = await publications.getPublication(app, currentUser(request).id, request.params.id);
      return { status: 'success' as const, data: { publication } };
    },
  );

  app.post(
    publishCollection.path,
    {
      ...guarded,
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: ['publications'],
        summary: 'Publish a ready collection: public, immutable URLs for its metadata and images',
        params: publishCollection.params,
        body: publishCollection.body,
        response: { 201: publishCollection.response },
      },
    },
    async (request, reply) => {
      await requireApprovalFor(app.database.db, request.params.id, currentUser(request).id, 'published');
      const publication = await publications.publishCollection(
        app,
        currentUser(request).id,
        request.params.id,
        request.body,
      );
      await logCollectionActivity(
        app.database.db,
        app.log,
        request.params.id,
        currentUser(request).id,
        'collection.published',
        {
          where: 'hosted by Layerloom',
        },
      );
      return reply.code(201).send({ status: 'success' as const, data: { publication } });
    },
  );
}
