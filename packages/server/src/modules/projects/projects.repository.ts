import type { Kysely, Transaction } from 'kysely';
import type { Database, ProjectTable } from '../../db/schema.ts';
import { fullName } from '../users/full-name.ts';
import { parseProjectRow, type StoredProject, serializeProject } from './project-document.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertProject(db: Db, project: StoredProject): Promise<void> {
  await db.insertInto('projects').values(serializeProject(project)).execute();
}

/** The project if it exists and `userId` is a member of its workspace (any role: routes check the role). */
export async function findOwnedProject(
  db: Db,
  id: string,
  userId: string,
): Promise<StoredProject | undefined> {
  const row = await db
    .selectFrom('projects')
    .selectAll('projects')
    .where('projects.id', '=', id)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('workspace_members')
          .select('workspace_members.user_id')
          .whereRef('workspace_members.workspace_id', '=', 'projects.workspace_id')
          .where('workspace_members.user_id', '=', userId),
      ),
    )
    .executeTakeFirst();
  return row ? parseProjectRow(row) : undefined;
}

/** The projects `ownerId` made, in any workspace, last saved first (their account's export and deletion). */
export async function listOwnedProjects(db: Db, ownerId: string): Promise<StoredProject[]> {
  const rows = await db
    .selectFrom('projects')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row: ProjectTable) => parseProjectRow(row));
}

/** The projects of a workspace, last saved first. */
export async function listWorkspaceProjects(db: Db, workspaceId: string): Promise<StoredProject[]> {
  const rows = await db
    .selectFrom('projects')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row: ProjectTable) => parseProjectRow(row));
}

/**
 * Saves the project if it is still at `project.version` (a conditional UPDATE, so two writers never both
 * win) and bumps the version, recording `by` as who saved last. False when another write got there first.
 */
export async function saveProject(db: Db, project: StoredProject, by: string): Promise<boolean> {
  const {
    id,
    owner_id: _owner,
    workspace_id: _workspace,
    created_at: _created,
    version,
    updated_by: _by,
    ...changes
  } = serializeProject(project);
  const result = await db
    .updateTable('projects')
    .set({ ...changes, version: version + 1, updated_by: by })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  project.version = version + 1;
  project.updated_by = by;
  return true;
}

/**
 * Puts a project back exactly as it was before a refused change (its version and who saved included), if
 * nothing else was saved since `currentVersion`: the refused change then wrote nothing anyone keeps.
 */
export async function restoreProject(
  db: Db,
  before: StoredProject,
  currentVersion: number,
): Promise<boolean> {
  const {
    id,
    owner_id: _owner,
    workspace_id: _workspace,
    created_at: _created,
    ...row
  } = serializeProject(before);
  const result = await db
    .updateTable('projects')
    .set(row)
    .where('id', '=', id)
    .where('version', '=', currentVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The name shown for who saved a project last: the user's full name, "a former member" once they are gone. */
export async function updaterName(db: Db, userId: string | null): Promise<string | null> {
  if (userId === null) return null;
  const user = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return 'a former member';
  return fullName(user);
}

export async function deleteProjectRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('projects').where('id', '=', id).execute();
}
