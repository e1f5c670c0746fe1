import { checkProjectQuality } from '@layerloom/api';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import { checkOwnedProjectQuality } from './quality.service.ts';

/** Layer quality before generating: the Generate NFT Quality panel's findings. Owner only. */
export async function qualityRoutes(app: App): Promise<void> {
  app.get(
    checkProjectQuality.path,
    {
      onRequest: requireUser,
      // The first check of new uploads decodes every image: bounded per user like previews.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['projects'],
        summary:
          'Layer quality findings of the saved project (empty, hidden, misplaced, look-alike, impossible traits), each with its fix',
        params: checkProjectQuality.params,
        response: { 200: checkProjectQuality.response },
      },
    },
    async (request) => {
      const data = await checkOwnedProjectQuality(
        { db: app.database.db, blobs: app.blobs },
        currentUser(request).id,
        request.params.id,
      );
      return { status: 'success' as const, data };
    },
  );
}
