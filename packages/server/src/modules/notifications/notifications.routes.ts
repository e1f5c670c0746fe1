import { getNotificationPreferences, updateNotificationPreferences } from '@layerloom/api';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import { readPreferences, savePreferences } from './notification-preferences.ts';

/** Settings › Notification: the signed-in user's optional-mail toggles. */
export async function notificationsRoutes(app: App): Promise<void> {
  const security = [{ session: [] }];
  app.get(
    getNotificationPreferences.path,
    {
      onRequest: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Which optional mails you receive',
        security,
        response: { 200: getNotificationPreferences.response },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { preferences: await readPreferences(app.database.db, currentUser(request).id) },
    }),
  );
  app.put(
    updateNotificationPreferences.path,
    {
      onRequest: requireUser,
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
      schema: {
        tags: ['account'],
        summary: 'Turn optional mails on or off',
        security,
        body: updateNotificationPreferences.body,
        response: { 200: updateNotificationPreferences.response },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { preferences: await savePreferences(app.database.db, currentUser(request).id, request.body) },
    }),
  );
}
