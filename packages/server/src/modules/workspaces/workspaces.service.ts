import { randomBytes } from 'node:crypto';
import {
  type ActivityAction,
  type ActivityEntry,
  type ActivityQuery,
  activityActionLabels,
  type InvitationPreview,
  type Workspace,
  type WorkspaceInvitation,
  type WorkspaceRole,
  type WorkspaceSummary,
  workspaceRoleRank,
  workspaceRoles,
} from '@layerloom/api';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { randomToken, sha256Hex } from '../auth/tokens.ts';
import { sendSafely } from '../mail/mailer.ts';
import { workspaceInvitationMail } from '../mail/templates.ts';
import { fullName } from '../users/full-name.ts';

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;
/** The most entries the activity log answers at once (newest first). */
const ACTIVITY_LIMIT = 500;

type Db = Kysely<Database>;
type Actor = Pick<AuthUser, 'id' | 'email' | 'firstName' | 'lastName'>;

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => new Date().toISOString();
const roleLabel = (role: string) => workspaceRoles[role as WorkspaceRole]?.label ?? role;

/**
 * A member's role in a workspace. For the caller (`what` left out) a workspace they are not in is not found,
 * as an unknown one is (the two are not told apart); for another member, `what` names the 404.
 */
async function roleIn(
  db: Db,
  workspaceId: string,
  userId: string,
  what = 'Workspace',
): Promise<WorkspaceRole> {
  const member = await db
    .selectFrom('workspace_members')
    .select('role')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!member) throw notFound(what);
  return member.role as WorkspaceRole;
}

/** A personal workspace belongs to one account: it is never shared nor deleted (409 with `why`). */
async function refusePersonal(db: Db, workspaceId: string, why: string): Promise<void> {
  const workspace = await db
    .selectFrom('workspaces')
    .select('personal')
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  if (workspace && Number(workspace.personal) === 1) throw new AppError('CONFLICT', why);
}

/** Refuses a member whose role is below `least` (Admin or Owner), saying who may do it. */
function requireRole(role: WorkspaceRole, least: 'admin' | 'owner', what: string): void {
  if (workspaceRoleRank[role] >= workspaceRoleRank[least]) return;
  throw new AppError(
    'FORBIDDEN',
    `${least === 'owner' ? 'Only owners' : 'Only owners and admins'} can ${what}.`,
  );
}

/** Adds an entry to a workspace's activity log (in the caller's transaction when given one). */
export async function recordActivity(
  db: Db | Transaction<Database>,
  workspaceId: string,
  actorId: string,
  action: ActivityAction,
  subject: { userId?: string; email?: string; detail?: Record<string, string> } = {},
): Promise<void> {
  await db
    .insertInto('workspace_activity')
    .values({
      id: newId('act'),
      workspace_id: workspaceId,
      actor_id: actorId,
      action,
      subject_user_id: subject.userId ?? null,
      subject_email: subject.email ?? null,
      detail: JSON.stringify(subject.detail ?? {}),
      created_at: now(),
    })
    .execute();
}

async function summaries(db: Db, userId: string, workspaceId?: string): Promise<WorkspaceSummary[]> {
  let query = db
    .selectFrom('workspace_members as mine')
    .innerJoin('workspaces', 'workspaces.id', 'mine.workspace_id')
    .select((eb) => [
      'workspaces.id',
      'workspaces.name',
      'workspaces.created_at',
      'workspaces.personal',
      'mine.role',
      eb
        .selectFrom('workspace_members as all')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('all.workspace_id', '=', 'workspaces.id')
        .as('member_count'),
    ])
    .where('mine.user_id', '=', userId)
    .orderBy('workspaces.personal', 'desc')
    .orderBy('workspaces.name')
    .orderBy('workspaces.id');
  if (workspaceId) query = query.where('workspaces.id', '=', workspaceId);
  return (await query.execute()).map((row) => ({
    id: row.id,
    name: row.name,
    personal: Number(row.personal) === 1,
    role: row.role as WorkspaceRole,
    memberCount: Number(row.member_count ?? 0),
    createdAt: row.created_at,
  }));
}

