import { type WorkspaceRole, workspaceRoleRank, workspaceRoles } from '@layerloom/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';

export type { WorkspaceRole } from '@layerloom/api';

type Db = Kysely<Database>;

/** A caller's standing on a resource: the workspace it belongs to and the caller's role there. */
export interface ResourceAccess {
  workspaceId: string;
  role: WorkspaceRole;
}

/** The id of a user's personal workspace: made with the account (migration 0190 for older accounts). */
export function personalWorkspaceIdOf(userId: string): string {
  return `wsp_${userId}`;
}

/** Whether `role` may do what needs `need` (owner > admin > editor > viewer). */
export function roleAllows(role: WorkspaceRole, need: WorkspaceRole): boolean {
  return workspaceRoleRank[role] >= workspaceRoleRank[need];
}

/** The caller's role in a workspace, or undefined when they are not a member (read on every call). */
export async function workspaceRole(db: Db, workspaceId: string, userId: string) {
  const row = await db
    .selectFrom('workspace_members')
    .select('role')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? (row.role as WorkspaceRole) : undefined;
}

/** The project's workspace and the caller's role there; undefined when there is no such project or they are not a member. */
export async function projectAccess(db: Db, projectId: string, userId: string) {
  const row = await db
    .selectFrom('projects')
    .innerJoin('workspace_members', 'workspace_members.workspace_id', 'projects.workspace_id')
    .select(['projects.workspace_id', 'workspace_members.role'])
    .where('projects.id', '=', projectId)
    .where('workspace_members.user_id', '=', userId)
    .executeTakeFirst();
  return row ? { workspaceId: row.workspace_id, role: row.role as WorkspaceRole } : undefined;
}

/** The collection's workspace and the caller's role there; undefined when there is no such collection or they are not a member. */
export async function collectionAccess(db: Db, collectionId: string, userId: string) {
  const row = await db
    .selectFrom('collections')
    .innerJoin('workspace_members', 'workspace_members.workspace_id', 'collections.workspace_id')
    .select(['collections.workspace_id', 'workspace_members.role'])
    .where('collections.id', '=', collectionId)
    .where('workspace_members.user_id', '=', userId)
    .executeTakeFirst();
  return row ? { workspaceId: row.workspace_id, role: row.role as WorkspaceRole } : undefined;
}

/** The 403 for a member whose role is too low: "Your role in this workspace (Viewer) cannot publish the collection." */
export function roleTooLow(role: WorkspaceRole, action: string): AppError {
  return new AppError(
    'FORBIDDEN',
    `Your role in this workspace (${workspaceRoles[role].label}) cannot ${action}.`,
  );
}

function granted(access: ResourceAccess | undefined, what: string, need: WorkspaceRole, action: string) {
  if (!access) throw notFound(what);
  if (!roleAllows(access.role, need)) throw roleTooLow(access.role, action);
  return access;
}

/** The caller's access to a project with at least `need`: 404 'Project not found' for a non-member, 403 for a lower role. */
export async function requireProjectRole(
  db: Db,
  projectId: string,
  userId: string,
  need: WorkspaceRole,
  action: string,
): Promise<ResourceAccess> {
  return granted(await projectAccess(db, projectId, userId), 'Project', need, action);
}

/** The caller's access to a collection with at least `need`: 404 'Collection not found' for a non-member, 403 for a lower role. */
export async function requireCollectionRole(
  db: Db,
  collectionId: string,
  userId: string,
  need: WorkspaceRole,
  action: string,
): Promise<ResourceAccess> {
  return granted(await collectionAccess(db, collectionId, userId), 'Collection', need, action);
}

/** The user's personal workspace, made now if their account predates it (an account always has one). */
export async function personalWorkspaceId(db: Db, userId: string): Promise<string> {
  const id = personalWorkspaceIdOf(userId);
  if (await workspaceRole(db, id, userId)) return id;
  await createPersonalWorkspace(db, userId);
  return id;
}

/** Makes a user's personal workspace ("Personal", the user its owner); does nothing when it exists. */
export async function createPersonalWorkspace(db: Db, userId: string): Promise<void> {
  const id = personalWorkspaceIdOf(userId);
  const at = new Date().toISOString();
  await db
    .insertInto('workspaces')
    .values({ id, name: 'Personal', created_by: userId, created_at: at, personal: 1 })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  await db
    .insertInto('workspace_members')
    .values({ workspace_id: id, user_id: userId, role: 'owner', joined_at: at })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/**
 * The workspace a new resource goes to: the one named (the caller needs `need` there; a workspace they are not
 * in is not found) or, with none named, their personal workspace.
 */
export async function resolveWorkspaceForCreate(
  db: Db,
  userId: string,
  workspaceId: string | undefined,
  need: WorkspaceRole,
  action = 'create projects in it',
): Promise<string> {
  if (workspaceId === undefined) return personalWorkspaceId(db, userId);
  const role = await workspaceRole(db, workspaceId, userId);
  if (!role) throw notFound('Workspace');
  if (!roleAllows(role, need)) throw roleTooLow(role, action);
  return workspaceId;
}

/**
 * The workspace a list shows: the one named, for a member of it (any role; 404 'Workspace not found' otherwise,
 * as for an unknown id), or the user's personal workspace.
 */
export async function workspaceForList(
  db: Db,
  userId: string,
  workspaceId: string | undefined,
): Promise<string> {
  return resolveWorkspaceForCreate(db, userId, workspaceId, 'viewer');
}
