import { randomUUID } from 'node:crypto';
import type { SignUpInput } from '@layerloom/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../auth/password-hash.ts';
import type { Mailer } from '../mail/mailer.ts';
import { recordReferredSignUp } from '../referrals/referrals.service.ts';
import { sendVerificationLink } from './email-verification.service.ts';
import { findUserByEmail, insertUser, isUniqueViolation, type UserRow } from './users.repository.ts';

const duplicate = () =>
  new AppError('CONFLICT', 'An account with this email already exists. Log in or reset your password.', {
    fields: [{ path: 'email', message: 'An account with this email already exists' }],
  });

/**
 * Creates an account with the role `user` (whatever the client sent), unverified and pending
 * approval (approved at once when approval is off), and mails the verification link.
 */
export async function signUpUser(
  deps: {
    db: Kysely<Database>;
    mail: Mailer;
    log: FastifyBaseLogger;
    publicUrl: string;
    requireApproval: boolean;
  },
  input: SignUpInput,
): Promise<UserRow> {
  if (await findUserByEmail(deps.db, input.email)) throw duplicate();
  const now = new Date().toISOString();
  const row: UserRow = {
    id: randomUUID(),
    email: input.email,
    first_name: input.firstName,
    last_name: input.lastName,
    avatar: null,
    role: 'user',
    password_hash: await hashPassword(input.password),
    email_verified_at: null,
    account_status: deps.requireApproval ? 'pending' : 'approved',
    account_reason: deps.requireApproval ? null : 'OK',
    plan_id: 'free',
    referral_code: null,
    deactivated_at: null,
    owner_deactivated_at: null,
    created_at: now,
    updated_at: now,
  };
  try {
    await insertUser(deps.db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
  await recordReferredSignUp(deps, input.referralCode, row);
  await sendVerificationLink(deps, row);
  return row;
}
