import { search } from '@layerloom/api';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import * as searchService from './search.service.ts';

/**
 * The header search: what the signed-in user may see, grouped by kind. At start, tokens of finished
 * collections not yet indexed (finished before the index existed) are indexed in the background.
 */
export async function searchRoutes(app: App): Promise<void> {
  let indexing: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    indexing = searchService.indexUnindexedCollections(app).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not index the tokens of finished collections');
    });
  });
  app.addHook('onClose', async () => {
    await indexing;
  });

  app.get(
    search.path,
    {
      onRequest: requireUser,
      schema: {
        tags: ['search'],
        summary: "Search the user's projects, collections and tokens (and, for admins, users)",
        querystring: search.querystring,
        response: { 200: search.response },
      },
    },
    async (request) => {
      const data = await searchService.search(app, currentUser(request), request.query);
      return { status: 'success' as const, data };
    },
  );
}
