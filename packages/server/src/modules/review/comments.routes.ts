import {
  addCollectionComment,
  addProjectComment,
  deleteCollectionComment,
  deleteProjectComment,
  listCollectionComments,
  listProjectComments,
} from '@layerloom/api';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import * as comments from './comments.service.ts';

/**
 * Comments on a collection's tokens and traits and on a project's traits: every member reads and writes them
 * (Viewers too); the author, an Owner or an Admin deletes one; mentioned members are notified.
 */
export async function commentsRoutes(app: App): Promise<void> {
  const guarded = { onRequest: requireUser };
  const security = [{ session: [] }];
  const ok = <T>(data: T) => ({ status: 'success' as const, data });

  for (const [kind, list, add, remove] of [
    ['collection', listCollectionComments, addCollectionComment, deleteCollectionComment],
    ['project', listProjectComments, addProjectComment, deleteProjectComment],
  ] as const) {
    const tags = [kind === 'collection' ? 'collections' : 'projects'];
    const noun = kind === 'collection' ? 'a token or trait of the collection' : 'a trait of the project';
    app.get(
      list.path,
      {
        ...guarded,
        schema: {
          tags,
          summary: `Comments on ${noun}`,
          security,
          params: list.params,
          querystring: list.querystring,
          response: { 200: list.response },
        },
      },
      async (request) =>
        ok(
          await comments.listComments(
            app.database.db,
            currentUser(request).id,
            { kind, id: request.params.id },
            request.query,
          ),
        ),
    );
    app.post(
      add.path,
      {
        ...guarded,
        schema: {
          tags,
          summary: `Comment on ${noun} (mentions notify)`,
          security,
          params: add.params,
          body: add.body,
          response: { 201: add.response },
        },
      },
      async (request, reply) =>
        reply.code(201).send(
          ok({
            comment: await comments.addComment(
              app,
              currentUser(request).id,
              { kind, id: request.params.id },
              request.body,
            ),
          }),
        ),
    );
    app.delete(
      remove.path,
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Delete a comment (its author, an Owner or an Admin)',
          security,
          params: remove.params,
          response: { 200: remove.response },
        },
      },
      async (request) => {
        await comments.deleteComment(
          app.database.db,
          currentUser(request).id,
          { kind, id: request.params.id },
          request.params.commentId,
        );
        return ok({ deleted: true as const });
      },
    );
  }
}
