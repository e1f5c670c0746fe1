import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { UserRow } from '../users/users.repository.ts';
import type { ClientInfo } from './client-info.ts';
import {
  deleteExpiredSessions,
  deleteSessionByTokenHash,
  deleteUserSessions,
  findLiveSession,
  insertSession,
  type SessionRow,
  touchSession,
} from './sessions.repository.ts';
import { randomToken, sha256Hex } from './tokens.ts';

/** How long a session lasts after login. */
export const SESSION_TTL_DAYS = 14;

/** How stale a session's last seen may get before a request updates it (keeps reads from writing each time). */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

const unknownClient: ClientInfo = { device: null, browser: null, ip: null };

/**
 * Starts a session for the user; the token goes into the cookie, only its hash is stored, with the
 * client's device, browser and address for the sessions list.
 */
export async function startSession(
  db: Kysely<Database>,
  userId: string,
  client: ClientInfo = unknownClient,
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
    device: client.device,
    browser: client.browser,
    ip: client.ip,
    last_seen_at: now.toISOString(),
  });
  return { token, expiresAt };
}

/**
 * The live session and its user for a cookie token, if the token is valid and unexpired. Updates the
 * session's last seen when it is older than LAST_SEEN_RESOLUTION_MS (one conditional write, not one per request).
 */
export async function resolveSession(
  db: Kysely<Database>,
  token: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  if (token.length === 0 || token.length > 100) return undefined;
  const now = new Date();
  const found = await findLiveSession(db, sha256Hex(token), now.toISOString());
  if (!found) return undefined;
  const staleBefore = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS).toISOString();
  const lastSeen = found.session.last_seen_at;
  if (lastSeen === null || lastSeen < staleBefore) {
    await touchSession(db, found.session.id, now.toISOString(), staleBefore);
  }
  return found;
}

/** Ends the session with this token (logout). */
export async function endSession(db: Kysely<Database>, token: string): Promise<void> {
  await deleteSessionByTokenHash(db, sha256Hex(token));
}

/** Ends every session of the user (password change, rejection). */
export async function endAllSessions(db: Kysely<Database>, userId: string): Promise<void> {
  await deleteUserSessions(db, userId);
}
