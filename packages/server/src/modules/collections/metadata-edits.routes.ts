import { editCollectionMetadata, getCollectionMetadata } from '@layerloom/api';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import { collectionView } from './collection-view.ts';
import { editMetadataJob } from './edit-metadata.job.ts';
import * as metadataEdits from './metadata-edits.service.ts';

/** Metadata editing: the edits, traits and history, and saving new edits (a background job). */
export function metadataEditsRoutes(app: App): void {
  app.jobs.register(metadataEdits.EDIT_METADATA_JOB, editMetadataJob(app));

  app.get(
    getCollectionMetadata.path,
    {
      onRequest: requireUser,
      schema: {
        tags: ['collections'],
        summary: "The collection's metadata edits, its traits, format warnings and the history of edits",
        params: getCollectionMetadata.params,
        response: { 200: getCollectionMetadata.response },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await metadataEdits.getCollectionMetadata(app, currentUser(request).id, request.params.id),
    }),
  );

  app.put(
    editCollectionMetadata.path,
    {
      onRequest: requireUser,
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
      schema: {
        tags: ['collections'],
        summary:
          "Edit every token's metadata (name pattern, description, URL, colour, attributes, trait renames)",
        params: editCollectionMetadata.params,
        body: editCollectionMetadata.body,
        response: { 202: editCollectionMetadata.response },
      },
    },
    async (request, reply) => {
      const { collection, metadata } = await metadataEdits.saveCollectionMetadata(
        app,
        currentUser(request),
        request.params.id,
        request.body,
      );
      const progress = await app.jobs.progress(collection.job_id);
      return reply.code(202).send({
        status: 'success' as const,
        data: { collection: collectionView(collection, progress), metadata },
      });
    },
  );
}
