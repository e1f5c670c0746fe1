import { listNotifications, markAllNotificationsRead, markNotificationRead } from '@layerloom/api';
import { notFound } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import * as repo from './bell.repository.ts';

/** The bell: the signed-in user's notifications, read marks sent live to their other tabs. */
export async function bellRoutes(app: App): Promise<void> {
  const security = [{ session: [] }];
  const db = app.database.db;
  app.get(
    listNotifications.path,
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Your notifications, newest first',
        security,
        querystring: listNotifications.querystring,
        response: { 200: listNotifications.response },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { page, pageSize } = request.query;
      const { rows, total } = await repo.pageOfNotifications(db, userId, page, pageSize);
      return {
        status: 'success' as const,
        data: {
          notifications: rows.map(repo.toNotification),
          total,
          unread: await repo.countUnread(db, userId),
          page,
          pageSize,
        },
      };
    },
  );
  app.post(
    markNotificationRead.path,
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Mark one notification read',
        security,
        params: markNotificationRead.params,
        response: { 200: markNotificationRead.response },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const row = await repo.markRead(db, userId, request.params.id, new Date().toISOString());
      if (!row) throw notFound('Notification');
      const unread = await repo.countUnread(db, userId);
      await app.live.send(userId, 'notifications.read', { ids: [row.id], unread });
      return { status: 'success' as const, data: { notification: repo.toNotification(row), unread } };
    },
  );
  app.post(
    markAllNotificationsRead.path,
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Mark every notification read',
        security,
        response: { 200: markAllNotificationsRead.response },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const marked = await repo.markAllRead(db, userId, new Date().toISOString());
      if (marked > 0) await app.live.send(userId, 'notifications.read', { ids: null, unread: 0 });
      return { status: 'success' as const, data: { marked, unread: 0 } };
    },
  );
}
