import type { WorkspaceRole } from '@layerloom/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { fullName } from '../users/full-name.ts';
import {
  type ResourceAccess,
  requireCollectionRole,
  requireProjectRole,
} from '../workspaces/resource-access.ts';

type Db = Kysely<Database>;

/** What a comment thread hangs on: a collection (tokens and traits) or a project (traits). */
export interface ReviewResource {
  kind: 'collection' | 'project';
  id: string;
}

/** The caller's role on the resource with at least `need` (404 for non-members, 403 for a lower role). */
export function requireResourceRole(
  db: Db,
  resource: ReviewResource,
  userId: string,
  need: WorkspaceRole,
  action: string,
): Promise<ResourceAccess> {
  return resource.kind === 'collection'
    ? requireCollectionRole(db, resource.id, userId, need, action)
    : requireProjectRole(db, resource.id, userId, need, action);
}

/** The workspace's members with their names, by name. */
export async function membersOf(
  db: Db,
  workspaceId: string,
): Promise<{ userId: string; name: string; role: WorkspaceRole }[]> {
  const rows = await db
    .selectFrom('workspace_members')
    .innerJoin('users', 'users.id', 'workspace_members.user_id')
    .select(['users.id', 'users.first_name', 'users.last_name', 'users.email', 'workspace_members.role'])
    .where('workspace_members.workspace_id', '=', workspaceId)
    .execute();
  return rows
    .map((row) => ({ userId: row.id, name: fullName(row), role: row.role as WorkspaceRole }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
