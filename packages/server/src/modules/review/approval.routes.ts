import {
  approveCollection,
  getCollectionApproval,
  getReviewSettings,
  saveReviewSettings,
  withdrawCollectionApproval,
} from '@layerloom/api';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import * as approvals from './approval.service.ts';

/** A collection's approval before launch, and the workspace setting that requires it. */
export async function approvalRoutes(app: App): Promise<void> {
  const guarded = { onRequest: requireUser };
  const security = [{ session: [] }];
  const db = () => app.database.db;
  const ok = <T>(data: T) => ({ status: 'success' as const, data });

  app.get(
    getCollectionApproval.path,
    {
      ...guarded,
      schema: {
        tags: ['collections'],
        summary: 'Whether the collection is approved for publishing and deploying',
        security,
        params: getCollectionApproval.params,
        response: { 200: getCollectionApproval.response },
      },
    },
    async (request) =>
      ok({ approval: await approvals.getApproval(db(), currentUser(request).id, request.params.id) }),
  );

  app.post(
    approveCollection.path,
    {
      ...guarded,
      schema: {
        tags: ['collections'],
        summary: 'Approve the collection as it is now (Owners and Admins)',
        security,
        params: approveCollection.params,
        response: { 200: approveCollection.response },
      },
    },
    async (request) =>
      ok({ approval: await approvals.approve(db(), currentUser(request).id, request.params.id) }),
  );

  app.delete(
    withdrawCollectionApproval.path,
    {
      ...guarded,
      schema: {
        tags: ['collections'],
        summary: 'Withdraw the collection’s approval (Owners and Admins)',
        security,
        params: withdrawCollectionApproval.params,
        response: { 200: withdrawCollectionApproval.response },
      },
    },
    async (request) =>
      ok({ approval: await approvals.withdraw(db(), currentUser(request).id, request.params.id) }),
  );

  app.get(
    getReviewSettings.path,
    {
      ...guarded,
      schema: {
        tags: ['workspaces'],
        summary: 'Whether launches in the workspace need an approval',
        security,
        params: getReviewSettings.params,
        response: { 200: getReviewSettings.response },
      },
    },
    async (request) =>
      ok({
        settings: await approvals.getReviewSettings(db(), currentUser(request).id, request.params.id),
      }),
  );

  app.put(
    saveReviewSettings.path,
    {
      ...guarded,
      schema: {
        tags: ['workspaces'],
        summary: 'Require an approval before publishing or deploying (Owners and Admins)',
        security,
        params: saveReviewSettings.params,
        body: saveReviewSettings.body,
        response: { 200: saveReviewSettings.response },
      },
    },
    async (request) =>
      ok({
        settings: await approvals.saveReviewSettings(
          db(),
          currentUser(request).id,
          request.params.id,
          request.body.requireApproval,
        ),
      }),
  );
}
