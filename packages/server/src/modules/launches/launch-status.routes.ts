import { getLaunchStatus, listLaunchStatuses } from '@layerloom/api';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import * as launches from './launch-status.service.ts';

/** Where each of a creator's collections stands in its launch (Dashboard, My Collection, the collection page). */
export async function launchStatusRoutes(app: App): Promise<void> {
  const guarded = { onRequest: requireUser };

  app.get(
    listLaunchStatuses.path,
    {
      ...guarded,
      schema: {
        tags: ['collections'],
        summary:
          'The launch status of each collection of a workspace (?workspace=<id>; left out: your personal one): draft, published, deployed, live, sold out',
        querystring: listLaunchStatuses.querystring,
        response: { 200: listLaunchStatuses.response },
      },
    },
    async (request) => {
      const statuses = await launches.listLaunchStatuses(
        app,
        currentUser(request).id,
        request.query.workspace,
      );
      return { status: 'success' as const, data: { statuses } };
    },
  );

  app.get(
    getLaunchStatus.path,
    {
      ...guarded,
      schema: {
        tags: ['collections'],
        summary: "A collection's launch status, with minted / supply and proceeds once deployed",
        params: getLaunchStatus.params,
        response: { 200: getLaunchStatus.response },
      },
    },
    async (request) => {
      const status = await launches.getLaunchStatus(app, currentUser(request).id, request.params.id);
      return { status: 'success' as const, data: { status } };
    },
  );
}
