import type { AccountStatus, PlanId } from '@layerloom/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { endAllSessions } from '../auth/sessions.service.ts';
import { type Mailer, sendSafely } from '../mail/mailer.ts';
import { accountApprovedMail, accountRejectedMail } from '../mail/templates.ts';
import { recordAdminAction } from './admin-actions.repository.ts';
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
  await recordAdminAction(deps.db, {
    adminId: actorId,
    targetUserId: user.id,
    action: decision.status === 'approved' ? 'approve' : 'reject',
    detail: reason,
  });
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

/** An admin sets the user's plan; the change (from → to) is logged as `actorId`'s. */
export async function adminSetPlan(
  db: Kysely<Database>,
  actorId: string,
  userId: string,
  planId: PlanId,
): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User');
  const updated = await setPlan(db, userId, planId);
  await recordAdminAction(db, {
    adminId: actorId,
    targetUserId: userId,
    action: 'plan',
    detail: `${user.plan_id} → ${planId}`,
  });
  return updated;
}

/**
 * Deactivates (the user cannot sign in and every session ends) or reactivates a user, and logs it.
 * Admins cannot deactivate themselves; reactivating an active user changes nothing.
 */
export async function setActive(
  db: Kysely<Database>,
  actorId: string,
  userId: string,
  active: boolean,
): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User');
  if (user.id === actorId && !active)
    throw new AppError('FORBIDDEN', 'You cannot deactivate your own account.');
  // Reactivating an active user changes nothing; deactivating always writes a new instant, so an
  // account its owner had deactivated becomes an admin's deactivation (which sign-in does not lift).
  if (active && user.deactivated_at === null) return user;
  const updated = await updateUser(db, user.id, {
    deactivated_at: active ? null : new Date().toISOString(),
  });
  if (!updated) throw notFound('User');
  if (!active) await endAllSessions(db, user.id);
  await recordAdminAction(db, {
    adminId: actorId,
    targetUserId: user.id,
    action: active ? 'reactivate' : 'deactivate',
    detail: '',
  });
  return updated;
}
