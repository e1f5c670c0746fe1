import { PassThrough } from 'node:stream';
import {
  DATA_EXPORT_PER_HOUR,
  deactivateAccount,
  deleteAccount,
  exportAccountData,
  reactivateAccount,
} from '@layerloom/api';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { perEmailLimit } from '../auth/account-rate-limit.ts';
import { LOGIN_EMAIL_RATE_LIMIT, LOGIN_RATE_LIMIT } from '../auth/auth.routes.ts';
import { clientOf } from '../auth/client-info.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import { clearSessionCookie, setSessionCookie } from '../auth/session-cookie.ts';
import { startSession } from '../auth/sessions.service.ts';
import { isTwoFactorEnabled, openChallenge } from '../auth/two-factor.service.ts';
import { toPublicUser } from '../users/user-view.ts';
import { dataExportFileName, writeDataExport } from './data-export.service.ts';
import * as service from './delete-account.service.ts';

/** Rate limit of deactivation and deletion attempts (each checks a password). */
export const DEACTIVATE_RATE_LIMIT = { max: 10, timeWindow: '15 minutes' } as const;

/** Settings › Delete Account: deactivate your own account, and reactivate it from the login page. */
export async function deleteAccountRoutes(app: App): Promise<void> {
  app.post(
    deactivateAccount.path,
    {
      onRequest: requireUser,
      config: { rateLimit: DEACTIVATE_RATE_LIMIT },
      schema: {
        tags: ['account'],
        summary:
          'Deactivate your account (password to confirm; ends every session, sign-in offers to reactivate)',
        security: [{ session: [] }],
        body: deactivateAccount.body,
        response: { 200: deactivateAccount.response },
      },
    },
    async (request, reply) => {
      await service.deactivateAccount(app, currentUser(request), request.body);
      clearSessionCookie(reply, app.config);
      request.log.info({ userId: currentUser(request).id }, 'account deactivated');
      return { status: 'success' as const, data: { deactivated: true as const } };
    },
  );

  app.post(
    deleteAccount.path,
    {
      onRequest: requireUser,
      config: { rateLimit: DEACTIVATE_RATE_LIMIT },
      schema: {
        tags: ['account'],
        summary:
          'Delete your account for good (password, two-factor code when on, DELETE typed); signs you out',
        security: [{ session: [] }],
        body: deleteAccount.body,
        response: { 200: deleteAccount.response },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await service.deleteOwnAccount(app, user, request.body);
      clearSessionCookie(reply, app.config);
      request.log.info({ userId: user.id }, 'account deleted');
      return { status: 'success' as const, data: { deleted: true as const } };
    },
  );

  // Per user, not per address: an export reads every file the user uploaded.
  const exportLimit = app.createRateLimit({
    max: DATA_EXPORT_PER_HOUR,
    timeWindow: '1 hour',
    keyGenerator: (request) => `data-export:${currentUser(request).id}`,
  });
  app.get(
    exportAccountData.path,
    {
      onRequest: requireUser,
      preHandler: async (request) => {
        const limit = await exportLimit(request);
        if (!limit.isAllowed && limit.isExceeded) {
          const minutes = Math.max(1, Math.ceil(limit.ttlInSeconds / 60));
          throw new AppError(
            'RATE_LIMITED',
            `You can download your data ${DATA_EXPORT_PER_HOUR} times an hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
            { retryAfterSeconds: limit.ttlInSeconds },
          );
        }
      },
      schema: {
        tags: ['account'],
        summary: 'Download my data: a ZIP of account.json and the files you uploaded, streamed',
        security: [{ session: [] }],
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const stream = new PassThrough();
      writeDataExport(app, user, stream).catch((error: unknown) => {
        request.log.error({ err: error, userId: user.id }, 'data export failed');
        stream.destroy(error as Error);
      });
      return reply
        .header('content-type', 'application/zip')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${dataExportFileName()}"`)
        .send(stream);
    },
  );

  const perEmail = perEmailLimit(app, { name: 'reactivate', ...LOGIN_EMAIL_RATE_LIMIT });
  app.post(
    reactivateAccount.path,
    {
      config: { rateLimit: LOGIN_RATE_LIMIT },
      preHandler: perEmail,
      schema: {
        tags: ['account'],
        summary: 'Reactivate a deactivated account and sign in (or get the two-factor step)',
        body: reactivateAccount.body,
        response: { 200: reactivateAccount.response },
      },
    },
    async (request, reply) => {
      const db = app.database.db;
      const user = await service.reactivateAccount(app, request.body);
      request.log.info({ userId: user.id }, 'account reactivated');
      if (await isTwoFactorEnabled(db, user.id)) {
        const challenge = await openChallenge(db, user.id);
        return { status: 'success' as const, data: { twoFactorRequired: true as const, ...challenge } };
      }
      const { token, expiresAt } = await startSession(db, user.id, clientOf(request));
      setSessionCookie(reply, app.config, token, expiresAt);
      return { status: 'success' as const, data: { user: toPublicUser(user) } };
    },
  );
}
