import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionTable } from '../../db/schema.ts';
import type { UserRow } from '../users/users.repository.ts';

export type SessionRow = Selectable<SessionTable>;

export async function insertSession(db: Kysely<Database>, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** The unexpired session with this token hash and its user. */
export async function findLiveSession(
  db: Kysely<Database>,
  tokenHash: string,
  now: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const session = await db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!session) return undefined;
  const user = await db.selectFrom('users').selectAll().where('id', '=', session.user_id).executeTakeFirst();
  return user ? { session, user } : undefined;
}

export async function deleteSessionByTokenHash(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Ends every session of a user. */
export async function deleteUserSessions(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Removes expired sessions. */
export async function deleteExpiredSessions(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
