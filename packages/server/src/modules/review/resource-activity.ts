import type { ActivityAction } from '@layerloom/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { recordActivity } from '../workspaces/workspaces.service.ts';

type Db = Kysely<Database>;
type Log = { warn(object: object, message: string): void };

/**
 * Logs what a member did to a collection or a project in its workspace's activity log, with the resource's name.
 * Called after the action succeeded; a log entry that cannot be written is reported, never undoes the action.
 */
async function logResourceActivity(
  kind: 'collection' | 'project',
  db: Db,
  log: Log,
  id: string,
  actorId: string,
  action: ActivityAction,
  detail: Record<string, string>,
): Promise<void> {
  try {
    const row = await db
      .selectFrom(kind === 'collection' ? 'collections' : 'projects')
      .select(['workspace_id', 'name'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row?.workspace_id) return;
    await recordActivity(db, row.workspace_id, actorId, action, { detail: { [kind]: row.name, ...detail } });
  } catch (error) {
    log.warn({ err: error, action }, `could not log a ${kind}’s activity`);
  }
}

/** Logs what a member did to a collection, with the collection's name. */
export function logCollectionActivity(
  db: Db,
  log: Log,
  collectionId: string,
  actorId: string,
  action: ActivityAction,
  detail: Record<string, string> = {},
): Promise<void> {
  return logResourceActivity('collection', db, log, collectionId, actorId, action, detail);
}

/** Logs what a member did to a project, with the project's name. */
export function logProjectActivity(
  db: Db,
  log: Log,
  projectId: string,
  actorId: string,
  action: ActivityAction,
  detail: Record<string, string> = {},
): Promise<void> {
  return logResourceActivity('project', db, log, projectId, actorId, action, detail);
}
