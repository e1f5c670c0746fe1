import { randomBytes, randomUUID } from 'node:crypto';
import {
  LOGIN_CHALLENGE_MINUTES,
  type LoginCodeInput,
  type PasswordAndCodeInput,
  RECOVERY_CODE_COUNT,
  type TwoFactorStatus,
} from '@layerloom/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { sendSafely } from '../mail/mailer.ts';
import { twoFactorChangedMail } from '../mail/templates.ts';
import { open, seal, secretKey } from '../publications/ipfs-secret-box.ts';
import { findUserById, type UserRow } from '../users/users.repository.ts';
import type { AuthUser } from './auth-user.ts';
import { verifyPassword } from './password-hash.ts';
import { randomToken, sha256Hex } from './tokens.ts';
import { base32Encode, generateTotpSecret, otpauthUrl, verifyTotp } from './totp.ts';

/** Wrong codes one login step accepts before it ends (sign in again). */
export const CHALLENGE_MAX_ATTEMPTS = 5;
/** Wrong codes per account within ACCOUNT_WINDOW_MINUTES, over all its login steps, before 429. */
export const ACCOUNT_MAX_WRONG_CODES = 10;
export const ACCOUNT_WINDOW_MINUTES = 15;

const ISSUER = 'Layerloom';
const codeError = (path: string) =>
  new AppError('VALIDATION_FAILED', 'That code is not correct. Enter the current code from your app.', {
    fields: [{ path, message: 'That code is not correct. Enter the current code from your app.' }],
  });

/** The sealed-secret context: the user id, so a sealed secret cannot be moved to another account. */
const context = (userId: string) => `totp:${userId}`;

function findRow(db: Kysely<Database>, userId: string) {
  return db.selectFrom('user_two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Whether the user has two-factor sign-in on. */
export async function isTwoFactorEnabled(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await findRow(db, userId);
  return Boolean(row?.secret_sealed);
}

/** A new recovery code: 50 random bits as 10 base32 characters, shown XXXXX-XXXXX. */
function newRecoveryCode(): string {
  const raw = base32Encode(randomBytes(7)).slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}
const recoveryHash = (code: string) => sha256Hex(code.replace(/[\s-]/g, '').toUpperCase());

/** Replaces the user's recovery codes with RECOVERY_CODE_COUNT new ones; returns them (the only time they are seen). */
async function replaceRecoveryCodes(db: Kysely<Database>, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = new Date().toISOString();
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(
      codes.map((code) => ({
        id: randomUUID(),
        user_id: userId,
        code_hash: recoveryHash(code),
        used_at: null,
        created_at: now,
      })),
    )
    .execute();
  return codes;
}

async function recoveryCodesLeft(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function status(app: App, user: AuthUser): Promise<TwoFactorStatus> {
  const db = app.database.db;
  const row = await findRow(db, user.id);
  const enabled = Boolean(row?.secret_sealed);
  return {
    enabled,
    enabledAt: enabled ? (row?.enabled_at ?? null) : null,
    recoveryCodesLeft: enabled ? await recoveryCodesLeft(db, user.id) : 0,
  };
}

/** A new pending secret (replacing an unconfirmed one); 409 when two-factor sign-in is already on. */
export async function start(app: App, user: AuthUser): Promise<{ secret: string; otpauthUrl: string }> {
  const db = app.database.db;
  const row = await findRow(db, user.id);
  if (row?.secret_sealed) {
    throw new AppError('CONFLICT', 'Two-factor sign-in is already on. Turn it off first to use a new app.');
  }
  const secret = generateTotpSecret();
  const sealed = seal(secretKey(app.config), secret, context(user.id));
  const now = new Date().toISOString();
  await db
    .insertInto('user_two_factor')
    .values({
      user_id: user.id,
      secret_sealed: null,
      pending_sealed: sealed,
      last_used_step: null,
      enabled_at: null,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_sealed: sealed, updated_at: now }))
    .execute();
  return { secret, otpauthUrl: otpauthUrl(ISSUER, user.email, secret) };
}

const securityUrl = (app: App) => `${app.config.publicUrl}/dashboard/settings?tab=security`;

async function mailChange(app: App, userId: string, enabled: boolean): Promise<void> {
  const row = await findUserById(app.database.db, userId);
  if (!row) return;
  await sendSafely(
    app.mail,
    app.log,
    twoFactorChangedMail(row.email, row.first_name, enabled, securityUrl(app)),
  );
}

/** Confirms the pending secret with a code: two-factor sign-in is on; returns the recovery codes. */
export async function confirm(app: App, user: AuthUser, code: string): Promise<string[]> {
  const db = app.database.db;
  const row = await findRow(db, user.id);
  if (row?.secret_sealed) throw new AppError('CONFLICT', 'Two-factor sign-in is already on.');
  if (!row?.pending_sealed) {
    throw new AppError('BAD_REQUEST', 'Start again: choose "Set up" to get a new key for your app.');
  }
  const secret = open(secretKey(app.config), row.pending_sealed, context(user.id));
  const step = verifyTotp(secret, code, Date.now());
  if (step === null) throw codeError('code');
  const now = new Date().toISOString();
  const codes = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('user_two_factor')
      .set({
        secret_sealed: row.pending_sealed,
        pending_sealed: null,
        last_used_step: step,
        enabled_at: now,
        updated_at: now,
      })
      .where('user_id', '=', user.id)
      .execute();
    return replaceRecoveryCodes(trx, user.id);
  });
  await mailChange(app, user.id, true);
  return codes;
}

