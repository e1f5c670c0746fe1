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

/** The user's unexpired sessions, most recently seen first. */
export async function listLiveSessions(
  db: Kysely<Database>,
  userId: string,
  now: string,
): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
}

/** Ends one session of the user; how many ended (0 when it is not theirs or not there). */
export async function deleteUserSession(
  db: Kysely<Database>,
  userId: string,
  sessionId: string,
): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every session of the user but one; how many ended. */
export async function deleteOtherUserSessions(
  db: Kysely<Database>,
  userId: string,
  keepSessionId: string,
): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Sets last seen, only when the stored one is older than `staleBefore` (so concurrent requests write once). */
export async function touchSession(
  db: Kysely<Database>,
  sessionId: string,
  now: string,
  staleBefore: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now })
    .where('id', '=', sessionId)
    .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', staleBefore)]))
    .execute();
}
