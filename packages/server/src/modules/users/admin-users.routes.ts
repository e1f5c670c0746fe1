import {
  listAdminActions,
  listUsers,
  setUserActive,
  updateAccountStatus,
  updateUserPlan,
} from '@layerloom/api';
import { notFound } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { currentUser, requireAdmin } from '../auth/require-user.ts';
import { noticeAccountDecision, noticePlanChanged } from '../notifications/notices.ts';
import { adminSetPlan, setAccountStatus, setActive } from './account-admin.service.ts';
import { listAdminActionsFor, searchUsersPage } from './admin-actions.repository.ts';
import { toPublicUser } from './user-view.ts';
import { findUserById } from './users.repository.ts';

/** Admin-only: the user list, approving/rejecting accounts and granting plans. */
export async function adminUsersRoutes(app: App): Promise<void> {
  app.get(
    listUsers.path,
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Users, newest first (filter by account status; paginated)',
        security: [{ session: [] }],
        querystring: listUsers.querystring,
        response: { 200: listUsers.response },
      },
    },
    async (request) => {
      const { status, search, page, pageSize } = request.query;
      const { rows, total } = await searchUsersPage(app.database.db, {
        status,
        search,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return {
        status: 'success' as const,
        data: {
          users: rows.map((row) => ({ ...toPublicUser(row), deactivatedAt: row.deactivated_at })),
          page,
          pageSize,
          total,
        },
      };
    },
  );

  app.patch(
    updateAccountStatus.path,
    {
      onRequest: requireAdmin,
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
      await noticeAccountDecision(app, user.id, request.body.accountAccepted.status, user.account_reason);
      return { status: 'success' as const, data: { user: toPublicUser(user) } };
    },
  );

  app.patch(
    updateUserPlan.path,
    {
      onRequest: requireAdmin,
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
      const user = await adminSetPlan(
        app.database.db,
        currentUser(request).id,
        request.params.id,
        request.body.planId,
      );
      await noticePlanChanged(app, user.id, request.body.planId);
      return { status: 'success' as const, data: { user: toPublicUser(user) } };
    },
  );

  app.patch(
    setUserActive.path,
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Deactivate (sign-in refused, sessions ended) or reactivate a user',
        security: [{ session: [] }],
        params: setUserActive.params,
        body: setUserActive.body,
        response: { 200: setUserActive.response },
      },
    },
    async (request) => {
      const user = await setActive(
        app.database.db,
        currentUser(request).id,
        request.params.id,
        request.body.active,
      );
      request.log.info({ userId: user.id, active: request.body.active }, 'account activity changed');
      return {
        status: 'success' as const,
        data: { user: toPublicUser(user), deactivatedAt: user.deactivated_at },
      };
    },
  );

  app.get(
    listAdminActions.path,
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "A user's recent admin actions (who did what, when), newest first",
        security: [{ session: [] }],
        params: listAdminActions.params,
        response: { 200: listAdminActions.response },
      },
    },
    async (request) => {
      const user = await findUserById(app.database.db, request.params.id);
      if (!user) throw notFound('User');
      return {
        status: 'success' as const,
        data: { actions: await listAdminActionsFor(app.database.db, user.id) },
      };
    },
  );
}