/**
 * Checks a TOTP code against the user's enabled secret and records its step (so it cannot be used again).
 * Returns false for a wrong or replayed code.
 */
export async function acceptCode(app: App, userId: string, code: string): Promise<boolean> {
  const db = app.database.db;
  const row = await findRow(db, userId);
  if (!row?.secret_sealed) return false;
  const secret = open(secretKey(app.config), row.secret_sealed, context(userId));
  const step = verifyTotp(secret, code, Date.now(), row.last_used_step);
  if (step === null) return false;
  // Only one request can move last_used_step forward past a given step: a concurrent replay updates nothing.
  const updated = await db
    .updateTable('user_two_factor')
    .set({ last_used_step: step, updated_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Password then code, for turning it off or new recovery codes; 400 on the wrong field, nothing written. */
async function checkPasswordAndCode(app: App, user: AuthUser, input: PasswordAndCodeInput): Promise<void> {
  const row = await findUserById(app.database.db, user.id);
  if (!row) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  if (!(await isTwoFactorEnabled(app.database.db, user.id))) {
    throw new AppError('CONFLICT', 'Two-factor sign-in is not on.');
  }
  if (!(await verifyPassword(row.password_hash, input.password))) {
    throw new AppError('VALIDATION_FAILED', 'Your password is not correct.', {
      fields: [{ path: 'password', message: 'Your password is not correct.' }],
    });
  }
  if (!(await acceptCode(app, user.id, input.code))) throw codeError('code');
}

/** Turns two-factor sign-in off (password + code), deletes the recovery codes and mails the user. */
export async function disable(app: App, user: AuthUser, input: PasswordAndCodeInput): Promise<void> {
  await checkPasswordAndCode(app, user, input);
  await app.database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('login_challenges').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('user_two_factor').where('user_id', '=', user.id).execute();
  });
  await mailChange(app, user.id, false);
}

/** New recovery codes (password + code); the old ones stop working. */
export async function regenerate(app: App, user: AuthUser, input: PasswordAndCodeInput): Promise<string[]> {
  await checkPasswordAndCode(app, user, input);
  return app.database.db.transaction().execute((trx) => replaceRecoveryCodes(trx, user.id));
}

/** After a correct password: a login step waiting for the code (the id goes to the browser, its hash is kept). */
export async function openChallenge(
  db: Kysely<Database>,
  userId: string,
): Promise<{ challengeId: string; expiresAt: string }> {
  const challengeId = randomToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + LOGIN_CHALLENGE_MINUTES * 60_000).toISOString();
  // Expired steps older than the account window are no longer needed for counting wrong codes.
  const stale = new Date(now.getTime() - ACCOUNT_WINDOW_MINUTES * 60_000).toISOString();
  await db.deleteFrom('login_challenges').where('expires_at', '<', stale).execute();
  await db
    .insertInto('login_challenges')
    .values({
      id_hash: sha256Hex(challengeId),
      user_id: userId,
      expires_at: expiresAt,
      created_at: now.toISOString(),
    })
    .execute();
  return { challengeId, expiresAt };
}

