import type { ProjectSavedEvent } from '@layerloom/api';
import type { App } from '../../types.ts';
import { fullName } from '../users/full-name.ts';
import { viewersOf } from './presence.service.ts';

/**
 * Tells the other members who have the project open that `userId` saved it (its new version), so an editor
 * without unsaved edits shows their save at once. Only members with the project open now are told (presence
 * drops anyone who left the workspace); every web node delivers it through the live bus. Never fails the save.
 */
export async function announceProjectSaved(
  deps: Pick<App, 'database' | 'live' | 'log'>,
  userId: string,
  projectId: string,
  version: number,
): Promise<void> {
  try {
    const db = deps.database.db;
    const viewers = (await viewersOf(db, projectId)).filter((viewer) => viewer.userId !== userId);
    if (viewers.length === 0) return;
    const saver = await db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email'])
      .where('id', '=', userId)
      .executeTakeFirst();
    const event: ProjectSavedEvent = { projectId, version, by: saver ? fullName(saver) : 'A member' };
    for (const viewer of viewers) await deps.live.send(viewer.userId, 'project.saved', event);
  } catch (error) {
    deps.log.warn({ err: error, projectId }, 'could not tell the project’s viewers of a save');
  }
}
