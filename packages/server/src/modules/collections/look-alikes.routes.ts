import { getCollectionLookAlikes } from '@layerloom/api';
import { listLookAlikes } from '@layerloom/engine';
import type { CollectionTable } from '../../db/schema.ts';
import type { App } from '../../types.ts';
import { requireUser } from '../auth/require-user.ts';
import { createBlobSink } from './blob-sink.ts';
import { collectionPrefix } from './collection-view.ts';
import { distinctLooksOf } from './distinct-looks.ts';

/**
 * The look-alike tokens of a finished collection: the groups of tokens that look the same although
 * their metadata differs, from the looks kept with it (no image is decoded), each token with its
 * thumbnail and the values of the traits that differ within its group.
 */
export function lookAlikesRoutes(
  app: App,
  readyCollection: (ownerId: string, id: string) => Promise<CollectionTable>,
  currentUserId: (request: unknown) => string,
): void {
  app.get(
    getCollectionLookAlikes.path,
    {
      onRequest: requireUser,
      schema: {
        tags: ['collections'],
        summary:
          'The tokens of a finished collection that look the same: pixel-identical or look-alike groups',
        params: getCollectionLookAlikes.params,
        response: { 200: getCollectionLookAlikes.response },
      },
    },
    async (request) => {
      const collection = await readyCollection(currentUserId(request), request.params.id);
      const sink = createBlobSink(app.blobs, collectionPrefix(collection.id));
      const report = await listLookAlikes({ files: sink, size: collection.size });
      const thumbnail = (edition: number) =>
        `/api/v1/collections/${collection.id}/thumbnails/${edition}.webp?v=${collection.job_id}`;
      return {
        status: 'success' as const,
        data: {
          lookAlikes: {
            available: report.available,
            tokenCount: report.tokenCount,
            distinctLooks: distinctLooksOf(collection),
            groups: report.groups.map((group) => ({
              kind: group.kind,
              differingTraits: group.differingTraits,
              tokens: group.tokens.map((token) => ({ ...token, thumbnail: thumbnail(token.edition) })),
            })),
          },
        },
      };
    },
  );
}
