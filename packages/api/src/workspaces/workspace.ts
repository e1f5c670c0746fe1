import { z } from 'zod';
import { EmailSchema } from '../auth/password-rules.ts';
import { successSchema } from '../envelope.ts';
import { WORKSPACE_ROLES } from './workspace-roles.ts';

export const WorkspaceRoleSchema = z.enum(WORKSPACE_ROLES, {
  message: 'Choose a role: Owner, Admin, Editor or Viewer',
});

const WorkspaceNameSchema = z
  .string({ message: 'Give the workspace a name' })
  .trim()
  .min(1, 'Give the workspace a name')
  .max(60, 'The name can be at most 60 characters');

/** A workspace as one of its members sees it in a list. */
export const WorkspaceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The account's own workspace (one per account, made with it): never shared or deleted. */
  personal: z.boolean(),
  /** The caller's own role in it. */
  role: WorkspaceRoleSchema,
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type WorkspaceSummary = z.infer<typeof WorkspaceSummarySchema>;

export const WorkspaceMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: WorkspaceRoleSchema,
  joinedAt: z.string(),
});
export type WorkspaceMember = z.infer<typeof WorkspaceMemberSchema>;

/** An invitation not yet accepted (expired ones are listed so they can be sent again). */
export const WorkspaceInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: WorkspaceRoleSchema,
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type WorkspaceInvitation = z.infer<typeof WorkspaceInvitationSchema>;

/** One workspace whole: its members, and its pending invitations for those who may manage members. */
export const WorkspaceSchema = WorkspaceSummarySchema.extend({
  members: z.array(WorkspaceMemberSchema),
  /** Empty for editors and viewers: only owners and admins see who is invited. */
  invitations: z.array(WorkspaceInvitationSchema),
});
export type Workspace = z.infer<typeof WorkspaceSchema>;

const IdParams = z.object({ id: z.string().min(1).max(64) });

/** A workspace's id where a request names one (`?workspace=`, a project's `workspaceId`). */
export const WorkspaceIdSchema = z.string().trim().min(1, 'Choose a workspace').max(64, 'Unknown workspace');

/**
 * `?workspace=<id>` on a list (projects, collections, launches): that workspace's resources, for a member of it
 * (404 otherwise); left out, the caller's personal workspace.
 */
export const WorkspaceQuerySchema = z.object({ workspace: WorkspaceIdSchema.optional() });
export type WorkspaceQuery = z.infer<typeof WorkspaceQuerySchema>;

/** `GET /api/v1/workspaces`: the caller's workspaces, their personal one first, then their teams by name. */
export const listWorkspaces = {
  method: 'GET',
  path: '/api/v1/workspaces',
  response: successSchema(z.object({ workspaces: z.array(WorkspaceSummarySchema) })),
} as const;

export const CreateWorkspaceBodySchema = z.object({ name: WorkspaceNameSchema });
export type CreateWorkspaceInput = z.infer<typeof CreateWorkspaceBodySchema>;

/** `POST /api/v1/workspaces`: makes a team workspace; its maker is its first owner. */
export const createWorkspace = {
  method: 'POST',
  path: '/api/v1/workspaces',
  body: CreateWorkspaceBodySchema,
  response: successSchema(z.object({ workspace: WorkspaceSchema })),
} as const;

/** `GET /api/v1/workspaces/:id`: one workspace of the caller's, with its members. */
export const getWorkspace = {
  method: 'GET',
  path: '/api/v1/workspaces/:id',
  params: IdParams,
  response: successSchema(z.object({ workspace: WorkspaceSchema })),
} as const;

/** `PATCH /api/v1/workspaces/:id`: renames it (owners and admins). */
export const renameWorkspace = {
  method: 'PATCH',
  path: '/api/v1/workspaces/:id',
  params: IdParams,
  body: CreateWorkspaceBodySchema,
  response: successSchema(z.object({ workspace: WorkspaceSchema })),
} as const;

/**
 * `DELETE /api/v1/workspaces/:id`: deletes it (owners only); members lose access at once. Refused (409) for a
 * personal workspace and for one that still holds projects.
 */
export const deleteWorkspace = {
  method: 'DELETE',
  path: '/api/v1/workspaces/:id',
  params: IdParams,
  response: successSchema(z.object({ deleted: z.literal(true) })),
} as const;

export const InviteMemberBodySchema = z.object({ email: EmailSchema, role: WorkspaceRoleSchema });
export type InviteMemberInput = z.infer<typeof InviteMemberBodySchema>;

/**
 * `POST /api/v1/workspaces/:id/invitations`: mails an invitation link (owners: any role; admins: not Owner).
 * Inviting the same address again replaces its pending invitation with a new link.
 */
export const inviteMember = {
  method: 'POST',
  path: '/api/v1/workspaces/:id/invitations',
  params: IdParams,
  body: InviteMemberBodySchema,
  response: successSchema(z.object({ invitation: WorkspaceInvitationSchema })),
} as const;

