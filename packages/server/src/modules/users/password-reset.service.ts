import { randomUUID } from 'node:crypto';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from '@layerloom/api';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { endAllSessions } from '../auth/sessions.service.ts';
import { randomSixDigitCode, sameDigest, sha256Hex } from '../auth/tokens.ts';
import { type Mailer, sendSafely } from '../mail/mailer.ts';
import { resetCodeMail } from '../mail/templates.ts';
import { findUserByEmail, findUserById, type UserRow, updateUser } from './users.repository.ts';

/** How long after the code is verified the new password may be set. */
export const NEW_PASSWORD_WINDOW_MINUTES = 10;

const minutes = (count: number) => count * 60_000;
const otpHash = (requestId: string, code: string) => sha256Hex(`${requestId}:${code}`);
const invalidRequest = () =>
  new AppError('TOKEN_INVALID', 'This reset request is not valid or was already used. Ask for a new code.');
const locked = () =>
  new AppError('OTP_LOCKED', 'Too many wrong codes. This code no longer works; ask for a new one.');

/**
 * Starts a password reset: stores a request (also for an unknown email, so later answers do not
 * tell the two apart) and mails its 6-digit code when the email has an account. Returns the
 * opaque request id.
 */
export async function requestPasswordReset(
  deps: { db: Kysely<Database>; mail: Mailer; log: FastifyBaseLogger },
  email: string,
): Promise<string> {
  const user = await findUserByEmail(deps.db, email);
  await deleteStaleResetRequests(deps.db);
  const id = randomUUID();
  const code = randomSixDigitCode();
  const now = new Date();
  await deps.db
    .insertInto('password_resets')
    .values({
      id,
      user_id: user?.id ?? null,
      otp_hash: otpHash(id, code),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + minutes(OTP_TTL_MINUTES)).toISOString(),
      verified_at: null,
      used_at: null,
    })
    .execute();
  if (user)
    await sendSafely(deps.mail, deps.log, resetCodeMail(user.email, user.first_name, code, OTP_TTL_MINUTES));
  return id;
}

/** Drops reset requests older than a day: long dead (10-minute codes), kept only that long for support. */
async function deleteStaleResetRequests(db: Kysely<Database>): Promise<void> {
  const dayAgo = new Date(Date.now() - 24 * 60 * 60_000).toISOString();
  await db.deleteFrom('password_resets').where('created_at', '<', dayAgo).execute();
}

/**
 * Checks a reset request's code. Each try is counted before the comparison (so parallel guesses
 * cannot exceed the limit); a right code gives its try back. 5 wrong tries kill the request.
 */
export async function verifyResetCode(db: Kysely<Database>, id: string, code: string): Promise<void> {
  const request = await db.selectFrom('password_resets').selectAll().where('id', '=', id).executeTakeFirst();
  if (!request || request.used_at !== null) throw invalidRequest();
  if (request.attempts >= OTP_MAX_ATTEMPTS) throw locked();
  const now = new Date().toISOString();
  if (request.expires_at <= now) {
    throw new AppError('TOKEN_EXPIRED', 'This code has expired. Ask for a new one.');
  }
  const reserved = await db
    .updateTable('password_resets')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', id)
    .where('attempts', '<', OTP_MAX_ATTEMPTS)
    .executeTakeFirst();
  if (Number(reserved.numUpdatedRows) === 0) throw locked();
  if (!sameDigest(otpHash(id, code), request.otp_hash)) {
    const left = OTP_MAX_ATTEMPTS - request.attempts - 1;
    if (left <= 0) throw locked();
    throw new AppError('OTP_INCORRECT', `Wrong code. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
  }
  await db
    .updateTable('password_resets')
    .set({ attempts: sql<number>`attempts - 1`, verified_at: request.verified_at ?? now })
    .where('id', '=', id)
    .execute();
}

/**
 * Sets the new password of a request whose code was verified (once). Ends every session of the
 * account and returns the user.
 */
export async function completePasswordReset(
  db: Kysely<Database>,
  id: string,
  password: string,
): Promise<UserRow> {
  const request = await db.selectFrom('password_resets').selectAll().where('id', '=', id).executeTakeFirst();
  if (!request || request.used_at !== null) throw invalidRequest();
  if (request.verified_at === null || request.user_id === null) {
    throw new AppError('OTP_NOT_VERIFIED', 'Enter the code from the email before choosing a new password.');
  }
  const now = new Date();
  if (new Date(request.verified_at).getTime() + minutes(NEW_PASSWORD_WINDOW_MINUTES) <= now.getTime()) {
    throw new AppError('TOKEN_EXPIRED', 'This reset request has expired. Ask for a new code.');
  }
  const passwordHash = await hashPassword(password);
  const claimed = await db
    .updateTable('password_resets')
    .set({ used_at: now.toISOString() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) throw invalidRequest();
  const user = await updateUser(db, request.user_id, { password_hash: passwordHash });
  if (!user) throw invalidRequest();
  await endAllSessions(db, user.id);
  return (await findUserById(db, user.id)) ?? user;
}
