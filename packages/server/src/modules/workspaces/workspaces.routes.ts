import {
  acceptInvitation,
  changeMemberRole,
  createWorkspace,
  deleteWorkspace,
  exportActivity,
  getInvitation,
  getWorkspace,
  inviteMember,
  listActivity,
  listWorkspaces,
  removeMember,
  renameWorkspace,
  revokeInvitation,
} from '@layerloom/api';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import * as workspaces from './workspaces.service.ts';

/** Invitations mailed per client address and hour: enough for a studio, not for a spammer. */
const INVITE_RATE_LIMIT = { max: 30, timeWindow: '1 hour' } as const;

/**
 * Team workspaces: members and roles, invitations by mail, and the activity log. Session only (an API key
 * is refused: none of these routes is in the key scope table). Every route checks the caller's membership
 * and role as it runs, so a removed member loses access with their next request, on every web node.
 */
export async function workspacesRoutes(app: App): Promise<void> {
  const guarded = { onRequest: requireUser };
  const security = [{ session: [] }];
  const tags = ['workspaces'];
  const db = () => app.database.db;
  const ok = <T>(data: T) => ({ status: 'success' as const, data });

  app.get(
    listWorkspaces.path,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Your workspaces: your personal one, then your teams',
        security,
        response: { 200: listWorkspaces.response },
      },
    },
    async (request) => ok({ workspaces: await workspaces.listWorkspaces(db(), currentUser(request).id) }),
  );

  app.post(
    createWorkspace.path,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Make a team workspace (you are its owner)',
        security,
        body: createWorkspace.body,
        response: { 201: createWorkspace.response },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok({ workspace: await workspaces.createWorkspace(db(), currentUser(request), request.body.name) }),
        ),
  );

  app.get(
    getWorkspace.path,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'One of your workspaces, with its members',
        security,
        params: getWorkspace.params,
        response: { 200: getWorkspace.response },
      },
    },
    async (request) =>
      ok({ workspace: await workspaces.getWorkspace(db(), currentUser(request).id, request.params.id) }),
  );

  app.patch(
    renameWorkspace.path,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Rename a workspace (owners and admins)',
        security,
        params: renameWorkspace.params,
        body: renameWorkspace.body,
        response: { 200: renameWorkspace.response },
      },
    },
    async (request) =>
      ok({
        workspace: await workspaces.renameWorkspace(
          db(),
          currentUser(request),
          request.params.id,
          request.body.name,
        ),
      }),
  );

  app.delete(
    deleteWorkspace.path,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Delete a workspace (owners)',
        security,
        params: deleteWorkspace.params,
        response: { 200: deleteWorkspace.response },
      },
    },
    async (request) => {
      await workspaces.deleteWorkspace(db(), currentUser(request), request.params.id);
      return ok({ deleted: true as const });
    },
  );

  app.post(
    inviteMember.path,
    {
      ...guarded,
      config: { rateLimit: INVITE_RATE_LIMIT },
      schema: {
        tags,
        summary: 'Invite someone by email (owners: any role; admins: not Owner)',
        security,
        params: inviteMember.params,
        body: inviteMember.body,
        response: { 201: inviteMember.response },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        ok({
          invitation: await workspaces.inviteMember(
            app,
            currentUser(request),
            request.params.id,
            request.body,
          ),
        }),
      ),
  );

  app.delete(
    revokeInvitation.path,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Withdraw an invitation (its link stops working)',
        security,
        params: revokeInvitation.params,
        response: { 200: revokeInvitation.response },
      },
    },
    async (request) => {
      await workspaces.revokeInvitation(
        db(),
        currentUser(request),
        request.params.id,
        request.params.invitationId,
      );
      return ok({ revoked: true as const });
    },
  );

  app.patch(
    changeMemberRole.path,
    {
      ...guarded,
      schema: {
        tags,
        summary: "Change a member's role",
        security,
        params: changeMemberRole.params,
        body: changeMemberRole.body,
        response: { 200: changeMemberRole.response },
      },
    },
    async (request) =>
      ok({
        workspace: await workspaces.changeMemberRole(
          db(),
          currentUser(request),
          request.params.id,
          request.params.userId,
          request.body.role,
        ),
      }),
  );

  app.delete(
    removeMember.path,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Remove a member, or leave (your own id)',
        security,
        params: removeMember.params,
        response: { 200: removeMember.response },
      },
    },
    async (request) => {
      await workspaces.removeMember(db(), currentUser(request), request.params.id, request.params.userId);
      return ok({ removed: true as const });
    },
  );

  app.get(
    getInvitation.path,
    {
      schema: {
        tags,
        summary: 'What an invitation link is for (public: the link is the secret)',
        params: getInvitation.params,
        response: { 200: getInvitation.response },
      },
    },
    async (request) => ok({ invitation: await workspaces.previewInvitation(db(), request.params.token) }),
  );

  app.post(
    acceptInvitation.path,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Accept an invitation, signed in as the invited address',
        security,
        params: acceptInvitation.params,
        response: { 200: acceptInvitation.response },
      },
    },
    async (request) =>
      ok({ workspace: await workspaces.acceptInvitation(db(), currentUser(request), request.params.token) }),
  );

  app.get(
    listActivity.path,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Who did what and when, newest first',
        security,
        params: listActivity.params,
        querystring: listActivity.querystring,
        response: { 200: listActivity.response },
      },
    },
    async (request) =>
      ok({
        entries: await workspaces.listActivity(db(), currentUser(request), request.params.id, request.query),
      }),
  );

  app.get(
    exportActivity.path,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The activity log as a CSV file (same filters)',
        security,
        params: exportActivity.params,
        querystring: exportActivity.querystring,
      },
    },
    async (request, reply) => {
      const entries = await workspaces.listActivity(
        db(),
        currentUser(request),
        request.params.id,
        request.query,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="activity.csv"')
        .send(workspaces.activityCsv(entries));
    },
  );
}
