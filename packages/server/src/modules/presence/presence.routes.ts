import { announceProjectPresence, getProjectPresence, leaveProjectPresence } from '@layerloom/api';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import * as presence from './presence.service.ts';

/**
 * Who has a project open in the editor: each open tab beats every few seconds and lives a while after; the
 * members with the project open are told live (on any web node) when someone arrives or leaves.
 */
export async function presenceRoutes(app: App): Promise<void> {
  const guarded = { onRequest: requireUser };
  const security = [{ session: [] }];
  const tags = ['projects'];
  const ok = <T>(data: T) => ({ status: 'success' as const, data });

  app.get(
    getProjectPresence.path,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Who has the project open now',
        security,
        params: getProjectPresence.params,
        response: { 200: getProjectPresence.response },
      },
    },
    async (request) =>
      ok(await presence.getPresence(app.database.db, currentUser(request).id, request.params.id)),
  );

  app.put(
    announceProjectPresence.path,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Your editor tab has the project open (heartbeat)',
        security,
        params: announceProjectPresence.params,
        body: announceProjectPresence.body,
        response: { 200: announceProjectPresence.response },
      },
    },
    async (request) =>
      ok(
        await presence.announcePresence(app, currentUser(request).id, request.params.id, request.body.tabId),
      ),
  );

  app.delete(
    leaveProjectPresence.path,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Your editor tab closed the project',
        security,
        params: leaveProjectPresence.params,
        querystring: leaveProjectPresence.querystring,
        response: { 200: leaveProjectPresence.response },
      },
    },
    async (request) =>
      ok(await presence.leavePresence(app, currentUser(request).id, request.params.id, request.query.tabId)),
  );
}
