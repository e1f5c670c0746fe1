import type { AccountSession, ChangePasswordInput } from '@layerloom/api';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { sendSafely } from '../mail/mailer.ts';
import { passwordChangedMail } from '../mail/templates.ts';
import { findUserById } from '../users/users.repository.ts';
import type { AuthUser } from './auth-user.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import {
  deleteOtherUserSessions,
  deleteUserSession,
  listLiveSessions,
  type SessionRow,
} from './sessions.repository.ts';

function toAccountSession(row: SessionRow, currentId: string): AccountSession {
  return {
    id: row.id,
    device: row.device ?? 'Unknown device',
    browser: row.browser ?? 'Unknown browser',
    ip: row.ip,
    signedInAt: row.created_at,
    lastSeenAt: row.last_seen_at ?? row.created_at,
    isCurrent: row.id === currentId,
  };
}

/** The user's live sessions, this one first, then the most recently seen. */
export async function listSessions(app: App, user: AuthUser): Promise<AccountSession[]> {
  const rows = await listLiveSessions(app.database.db, user.id, new Date().toISOString());
  const sessions = rows.map((row) => toAccountSession(row, user.sessionId));
  return [...sessions.filter((s) => s.isCurrent), ...sessions.filter((s) => !s.isCurrent)];
}

/** Signs out one other session of the user; 404 when it is not theirs, 400 for this one (use log out). */
export async function endOneSession(app: App, user: AuthUser, sessionId: string): Promise<void> {
  if (sessionId === user.sessionId) {
    throw new AppError('BAD_REQUEST', 'This is the device you are using: use Logout to sign it out.');
  }
  const ended = await deleteUserSession(app.database.db, user.id, sessionId);
  if (ended === 0) throw notFound('Session');
}

/** Signs out every session of the user but this one; how many ended. */
export function endOtherSessions(app: App, user: AuthUser): Promise<number> {
  return deleteOtherUserSessions(app.database.db, user.id, user.sessionId);
}

/**
 * Changes the password after checking the current one (a wrong one is a 400 on its field and changes
 * nothing), ends every other session in the same transaction and mails the user.
 */
export async function changePassword(app: App, user: AuthUser, input: ChangePasswordInput): Promise<number> {
  const db = app.database.db;
  const row = await findUserById(db, user.id);
  if (!row) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  if (!(await verifyPassword(row.password_hash, input.currentPassword))) {
    throw new AppError('VALIDATION_FAILED', 'Your current password is not correct.', {
      fields: [{ path: 'currentPassword', message: 'Your current password is not correct.' }],
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const ended = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date().toISOString() })
      .where('id', '=', user.id)
      .execute();
    return deleteOtherUserSessions(trx, user.id, user.sessionId);
  });
  await sendSafely(
    app.mail,
    app.log,
    passwordChangedMail(row.email, row.first_name, `${app.config.publicUrl}/auth/login`),
  );
  return ended;
}