/** `DELETE /api/v1/workspaces/:id/invitations/:invitationId`: withdraws an invitation (its link stops working). */
export const revokeInvitation = {
  method: 'DELETE',
  path: '/api/v1/workspaces/:id/invitations/:invitationId',
  params: z.object({ id: z.string().min(1).max(64), invitationId: z.string().min(1).max(64) }),
  response: successSchema(z.object({ revoked: z.literal(true) })),
} as const;

const MemberParams = z.object({ id: z.string().min(1).max(64), userId: z.string().min(1).max(64) });

/** `PATCH /api/v1/workspaces/:id/members/:userId`: changes a member's role. */
export const changeMemberRole = {
  method: 'PATCH',
  path: '/api/v1/workspaces/:id/members/:userId',
  params: MemberParams,
  body: z.object({ role: WorkspaceRoleSchema }),
  response: successSchema(z.object({ workspace: WorkspaceSchema })),
} as const;

/** `DELETE /api/v1/workspaces/:id/members/:userId`: removes a member, or leaves (one's own id). */
export const removeMember = {
  method: 'DELETE',
  path: '/api/v1/workspaces/:id/members/:userId',
  params: MemberParams,
  response: successSchema(z.object({ removed: z.literal(true) })),
} as const;

/** What an invitation link shows before it is accepted (to anyone holding the link). */
export const InvitationPreviewSchema = z.object({
  workspaceName: z.string(),
  invitedBy: z.string(),
  role: WorkspaceRoleSchema,
  /** The invited address, partly hidden ("a•••@example.com"): who should accept it. */
  email: z.string(),
  status: z.enum(['pending', 'expired', 'accepted', 'revoked']),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

const TokenParams = z.object({ token: z.string().min(20).max(128) });

/** `GET /api/v1/invitations/:token`: what the invitation is for (public: the link is the secret). */
export const getInvitation = {
  method: 'GET',
  path: '/api/v1/invitations/:token',
  params: TokenParams,
  response: successSchema(z.object({ invitation: InvitationPreviewSchema })),
} as const;

/** `POST /api/v1/invitations/:token/accept`: joins the workspace, signed in as the invited address. */
export const acceptInvitation = {
  method: 'POST',
  path: '/api/v1/invitations/:token/accept',
  params: TokenParams,
  response: successSchema(z.object({ workspace: WorkspaceSummarySchema })),
} as const;

/** What the activity log records. */
export const ActivityActionSchema = z.enum([
  'workspace.created',
  'workspace.renamed',
  'member.invited',
  'invitation.revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'project.moved',
  'traits.uploaded',
  'rules.changed',
  'collection.generated',
  'collection.published',
  'collection.deployed',
  'collection.withdrawn',
  'collection.approved',
  'approval.withdrawn',
  'pinning.saved',
  'pinning.removed',
]);
export type ActivityAction = z.infer<typeof ActivityActionSchema>;

/** Each action in plain words, for the log and its filter. */
export const activityActionLabels: Record<ActivityAction, string> = {
  'workspace.created': 'Created the workspace',
  'workspace.renamed': 'Renamed the workspace',
  'member.invited': 'Invited a member',
  'invitation.revoked': 'Withdrew an invitation',
  'member.joined': 'Joined',
  'member.role_changed': 'Changed a role',
  'member.removed': 'Removed a member',
  'member.left': 'Left',
  'project.moved': 'Moved a project',
  'traits.uploaded': 'Uploaded traits',
  'rules.changed': 'Changed the rules',
  'collection.generated': 'Generated a collection',
  'collection.published': 'Published a collection',
  'collection.deployed': 'Deployed a contract',
  'collection.withdrawn': 'Withdrew funds',
  'collection.approved': 'Approved a collection',
  'approval.withdrawn': 'Withdrew an approval',
  'pinning.saved': 'Saved the pinning provider',
  'pinning.removed': 'Removed the pinning provider',
};

export const ActivityEntrySchema = z.object({
  id: z.string(),
  /** Who did it: their name, or "A former member" once they have left or deleted their account. */
  actor: z.string(),
  action: ActivityActionSchema,
  /** What it was done to, in words ("ada@example.com as Editor"). */
  subject: z.string(),
  at: z.string(),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const ActivityQuerySchema = z.object({
  action: ActivityActionSchema.optional(),
  /** Only what this member (a user id) did. */
  member: z.string().min(1).max(64).optional(),
  /** Entries on or after this day (YYYY-MM-DD, UTC). */
  from: z.iso.date({ message: 'The start must be a date' }).optional(),
  /** Entries on or before this day (YYYY-MM-DD, UTC). */
  to: z.iso.date({ message: 'The end must be a date' }).optional(),
});
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;

/** `GET /api/v1/workspaces/:id/activity`: who did what and when, newest first (the latest 500). */
export const listActivity = {
  method: 'GET',
  path: '/api/v1/workspaces/:id/activity',
  params: IdParams,
  querystring: ActivityQuerySchema,
  response: successSchema(z.object({ entries: z.array(ActivityEntrySchema) })),
} as const;

/** `GET /api/v1/workspaces/:id/activity.csv`: the same entries as a CSV file, with the same filters. */
export const exportActivity = {
  method: 'GET',
  path: '/api/v1/workspaces/:id/activity.csv',
  params: IdParams,
  querystring: ActivityQuerySchema,
} as const;
