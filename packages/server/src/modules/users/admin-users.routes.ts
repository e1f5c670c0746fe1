import { listUsers, updateAccountStatus, updateUserPlan } from '@layerloom/api';
import type { App } from '../../types.ts';
import { currentUser, requireAdmin } from '../auth/require-user.ts';
import { setAccountStatus, setPlan } from './account-admin.service.ts';
import { toPublicUser } from './user-view.ts';
import { listUsersPage } from './users.repository.ts';

/** Admin-only: the user list, approving/rejecting accounts and granting plans. */
export async function adminUsersRoutes(app: App): Promise<void> {
  app.get(
    listUsers.path,
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Users, newest first (filter by account status; paginated)',
        security: [{ session: [] }],
        querystring: listUsers.querystring,
        response: { 200: listUsers.response },
      },
    },
    async (request) => {
      const { status, page, pageSize } = request.query;
      const { rows, total } = await listUsersPage(app.database.db, {
        status,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { status: 'success' as const, data: { users: rows.map(toPublicUser), page, pageSize, total } };
    },
  );

  app.patch(
    updateAccountStatus.path,
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Approve or reject an account (mails the user)',
        security: [{ session: [] }],
        params: updateAccountStatus.params,
        body: updateAccountStatus.body,
        response: { 200: updateAccountStatus.response },
      },
    },
    async (request) => {
      const user = await setAccountStatus(
        { db: app.database.db, mail: app.mail, log: request.log, publicUrl: app.config.publicUrl },
        currentUser(request).id,
        request.params.id,
        request.body.accountAccepted,
      );
      request.log.info({ userId: user.id, status: user.account_status }, 'account status changed');
      return { status: 'success' as const, data: { user: toPublicUser(user) } };
    },
  );

  app.patch(
    updateUserPlan.path,
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "Set a user's plan",
        security: [{ session: [] }],
        params: updateUserPlan.params,
        body: updateUserPlan.body,
        response: { 200: updateUserPlan.response },
      },
    },
    async (request) => {
      const user = await setPlan(app.database.db, request.params.id, request.body.planId);
      return { status: 'success' as const, data: { user: toPublicUser(user) } };
    },
  );
}