/** The user's workspaces: their personal one first, then the teams they belong to, by name. */
export async function listWorkspaces(db: Db, userId: string): Promise<WorkspaceSummary[]> {
  return summaries(db, userId);
}

/** One workspace as the member sees it: its members, and its invitations for owners and admins. */
export async function getWorkspace(db: Db, userId: string, workspaceId: string): Promise<Workspace> {
  const [summary] = await summaries(db, userId, workspaceId);
  if (!summary) throw notFound('Workspace');
  const members = await db
    .selectFrom('workspace_members')
    .innerJoin('users', 'users.id', 'workspace_members.user_id')
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'workspace_members.role',
      'workspace_members.joined_at',
    ])
    .where('workspace_members.workspace_id', '=', workspaceId)
    .orderBy('workspace_members.joined_at')
    .execute();
  const invitations =
    workspaceRoleRank[summary.role] >= workspaceRoleRank.admin
      ? await pendingInvitations(db, workspaceId)
      : [];
  return {
    ...summary,
    members: members
      .map((member) => ({
        userId: member.id,
        name: fullName(member),
        email: member.email,
        role: member.role as WorkspaceRole,
        joinedAt: member.joined_at,
      }))
      .sort((a, b) => workspaceRoleRank[b.role] - workspaceRoleRank[a.role] || a.name.localeCompare(b.name)),
    invitations,
  };
}

async function pendingInvitations(db: Db, workspaceId: string): Promise<WorkspaceInvitation[]> {
  const rows = await db
    .selectFrom('workspace_invitations')
    .leftJoin('users', 'users.id', 'workspace_invitations.invited_by')
    .select([
      'workspace_invitations.id',
      'workspace_invitations.email',
      'workspace_invitations.role',
      'workspace_invitations.created_at',
      'workspace_invitations.expires_at',
      'users.first_name',
      'users.last_name',
      'users.email as inviter_email',
    ])
    .where('workspace_invitations.workspace_id', '=', workspaceId)
    .where('workspace_invitations.accepted_at', 'is', null)
    .where('workspace_invitations.revoked_at', 'is', null)
    .orderBy('workspace_invitations.created_at', 'desc')
    .execute();
  const at = now();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role as WorkspaceRole,
    invitedBy: row.inviter_email
      ? fullName({ first_name: row.first_name, last_name: row.last_name, email: row.inviter_email })
      : 'A former member',
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    expired: row.expires_at <= at,
  }));
}

/** Makes a team workspace; its maker is its first owner. */
export async function createWorkspace(db: Db, user: Actor, name: string): Promise<Workspace> {
  const id = newId('ws');
  const at = now();
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('workspaces').values({ id, name, created_by: user.id, created_at: at }).execute();
    await trx
      .insertInto('workspace_members')
      .values({ workspace_id: id, user_id: user.id, role: 'owner', joined_at: at })
      .execute();
    await recordActivity(trx, id, user.id, 'workspace.created', { detail: { name } });
  });
  return getWorkspace(db, user.id, id);
}

export async function renameWorkspace(
  db: Db,
  user: Actor,
  workspaceId: string,
  name: string,
): Promise<Workspace> {
  requireRole(await roleIn(db, workspaceId, user.id), 'admin', 'rename the workspace');
  const current = await db
    .selectFrom('workspaces')
    .select('name')
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  if (current.name !== name) {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('workspaces').set({ name }).where('id', '=', workspaceId).execute();
      await recordActivity(trx, workspaceId, user.id, 'workspace.renamed', {
        detail: { from: current.name, to: name },
      });
    });
  }
  return getWorkspace(db, user.id, workspaceId);
}

