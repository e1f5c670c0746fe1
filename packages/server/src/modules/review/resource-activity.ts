import type { ActivityAction } from '@layerloom/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { recordActivity } from '../workspaces/workspaces.service.ts';

type Db = Kysely<Database>;
type Log = { warn(object: object, message: string): void };

/**
 * Logs what a member did to a collection in its workspace's activity log, with the collection's name.
 * Called after the action succeeded; a log entry that cannot be written is reported, never undoes the action.
 */
export async function logCollectionActivity(
  db: Db,
  log: Log,
  collectionId: string,
  actorId: string,
  action: ActivityAction,
  detail: Record<string, string> = {},
): Promise<void> {
  try {
    const row = await db
      .selectFrom('collections')
      .select(['workspace_id', 'name'])
      .where('id', '=', collectionId)
      .executeTakeFirst();
    if (!row?.workspace_id) return;
    await recordActivity(db, row.workspace_id, actorId, action, {
      detail: { collection: row.name, ...detail },
    });
  } catch (error) {
    log.warn({ err: error, action }, 'could not log a collection’s activity');
  }
}

/** Logs what a member did to a project in its workspace's activity log, with the project's name. */
export async function logProjectActivity(
  db: Db,
  log: Log,
  projectId: string,
  actorId: string,
  action: ActivityAction,
  detail: Record<string, string> = {},
): Promise<void> {
  try {
    const row = await db
      .selectFrom('projects')
      .select(['workspace_id', 'name'])
      .where('id', '=', projectId)
      .executeTakeFirst();
    if (!row?.workspace_id) return;
    await recordActivity(db, row.workspace_id, actorId, action, { detail: { project: row.name, ...detail } });
  } catch (error) {
    log.warn({ err: error, action }, 'could not log a project’s activity');
  }
}
