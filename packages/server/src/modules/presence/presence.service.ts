import {
  PRESENCE_TTL_SECONDS,
  type ProjectPresence,
  type ProjectViewer,
  type WorkspaceRole,
} from '@layerloom/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { App } from '../../types.ts';
import { fullName } from '../users/full-name.ts';
import { projectAccess, requireProjectRole } from '../workspaces/resource-access.ts';

type Db = Kysely<Database>;
type PresenceDeps = Pick<App, 'database' | 'live' | 'log'>;

/** The tabs still alive now, one viewer per member who still belongs to the project's workspace. */
export async function viewersOf(db: Db, projectId: string): Promise<Omit<ProjectViewer, 'you'>[]> {
  const rows = await db
    .selectFrom('project_presence')
    .innerJoin('users', 'users.id', 'project_presence.user_id')
    .select(['users.id', 'users.first_name', 'users.last_name', 'users.email', 'project_presence.since'])
    .where('project_presence.project_id', '=', projectId)
    .where('project_presence.expires_at', '>', new Date().toISOString())
    .orderBy('project_presence.since')
    .execute();
  const viewers = new Map<string, Omit<ProjectViewer, 'you'>>();
  const roles = new Map<string, WorkspaceRole | undefined>();
  for (const row of rows) {
    if (viewers.has(row.id)) continue;
    // A member removed meanwhile drops out at once, even with a tab still open.
    if (!roles.has(row.id)) roles.set(row.id, (await projectAccess(db, projectId, row.id))?.role);
    const role = roles.get(row.id);
    if (!role) continue;
    viewers.set(row.id, { userId: row.id, name: fullName(row), role, since: row.since });
  }
  return [...viewers.values()];
}

const presenceFor = (
  projectId: string,
  viewers: Omit<ProjectViewer, 'you'>[],
  userId: string,
): ProjectPresence => ({
  projectId,
  viewers: viewers.map((viewer) => ({ ...viewer, you: viewer.userId === userId })),
});

const sameMembers = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** Tells every member who has the project open (but `except`) who has it open now. */
async function broadcast(
  deps: PresenceDeps,
  projectId: string,
  viewers: Omit<ProjectViewer, 'you'>[],
  except: string,
): Promise<void> {
  for (const viewer of viewers) {
    if (viewer.userId === except) continue;
    await deps.live
      .send(viewer.userId, 'presence', presenceFor(projectId, viewers, viewer.userId))
      .catch((error) => deps.log.warn({ err: error }, 'could not send a presence event'));
  }
}

/** Who has the project open now (any member may ask; others get 404). */
export async function getPresence(db: Db, userId: string, projectId: string): Promise<ProjectPresence> {
  await requireProjectRole(db, projectId, userId, 'viewer', 'see who has this project open');
  return presenceFor(projectId, await viewersOf(db, projectId), userId);
}

/**
 * The caller's editor tab is open: its row lives PRESENCE_TTL_SECONDS more. When the set of members with
 * the project open changes (an arrival, or tabs that stopped beating dropping out), the others are told live.
 */
export async function announcePresence(
  deps: PresenceDeps,
  userId: string,
  projectId: string,
  tabId: string,
): Promise<ProjectPresence> {
  const db = deps.database.db;
  await requireProjectRole(db, projectId, userId, 'viewer', 'open this project');
  const before = await db
    .selectFrom('project_presence')
    .select('user_id')
    .distinct()
    .where('project_id', '=', projectId)
    .execute();
  const at = new Date();
  const expiresAt = new Date(at.getTime() + PRESENCE_TTL_SECONDS * 1000).toISOString();
  await db
    .deleteFrom('project_presence')
    .where('project_id', '=', projectId)
    .where('expires_at', '<=', at.toISOString())
    .execute();
  await db
    .insertInto('project_presence')
    .values({
      project_id: projectId,
      user_id: userId,
      tab_id: tabId,
      since: at.toISOString(),
      expires_at: expiresAt,
    })
    .onConflict((conflict) =>
      conflict.columns(['project_id', 'user_id', 'tab_id']).doUpdateSet({ expires_at: expiresAt }),
    )
    .execute();
  const viewers = await viewersOf(db, projectId);
  const now = viewers.map((viewer) => viewer.userId);
  if (
    !sameMembers(
      before.map((row) => row.user_id),
      now,
    )
  )
    await broadcast(deps, projectId, viewers, userId);
  return presenceFor(projectId, viewers, userId);
}

/** The caller's tab closed the editor; when it was their last, the others are told live. */
export async function leavePresence(
  deps: PresenceDeps,
  userId: string,
  projectId: string,
  tabId: string,
): Promise<ProjectPresence> {
  const db = deps.database.db;
  await requireProjectRole(db, projectId, userId, 'viewer', 'open this project');
  const removed = await db
    .deleteFrom('project_presence')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .where('tab_id', '=', tabId)
    .executeTakeFirst();
  const viewers = await viewersOf(db, projectId);
  if (Number(removed.numDeletedRows) > 0 && !viewers.some((viewer) => viewer.userId === userId))
    await broadcast(deps, projectId, viewers, userId);
  return presenceFor(projectId, viewers, userId);
}
