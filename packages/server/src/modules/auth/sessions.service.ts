import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { UserRow } from '../users/users.repository.ts';
import {
  deleteExpiredSessions,
  deleteSessionByTokenHash,
  deleteUserSessions,
  findLiveSession,
  insertSession,
  type SessionRow,
} from './sessions.repository.ts';
import { randomToken, sha256Hex } from './tokens.ts';

/** How long a session lasts after login. */
export const SESSION_TTL_DAYS = 14;

/** Starts a session for the user; the token goes into the cookie, only its hash is stored. */
export async function startSession(
  db: Kysely<Database>,
  userId: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_DAYS * 24 * 60 * 60 * 1000);
  await deleteExpiredSessions(db, now.toISOString());
  await insertSession(db, {
    id: randomUUID(),
    token_hash: sha256Hex(token),
    user_id: userId,
    created_at: now.toISOString(),
    expires_at: expiresAt.toISOString(),
  });
  return { token, expiresAt };
}

/** The live session and its user for a cookie token, if the token is valid and unexpired. */
export async function resolveSession(
  db: Kysely<Database>,
  token: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  if (token.length === 0 || token.length > 100) return undefined;
  return findLiveSession(db, sha256Hex(token), new Date().toISOString());
}

/** Ends the session with this token (logout). */
export async function endSession(db: Kysely<Database>, token: string): Promise<void> {
  await deleteSessionByTokenHash(db, sha256Hex(token));
}

/** Ends every session of the user (password change, rejection). */
export async function endAllSessions(db: Kysely<Database>, userId: string): Promise<void> {
  await deleteUserSessions(db, userId);
}
