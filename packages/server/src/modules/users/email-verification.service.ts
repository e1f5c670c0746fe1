import { randomUUID } from 'node:crypto';
import type { VerifyEmailOutcome } from '@layerloom/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken, sha256Hex } from '../auth/tokens.ts';
import { type Mailer, sendSafely } from '../mail/mailer.ts';
import { verificationMail } from '../mail/templates.ts';
import { findUserById, type UserRow, updateUser } from './users.repository.ts';

/** How long a verification link works. */
export const VERIFICATION_TTL_HOURS = 48;

/** Creates a single-use verification token for the user and mails the link `${publicUrl}/verify/{id}/{token}`. */
export async function sendVerificationLink(
  deps: { db: Kysely<Database>; mail: Mailer; log: FastifyBaseLogger; publicUrl: string },
  user: UserRow,
): Promise<void> {
  const token = randomToken();
  const now = new Date();
  await deps.db
    .insertInto('email_verifications')
    .values({
      id: randomUUID(),
      user_id: user.id,
      token_hash: sha256Hex(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + VERIFICATION_TTL_HOURS * 3600_000).toISOString(),
      used_at: null,
    })
    .execute();
  const link = `${deps.publicUrl}/verify/${encodeURIComponent(user.id)}/${token}`;
  await sendSafely(
    deps.mail,
    deps.log,
    verificationMail(user.email, user.first_name, link, VERIFICATION_TTL_HOURS),
  );
}

const invalid = () =>
  new AppError(
    'TOKEN_INVALID',
    'This verification link is not valid. Ask for a new one from the login page.',
  );

/**
 * Confirms the email with a link's token: `verified` the first time, `already-verified` when the
 * address was confirmed before (the link opened twice, or an older link); TOKEN_EXPIRED for an
 * expired link of an unverified account; TOKEN_INVALID otherwise.
 */
export async function confirmEmail(
  db: Kysely<Database>,
  userId: string,
  token: string,
): Promise<VerifyEmailOutcome> {
  const user = await findUserById(db, userId);
  if (!user) throw invalid();
  const row = await db
    .selectFrom('email_verifications')
    .selectAll()
    .where('token_hash', '=', sha256Hex(token))
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (!row) throw invalid();
  const alreadyVerified = user.email_verified_at !== null;
  if (row.used_at !== null) {
    if (alreadyVerified) return 'already-verified';
    throw invalid();
  }
  const now = new Date().toISOString();
  if (row.expires_at <= now) {
    if (alreadyVerified) return 'already-verified';
    throw new AppError(
      'TOKEN_EXPIRED',
      'This verification link has expired. Ask for a new one from the login page.',
    );
  }
  const claimed = await db
    .updateTable('email_verifications')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return 'already-verified';
  if (alreadyVerified) return 'already-verified';
  await updateUser(db, user.id, { email_verified_at: now });
  return 'verified';
}