/** Deletes a workspace with its members, invitations and log (owners only). */
export async function deleteWorkspace(db: Db, user: Actor, workspaceId: string): Promise<void> {
  requireRole(await roleIn(db, workspaceId, user.id), 'owner', 'delete the workspace');
  await refusePersonal(
    db,
    workspaceId,
    'Your personal workspace cannot be deleted: it goes with your account.',
  );
  const held = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  const projects = Number(held.count);
  if (projects > 0)
    throw new AppError(
      'CONFLICT',
      `This workspace still holds ${projects} ${projects === 1 ? 'project' : 'projects'}: move ${projects === 1 ? 'it' : 'them'} to another workspace or delete ${projects === 1 ? 'it' : 'them'} first.`,
    );
  await db.deleteFrom('workspaces').where('id', '=', workspaceId).execute();
}

/** The address an invitation link opens, e.g. `https://layerloom.example/invitations/<token>`. */
export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/invitations/${token}`;
}

/**
 * Invites an address to the workspace with a role, by mail. Owners may invite any role, admins any but
 * Owner. A member's address is refused; an address invited already gets a new link (the old one stops working).
 */
export async function inviteMember(
  app: App,
  user: Actor,
  workspaceId: string,
  input: { email: string; role: WorkspaceRole },
): Promise<WorkspaceInvitation> {
  const db = app.database.db;
  const role = await roleIn(db, workspaceId, user.id);
  requireRole(role, 'admin', 'invite members');
  if (input.role === 'owner' && role !== 'owner')
    throw new AppError('FORBIDDEN', 'Only owners can invite another owner.');
  await refusePersonal(
    db,
    workspaceId,
    'Your personal workspace is yours alone: make a team workspace to work with others.',
  );
  const email = input.email.trim().toLowerCase();
  const member = await db
    .selectFrom('workspace_members')
    .innerJoin('users', 'users.id', 'workspace_members.user_id')
    .select('users.id')
    .where('workspace_members.workspace_id', '=', workspaceId)
    .where('users.email', '=', email)
    .executeTakeFirst();
  if (member)
    throw new AppError('CONFLICT', `${email} is a member already.`, {
      fields: [{ path: 'email', message: 'Already a member of this workspace' }],
    });
  const token = randomToken();
  const id = newId('inv');
  const at = new Date();
  const expiresAt = new Date(at.getTime() + INVITATION_TTL_DAYS * 24 * 3600 * 1000).toISOString();
  const workspace = await db
    .selectFrom('workspaces')
    .select('name')
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    // One pending invitation per address: a new one replaces the last (whose link stops working).
    await trx
      .updateTable('workspace_invitations')
      .set({ revoked_at: at.toISOString() })
      .where('workspace_id', '=', workspaceId)
      .where('email', '=', email)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    await trx
      .insertInto('workspace_invitations')
      .values({
        id,
        workspace_id: workspaceId,
        email,
        role: input.role,
        token_hash: sha256Hex(token),
        invited_by: user.id,
        created_at: at.toISOString(),
        expires_at: expiresAt,
        accepted_at: null,
        accepted_by: null,
        revoked_at: null,
      })
      .execute();
    await recordActivity(trx, workspaceId, user.id, 'member.invited', {
      email,
      detail: { role: input.role },
    });
  });
  const inviter = `${user.firstName} ${user.lastName}`.trim() || user.email;
  await sendSafely(
    app.mail,
    app.log,
    workspaceInvitationMail(email, {
      inviter,
      workspace: workspace.name,
      role: roleLabel(input.role),
      roleDescription: workspaceRoles[input.role].description,
      link: invitationLink(app.config.publicUrl, token),
      validDays: INVITATION_TTL_DAYS,
    }),
  );
  const invitation = (await pendingInvitations(db, workspaceId)).find((pending) => pending.id === id);
  if (!invitation) throw new Error('invitation vanished');
  return invitation;
}

export async function revokeInvitation(
  db: Db,
  user: Actor,
  workspaceId: string,
  invitationId: string,
): Promise<void> {
  requireRole(await roleIn(db, workspaceId, user.id), 'admin', 'withdraw invitations');
  const invitation = await db
    .selectFrom('workspace_invitations')
    .select(['email', 'accepted_at', 'revoked_at'])
    .where('id', '=', invitationId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!invitation || invitation.revoked_at) throw notFound('Invitation');
  if (invitation.accepted_at)
    throw new AppError(
      'CONFLICT',
      `${invitation.email} has accepted this invitation already: remove the member instead.`,
    );
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('workspace_invitations')
      .set({ revoked_at: now() })
      .where('id', '=', invitationId)
      .execute();
    await recordActivity(trx, workspaceId, user.id, 'invitation.revoked', { email: invitation.email });
  });
}

/** "a•••@example.com": enough for the right person to recognise their address. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

async function invitationByToken(db: Db, token: string) {
  return db
    .selectFrom('workspace_invitations')
    .innerJoin('workspaces', 'workspaces.id', 'workspace_invitations.workspace_id')
    .leftJoin('users', 'users.id', 'workspace_invitations.invited_by')
    .select([
      'workspace_invitations.id',
      'workspace_invitations.workspace_id',
      'workspace_invitations.email',
      'workspace_invitations.role',
      'workspace_invitations.expires_at',
      'workspace_invitations.accepted_at',
      'workspace_invitations.revoked_at',
      'workspaces.name as workspace_name',
      'users.first_name',
      'users.last_name',
      'users.email as inviter_email',
    ])
    .where('workspace_invitations.token_hash', '=', sha256Hex(token))
    .executeTakeFirst();
}

type InvitationRow = NonNullable<Awaited<ReturnType<typeof invitationByToken>>>;

function statusOf(invitation: InvitationRow): InvitationPreview['status'] {
  if (invitation.accepted_at) return 'accepted';
  if (invitation.revoked_at) return 'revoked';
  return invitation.expires_at <= now() ? 'expired' : 'pending';
}

/** What an invitation link is for, to whoever holds the link. */
export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const invitation = await invitationByToken(db, token);
  if (!invitation) throw notFound('Invitation');
  return {
    workspaceName: invitation.workspace_name,
    invitedBy: invitation.inviter_email
      ? fullName({
          first_name: invitation.first_name,
          last_name: invitation.last_name,
          email: invitation.inviter_email,
        })
      : 'A former member',
    role: invitation.role as WorkspaceRole,
    email: maskEmail(invitation.email),
    status: statusOf(invitation),
    expiresAt: invitation.expires_at,
  };
}

/** Joins the workspace with the invitation's role, signed in as the address it was sent to. */
export async function acceptInvitation(db: Db, user: Actor, token: string): Promise<WorkspaceSummary> {
  const invitation = await invitationByToken(db, token);
  if (!invitation) throw notFound('Invitation');
  const status = statusOf(invitation);
  if (status === 'revoked')
    throw new AppError('CONFLICT', 'This invitation was withdrawn. Ask for a new one if you still need it.');
  if (status === 'expired')
    throw new AppError(
      'CONFLICT',
      `This invitation expired after ${INVITATION_TTL_DAYS} days. Ask for a new one.`,
    );
  if (invitation.email !== user.email.toLowerCase())
    throw new AppError(
      'FORBIDDEN',
      `This invitation is for ${maskEmail(invitation.email)}. Log in with that account to accept it.`,
    );
  const workspaceId = invitation.workspace_id;
  const already = await db
    .selectFrom('workspace_members')
    .select('role')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (status === 'accepted' || already) {
    const [summary] = await summaries(db, user.id, workspaceId);
    if (summary) return summary;
    throw new AppError('CONFLICT', 'This invitation was used already. Ask for a new one.');
  }
  const at = now();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('workspace_invitations')
      .set({ accepted_at: at, accepted_by: user.id })
      .where('id', '=', invitation.id)
      .execute();
    await trx
      .insertInto('workspace_members')
      .values({ workspace_id: workspaceId, user_id: user.id, role: invitation.role, joined_at: at })
      .execute();
    await recordActivity(trx, workspaceId, user.id, 'member.joined', {
      userId: user.id,
      detail: { role: invitation.role },
    });
  });
  const [summary] = await summaries(db, user.id, workspaceId);
  if (!summary) throw new Error('membership vanished');
  return summary;
}

async function ownerCount(db: Db, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('workspace_members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Changes a member's role. Owners change anyone's; admins anyone's but owners' (to Admin at most).
 * The last owner stays an owner: a workspace always has one.
 */
export async function changeMemberRole(
  db: Db,
  user: Actor,
  workspaceId: string,
  memberId: string,
  role: WorkspaceRole,
): Promise<Workspace> {
  const mine = await roleIn(db, workspaceId, user.id);
  requireRole(mine, 'admin', 'change roles');
  const theirs = await roleIn(db, workspaceId, memberId, 'Member');
  if (mine !== 'owner' && (theirs === 'owner' || role === 'owner'))
    throw new AppError('FORBIDDEN', 'Only owners can change who is an owner.');
  if (theirs === role) return getWorkspace(db, user.id, workspaceId);
  if (theirs === 'owner' && (await ownerCount(db, workspaceId)) === 1)
    throw new AppError('CONFLICT', 'A workspace needs an owner: make someone else Owner first.');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('workspace_members')
      .set({ role })
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', memberId)
      .execute();
    await recordActivity(trx, workspaceId, user.id, 'member.role_changed', {
      userId: memberId,
      detail: { from: theirs, to: role },
    });
  });
  return getWorkspace(db, user.id, workspaceId);
}

/**
 * Removes a member (owners: anyone; admins: anyone but owners), or lets a member leave (their own id).
 * Access ends at once: every request checks membership. The last owner cannot leave.
 */
export async function removeMember(
  db: Db,
  user: Actor,
  workspaceId: string,
  memberId: string,
): Promise<void> {
  const mine = await roleIn(db, workspaceId, user.id);
  const leaving = memberId === user.id;
  const theirs = leaving ? mine : await roleIn(db, workspaceId, memberId, 'Member');
  if (!leaving) {
    requireRole(mine, 'admin', 'remove members');
    if (mine !== 'owner' && theirs === 'owner')
      throw new AppError('FORBIDDEN', 'Only owners can remove an owner.');
  }
  if (theirs === 'owner' && (await ownerCount(db, workspaceId)) === 1)
    throw new AppError(
      'CONFLICT',
      leaving
        ? 'You are the only owner: make someone else Owner before you leave, or delete the workspace.'
        : 'A workspace needs an owner: make someone else Owner first.',
    );
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('workspace_members')
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', memberId)
      .execute();
    await recordActivity(trx, workspaceId, user.id, leaving ? 'member.left' : 'member.removed', {
      userId: memberId,
      detail: { role: theirs },
    });
  });
}

/** Who did what and when, newest first, filtered by action and days (UTC). Every member may read it. */
export async function listActivity(
  db: Db,
  user: Actor,
  workspaceId: string,
  filter: ActivityQuery,
): Promise<ActivityEntry[]> {
  await roleIn(db, workspaceId, user.id);
  if (filter.from && filter.to && filter.from > filter.to)
    throw new AppError('BAD_REQUEST', 'The start of the period must not be after its end.', {
      fields: [{ path: 'from', message: 'After the end' }],
    });
  let query = db
    .selectFrom('workspace_activity')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(ACTIVITY_LIMIT);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.member) query = query.where('actor_id', '=', filter.member);
  if (filter.from) query = query.where('created_at', '>=', `${filter.from}T00:00:00.000Z`);
  if (filter.to) query = query.where('created_at', '<=', `${filter.to}T23:59:59.999Z`);
  const rows = await query.execute();
  // Names are told only for who is a member now: someone who left, or deleted their account, is "A former member".
  const ids = [...new Set(rows.flatMap((row) => [row.actor_id, row.subject_user_id ?? []].flat()))];
  const members =
    ids.length === 0
      ? []
      : await db
          .selectFrom('workspace_members')
          .innerJoin('users', 'users.id', 'workspace_members.user_id')
          .select(['users.id', 'users.first_name', 'users.last_name', 'users.email'])
          .where('workspace_members.workspace_id', '=', workspaceId)
          .where('users.id', 'in', ids)
          .execute();
  const names = new Map(members.map((member) => [member.id, fullName(member)]));
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? 'A former member') : 'A former member');
  return rows.map((row) => {
    const detail = JSON.parse(row.detail) as Record<string, string>;
    const action = row.action as ActivityAction;
    return {
      id: row.id,
      actor: nameOf(row.actor_id),
      action,
      subject: subjectOf(action, row, detail, nameOf),
      at: row.created_at,
    };
  });
}

function subjectOf(
  action: ActivityAction,
  row: { subject_user_id: string | null; subject_email: string | null },
  detail: Record<string, string>,
  nameOf: (id: string | null) => string,
): string {
  switch (action) {
    case 'workspace.created':
      return detail.name ?? '';
    case 'workspace.renamed':
      return `“${detail.from ?? ''}” → “${detail.to ?? ''}”`;
    case 'member.invited':
      return `${row.subject_email ?? ''} as ${roleLabel(detail.role ?? '')}`;
    case 'invitation.revoked':
      return row.subject_email ?? '';
    case 'member.joined':
      return `as ${roleLabel(detail.role ?? '')}`;
    case 'member.role_changed':
      return `${nameOf(row.subject_user_id)}: ${roleLabel(detail.from ?? '')} → ${roleLabel(detail.to ?? '')}`;
    case 'member.removed':
      return `${nameOf(row.subject_user_id)} (${roleLabel(detail.role ?? '')})`;
    case 'member.left':
      return `(${roleLabel(detail.role ?? '')})`;
    case 'project.moved':
      return `${detail.project ?? ''}: ${detail.from ?? ''} → ${detail.to ?? ''}`;
    case 'traits.uploaded':
      return `${detail.project ?? ''}: ${detail.count ?? ''} ${detail.count === '1' ? 'trait' : 'traits'} in ${detail.layer ?? ''}`;
    case 'rules.changed':
      return `${detail.project ?? ''}: ${detail.count ?? '0'} ${detail.count === '1' ? 'rule' : 'rules'}`;
    case 'collection.generated':
      return `${detail.collection ?? ''} (${detail.size ?? ''} ${detail.size === '1' ? 'token' : 'tokens'})`;
    case 'collection.published':
      return `${detail.collection ?? ''} (${detail.where ?? ''})`;
    case 'collection.deployed':
      return `${detail.collection ?? ''} on chain ${detail.chainId ?? ''} at ${detail.address ?? ''}`;
    case 'collection.withdrawn':
      return `${detail.collection ?? ''}: ${detail.amount ?? ''} to ${detail.to ?? ''} (transaction ${detail.transaction ?? ''})`;
    case 'collection.approved':
    case 'approval.withdrawn':
      return detail.collection ?? '';
    case 'pinning.saved':
      return `${detail.endpoint ?? ''} (token ending in ${detail.tokenLast4 ?? ''})`;
    case 'pinning.removed':
      return detail.endpoint ?? '';
  }
}

/** A CSV cell: quoted when it holds a comma, quote or line break; a leading =+-@ is neutralised for spreadsheets. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The activity log as CSV (UTF-8, header row; times in ISO 8601 UTC). */
export function activityCsv(entries: ActivityEntry[]): string {
  const lines = [
    ['Time (UTC)', 'Who', 'What', 'Details'],
    ...entries.map((entry) => [entry.at, entry.actor, activityActionLabels[entry.action], entry.subject]),
  ];
  return `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
