import { type AccountStatus, type PlanId, planById } from '@layerloom/api';
import { referrerOf } from '../referrals/referrals.service.ts';
import { type NotifyDeps, notify, notifyAdmins } from './bell.service.ts';

/**
 * The notifications other modules send, worded in one place. Each is stored for the bell, sent live
 * and mailed as the user's settings allow (see `notify`).
 */

/** A new account: admins are told when it waits for review, and the referrer when it came through their link. */
export async function noticeSignUp(
  deps: NotifyDeps,
  user: { id: string; first_name: string; last_name: string; email: string; account_status: string },
): Promise<void> {
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
  if (user.account_status === 'pending') {
    await notifyAdmins(deps, {
      kind: 'account_waiting',
      title: 'A new account is waiting for review',
      body: `${name} (${user.email}) signed up and waits for your decision in User Requests.`,
      link: '/dashboard/user-requests',
    });
  }
  const referrerId = await referrerOf(deps.database.db, user.id);
  if (referrerId) {
    await notify(deps, referrerId, {
      kind: 'referral_signed_up',
      title: `${name} joined through your link`,
      body: `${name} signed up to Layerloom with your referral link.`,
      link: '/dashboard/referrals',
      // The referrals module mails this already (as the Referrals toggle allows).
      mail: false,
    });
  }
}

/** The user's plan changed (a payment, a refund, an admin's grant, or the user's own switch to Free). */
export async function noticePlanChanged(
  deps: NotifyDeps,
  userId: string,
  planId: PlanId,
  cause: { refundedPlanId?: PlanId } = {},
): Promise<void> {
  const plan = planById(planId);
  const refunded = cause.refundedPlanId && planById(cause.refundedPlanId);
  await notify(deps, userId, {
    kind: 'plan_changed',
    title: `Your plan is now ${plan.name}`,
    body: refunded
      ? `Your payment for the ${refunded.name} plan was refunded, so your Layerloom plan changed to ${plan.name}${plan.id === 'free' ? '' : ', the best plan you still have a payment for'}.`
      : `Your Layerloom plan changed to ${plan.name}.`,
    link: '/dashboard/payment-plans',
  });
}

/** An admin approved or rejected the user's account (the decision is mailed by the users module). */
export async function noticeAccountDecision(
  deps: NotifyDeps,
  userId: string,
  status: AccountStatus,
  reason: string | null,
): Promise<void> {
  if (status === 'pending') return;
  await notify(deps, userId, {
    kind: 'request_decision',
    title: status === 'approved' ? 'Your account was approved' : 'Your account was not approved',
    body:
      status === 'approved'
        ? 'An admin approved your account: every feature of your plan is open to you.'
        : `An admin declined your account${reason ? `: ${reason}` : '.'}`,
    link: status === 'approved' ? '/dashboard' : null,
    mail: false,
  });
}
