import type { DeactivateAccountInput, LoginInput } from '@layerloom/api';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { assertMaySignIn, isOwnerDeactivated } from '../auth/login.service.ts';
import { verifyPassword } from '../auth/password-hash.ts';
import { deleteUserSessions } from '../auth/sessions.repository.ts';
import { sendSafely } from '../mail/mailer.ts';
import { accountDeactivatedMail, accountReactivatedMail } from '../mail/templates.ts';
import { findUserByEmail, findUserById, type UserRow } from '../users/users.repository.ts';

const wrongPassword = () =>
  new AppError('VALIDATION_FAILED', 'Your password is not correct.', {
    fields: [{ path: 'password', message: 'Your password is not correct.' }],
  });

/**
 * Deactivates the user's own account after checking the password (a wrong one writes nothing): marks the
 * account deactivated and ends every session in one transaction, then mails the user. Public mint pages
 * are not touched.
 */
export async function deactivateAccount(
  app: App,
  user: AuthUser,
  input: DeactivateAccountInput,
): Promise<void> {
  const db = app.database.db;
  const row = await findUserById(db, user.id);
  if (!row) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  if (!(await verifyPassword(row.password_hash, input.password))) throw wrongPassword();
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ deactivated_at: now, owner_deactivated_at: now, updated_at: now })
      .where('id', '=', user.id)
      .execute();
    await deleteUserSessions(trx, user.id);
  });
  await sendSafely(
    app.mail,
    app.log,
    accountDeactivatedMail(row.email, row.first_name, `${app.config.publicUrl}/auth/login`),
  );
}

/**
 * Reactivates an account its owner deactivated, from the login page: one 401 for a wrong email or password
 * (as at login); an account that is not deactivated by its owner gets login's own answer for its state
 * (e.g. deactivated by an admin) or a 400. Then the account's other states are checked as at login and
 * the user is mailed.
 */
export async function reactivateAccount(app: App, input: LoginInput): Promise<UserRow> {
  const db = app.database.db;
  const user = await findUserByEmail(db, input.email.trim().toLowerCase());
  const matches = await verifyPassword(user?.password_hash, input.password);
  if (!user || !matches) throw new AppError('INVALID_CREDENTIALS', 'Incorrect email or password.');
  if (!isOwnerDeactivated(user)) {
    assertMaySignIn(user, app.config.requireApproval);
    throw new AppError('BAD_REQUEST', 'This account is not deactivated: log in as usual.');
  }
  const active: UserRow = { ...user, deactivated_at: null, owner_deactivated_at: null };
  assertMaySignIn(active, app.config.requireApproval);
  const now = new Date().toISOString();
  await db
    .updateTable('users')
    .set({ deactivated_at: null, owner_deactivated_at: null, updated_at: now })
    .where('id', '=', user.id)
    .execute();
  await sendSafely(
    app.mail,
    app.log,
    accountReactivatedMail(user.email, user.first_name, `${app.config.publicUrl}/auth/login`),
  );
  return active;
}