/**
 * Finishes a login step with an app code or a recovery code (used once). Returns the user to start the
 * session for. Unknown step → 400, expired → 410, too many wrong codes → 429 (per step and per account).
 */
export async function completeChallenge(app: App, input: LoginCodeInput): Promise<UserRow> {
  const db = app.database.db;
  const idHash = sha256Hex(input.challengeId);
  const challenge = await db
    .selectFrom('login_challenges')
    .selectAll()
    .where('id_hash', '=', idHash)
    .executeTakeFirst();
  const startAgain = 'This sign-in step is no longer open. Enter your email and password again.';
  if (!challenge || challenge.attempts >= CHALLENGE_MAX_ATTEMPTS)
    throw new AppError('TOKEN_INVALID', startAgain);
  const now = new Date();
  if (challenge.expires_at <= now.toISOString()) {
    throw new AppError(
      'TOKEN_EXPIRED',
      `The code step expired after ${LOGIN_CHALLENGE_MINUTES} minutes. Enter your email and password again.`,
    );
  }
  const windowStart = new Date(now.getTime() - ACCOUNT_WINDOW_MINUTES * 60_000).toISOString();
  const wrong = await db
    .selectFrom('login_challenges')
    .select((eb) => eb.fn.sum<number | string>('attempts').as('n'))
    .where('user_id', '=', challenge.user_id)
    .where('created_at', '>=', windowStart)
    .executeTakeFirst();
  if (Number(wrong?.n ?? 0) >= ACCOUNT_MAX_WRONG_CODES) {
    throw new AppError(
      'RATE_LIMITED',
      `Too many wrong codes for this account. Try again in ${ACCOUNT_WINDOW_MINUTES} minutes.`,
      { retryAfterSeconds: ACCOUNT_WINDOW_MINUTES * 60 },
    );
  }

  let accepted = false;
  if (input.code !== undefined) {
    accepted = await acceptCode(app, challenge.user_id, input.code);
  } else if (input.recoveryCode !== undefined) {
    const used = await db
      .updateTable('two_factor_recovery_codes')
      .set({ used_at: now.toISOString() })
      .where('user_id', '=', challenge.user_id)
      .where('code_hash', '=', recoveryHash(input.recoveryCode))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    accepted = Number(used.numUpdatedRows) === 1;
  }
  const path = input.code !== undefined ? 'code' : 'recoveryCode';
  if (!accepted) {
    await db
      .updateTable('login_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id_hash', '=', idHash)
      .execute();
    const left = CHALLENGE_MAX_ATTEMPTS - challenge.attempts - 1;
    const message =
      path === 'code'
        ? 'That code is not correct. Enter the current code from your app.'
        : 'That recovery code is not correct or was already used.';
    if (left <= 0) throw new AppError('TOKEN_INVALID', `${message} ${startAgain}`);
    throw new AppError('VALIDATION_FAILED', message, { fields: [{ path, message }] });
  }
  await db.deleteFrom('login_challenges').where('id_hash', '=', idHash).execute();
  const user = await findUserById(db, challenge.user_id);
  if (!user) throw new AppError('TOKEN_INVALID', startAgain);
  return user;
}
