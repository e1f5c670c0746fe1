import type { AccountStatus, PlanId } from '@layerloom/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { endAllSessions } from '../auth/sessions.service.ts';
import { type Mailer, sendSafely } from '../mail/mailer.ts';
import { accountApprovedMail, accountRejectedMail } from '../mail/templates.ts';
import { findUserById, type UserRow, updateUser } from './users.repository.ts';

/**
 * Approves (reason "OK" unless given) or rejects (reason required) an account and mails the user.
 * A rejection also ends the user's sessions. Admins cannot change their own status.
 */
export async function setAccountStatus(
  deps: { db: Kysely<Database>; mail: Mailer; log: FastifyBaseLogger; publicUrl: string },
  actorId: string,
  userId: string,
  decision: { status: Exclude<AccountStatus, 'pending'>; reason?: string | undefined },
): Promise<UserRow> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound('User');
  if (user.id === actorId)
    throw new AppError('FORBIDDEN', 'You cannot change the status of your own account.');
  const reason = decision.status === 'approved' ? decision.reason || 'OK' : (decision.reason ?? '');
  const updated = await updateUser(deps.db, user.id, {
    account_status: decision.status,
    account_reason: reason,
  });
  if (!updated) throw notFound('User');
  if (decision.status === 'rejected') await endAllSessions(deps.db, user.id);
  const mail =
    decision.status === 'approved'
      ? accountApprovedMail(user.email, user.first_name, `${deps.publicUrl}/auth/login`)
      : accountRejectedMail(user.email, user.first_name, reason, `${deps.publicUrl}/contact`);
  await sendSafely(deps.mail, deps.log, mail);
  return updated;
}

/** Sets the user's plan. */
export async function setPlan(db: Kysely<Database>, userId: string, planId: PlanId): Promise<UserRow> {
  const updated = await updateUser(db, userId, { plan_id: planId });
  if (!updated) throw notFound('User');
  return updated;
}
