import { DEACTIVATED_SIGN_IN_MESSAGE, type LoginInput } from '@layerloom/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserByEmail, type UserRow } from '../users/users.repository.ts';
import { verifyPassword } from './password-hash.ts';

/** Refuses an account that may not sign in yet, with a code and message for each state. */
export function assertMaySignIn(user: UserRow, requireApproval: boolean): void {
  if (!user.email_verified_at) {
    throw new AppError(
      'EMAIL_NOT_VERIFIED',
      'Please confirm your email address first: open the link we emailed you.',
    );
  }
  if (user.account_status === 'rejected') {
    const reason = user.account_reason ? ` Reason: ${user.account_reason}` : '';
    throw new AppError('ACCOUNT_REJECTED', `Your account request was not approved.${reason}`);
  }
  if (user.deactivated_at) {
    throw new AppError(
      'ACCOUNT_DEACTIVATED',
      'Your account has been deactivated by an admin. Contact us if you think this is a mistake.',
    );
  }
  if (user.account_status !== 'approved' && requireApproval && user.role !== 'admin') {
    throw new AppError(
      'ACCOUNT_PENDING',
      'Your account is waiting for approval by an administrator, usually within one working day. We will email you as soon as it is approved; you can log in then.',
    );
  }
}

/** Whether the account still waits for an administrator's approval (the only thing left before it may sign in). */
export function awaitsApproval(user: UserRow, requireApproval: boolean): boolean {
  return requireApproval && user.account_status === 'pending' && user.role !== 'admin';
}

/** Whether the account may sign in now. */
export function maySignIn(user: UserRow, requireApproval: boolean): boolean {
  try {
    assertMaySignIn(user, requireApproval);
    return true;
  } catch {
    return false;
  }
}

/** Whether the owner deactivated the account (Settings › Delete Account) and may reactivate it at sign-in. */
export function isOwnerDeactivated(user: UserRow): boolean {
  return user.deactivated_at !== null && user.owner_deactivated_at === user.deactivated_at;
}

/**
 * Checks email and password (one 401 for either being wrong), then the account's state. An account its
 * owner deactivated is refused with ACCOUNT_SELF_DEACTIVATED: the login page then offers to reactivate it.
 */
export async function checkCredentials(
  db: Kysely<Database>,
  input: LoginInput,
  requireApproval: boolean,
): Promise<UserRow> {
  const user = await findUserByEmail(db, input.email.trim().toLowerCase());
  const matches = await verifyPassword(user?.password_hash, input.password);
  if (!user || !matches) throw new AppError('INVALID_CREDENTIALS', 'Incorrect email or password.');
  if (isOwnerDeactivated(user)) throw new AppError('ACCOUNT_SELF_DEACTIVATED', DEACTIVATED_SIGN_IN_MESSAGE);
  assertMaySignIn(user, requireApproval);
  return user;
}
