import { randomBytes, randomUUID } from 'node:crypto';
import {
  REFERRAL_REWARD_RULE,
  REFERRAL_REWARD_USD,
  type Referral,
  ReferralCodeSchema,
  type ReferralStatus,
  referralRewardUsd,
} from '@layerloom/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { creditTaken } from '../billing/billing.repository.ts';
import { type Mailer, sendSafely } from '../mail/mailer.ts';
import { referralInviteMail, referralSignedUpMail } from '../mail/templates.ts';
import { wantsMail } from '../notifications/notification-preferences.ts';
import { isUniqueViolation } from '../users/users.repository.ts';

/** One invitation mail per address per week, whoever sends it. */
export const INVITE_INTERVAL_MS = 7 * 24 * 60 * 60 * 1000;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newCode(): string {
  const bytes = randomBytes(10);
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

/** The user's referral code, made (once) on first use. */
export async function ensureReferralCode(db: Kysely<Database>, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await db
      .selectFrom('users')
      .select('referral_code')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (row.referral_code) return row.referral_code;
    try {
      await db
        .updateTable('users')
        .set({ referral_code: newCode() })
        .where('id', '=', userId)
        .where('referral_code', 'is', null)
        .execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('could not make a unique referral code');
}

export function referralLink(publicUrl: string, code: string): string {
  return `${publicUrl}/?ref=${encodeURIComponent(code)}`;
}

/** A referral's status, the one rule for every page: invited → signed up → approved → paying (a paid plan). */
export function referralStatus(row: {
  referred_user_id: string | null;
  account_status: string | null;
  plan_id: string | null;
}): ReferralStatus {
  if (!row.referred_user_id) return 'invited';
  if (row.plan_id && row.plan_id !== 'free') return 'paying';
  return row.account_status === 'approved' ? 'approved' : 'signed_up';
}

async function listReferrals(db: Kysely<Database>, referrerId: string, id?: string): Promise<Referral[]> {
  let query = db
    .selectFrom('referrals')
    .leftJoin('users', 'users.id', 'referrals.referred_user_id')
    .select([
      'referrals.id',
      'referrals.email',
      'referrals.referred_user_id',
      'referrals.invited_at',
      'referrals.signed_up_at',
      'referrals.created_at',
      'users.first_name',
      'users.last_name',
      'users.account_status',
      'users.plan_id',
    ])
    .where('referrals.referrer_id', '=', referrerId);
  if (id) query = query.where('referrals.id', '=', id);
  const rows = await query
    .orderBy('referrals.created_at', 'desc')
    .orderBy('referrals.id')
    .limit(1000)
    .execute();
  return rows.map((row) => {
    const status = referralStatus(row);
    return {
      id: row.id,
      email: row.email,
      name: row.referred_user_id ? `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() : null,
      status,
      rewardUsd: referralRewardUsd(status),
      invitedAt: row.invited_at,
      signedUpAt: row.signed_up_at,
    };
  });
}

/**
 * How long a checkout holds the credit it took while unpaid: Stripe's default Checkout Session lifetime
 * (a session cannot be paid after it), and the local test checkout refuses a payment after it too.
 */
export const CHECKOUT_OPEN_MS = 24 * 60 * 60 * 1000;

/** The referral credit earned: the rewards of the user's referrals under the rule, in cents. */
function earnedCents(referrals: readonly Referral[]): number {
  return referrals.reduce((sum, referral) => sum + referral.rewardUsd, 0) * 100;
}

/**
 * Earned credit less what the user's paid checkouts took (never below zero), in cents; with `heldByOpen`,
 * less what their still payable open checkouts hold too.
 */
async function creditLeft(
  db: Kysely<Database>,
  userId: string,
  earned: number,
  heldByOpen: boolean,
): Promise<number> {
  const openSince = heldByOpen ? new Date(Date.now() - CHECKOUT_OPEN_MS).toISOString() : null;
  return Math.max(0, earned - (await creditTaken(db, userId, openSince)));
}

/**
 * The referral credit the user has not used yet, in cents: what their next checkout takes off its price
 * (starting one expires their unpaid ones, so what those hold is counted only with `heldByOpen`, once the
 * checkout has expired what it could).
 */
export async function referralCreditCents(
  db: Kysely<Database>,
  userId: string,
  { heldByOpen = false }: { heldByOpen?: boolean } = {},
): Promise<number> {
  return creditLeft(db, userId, earnedCents(await listReferrals(db, userId)), heldByOpen);
}

export async function getReferrals(app: App, userId: string) {
  const code = await ensureReferralCode(app.database.db, userId);
  const referrals = await listReferrals(app.database.db, userId);
  const earned = earnedCents(referrals);
  return {
    code,
    link: referralLink(app.config.publicUrl, code),
    rewardRule: REFERRAL_REWARD_RULE,
    rewardPerPayingUsd: REFERRAL_REWARD_USD,
    totalRewardUsd: earned / 100,
    creditAvailableUsd: (await creditLeft(app.database.db, userId, earned, false)) / 100,
    referrals,
  };
}

const field = (message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: [{ path: 'email', message }] });

/** Mails an invitation with the user's link to `email` and records it (one mail per address per week). */
export async function invite(app: App, user: AuthUser, email: string): Promise<Referral> {
  if (email === user.email) throw field('That is your own address: invite someone else.');
  const member = await app.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (member)
    throw new AppError('CONFLICT', 'This address already has a Layerloom account.', {
      fields: [{ path: 'email', message: 'This address already has a Layerloom account.' }],
    });
  const now = new Date();
  const existing = await app.database.db
    .selectFrom('referrals')
    .selectAll()
    .where('referrer_id', '=', user.id)
    .where('email', '=', email)
    .executeTakeFirst();
  // The address gets one invitation mail a week whoever sends it, so nobody can flood it through many accounts.
  const latest = await app.database.db
    .selectFrom('referrals')
    .select(['referrer_id', 'last_invited_at'])
    .where('email', '=', email)
    .where('last_invited_at', 'is not', null)
    .where('last_invited_at', '>', new Date(now.getTime() - INVITE_INTERVAL_MS).toISOString())
    .orderBy('last_invited_at', 'desc')
    .executeTakeFirst();
  if (latest?.last_invited_at) {
    const next = Date.parse(latest.last_invited_at) + INVITE_INTERVAL_MS;
    const day = new Date(next).toISOString().slice(0, 10);
    const mine = latest.referrer_id === user.id;
    throw new AppError(
      'RATE_LIMITED',
      mine
        ? `You already invited this address this week. You can send another invitation on ${day}.`
        : `This address already received an invitation to Layerloom this week. You can invite it on ${day}.`,
      {
        retryAfterSeconds: Math.ceil((next - now.getTime()) / 1000),
        fields: [
          {
            path: 'email',
            message: mine
              ? `Already invited this week; you can invite again on ${day}.`
              : `Already invited to Layerloom this week; you can invite it on ${day}.`,
          },
        ],
      },
    );
  }
  const at = now.toISOString();
  let id = existing?.id;
  if (existing) {
    await app.database.db
      .updateTable('referrals')
      .set({ last_invited_at: at, invited_at: existing.invited_at ?? at })
      .where('id', '=', existing.id)
      .execute();
  } else {
    id = randomUUID();
    try {
      await app.database.db
        .insertInto('referrals')
        .values({
          id,
          referrer_id: user.id,
          email,
          referred_user_id: null,
          invited_at: at,
          last_invited_at: at,
          signed_up_at: null,
          created_at: at,
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', 'This address is being invited already; reload the page.');
      throw error;
    }
  }
  const code = await ensureReferralCode(app.database.db, user.id);
  const inviter = `${user.firstName} ${user.lastName}`.trim() || user.email;
  await sendSafely(
    app.mail,
    app.log,
    referralInviteMail(email, inviter, referralLink(app.config.publicUrl, code)),
  );
  const [referral] = await listReferrals(app.database.db, user.id, id);
  if (!referral) throw new Error('referral vanished');
  return referral;
}

/**
 * Credits the referrer whose code a new user signed up with: links their invitation of this address,
 * or records the sign-up, then mails the referrer (unless they turned Referrals mails off).
 * An unknown code (or the user's own) changes nothing: sign-up never fails for it.
 */
export async function recordReferredSignUp(
  deps: { db: Kysely<Database>; mail: Mailer; log: FastifyBaseLogger; publicUrl: string },
  code: string | undefined,
  user: { id: string; email: string; first_name: string; last_name: string; created_at: string },
): Promise<void> {
  const { db } = deps;
  if (!code || !ReferralCodeSchema.safeParse(code).success) return;
  const referrer = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name'])
    .where('referral_code', '=', code.trim().toUpperCase())
    .executeTakeFirst();
  if (!referrer || referrer.id === user.id) return;
  const at = user.created_at;
  const updated = await db
    .updateTable('referrals')
    .set({ referred_user_id: user.id, signed_up_at: at })
    .where('referrer_id', '=', referrer.id)
    .where('email', '=', user.email)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await db
      .insertInto('referrals')
      .values({
        id: randomUUID(),
        referrer_id: referrer.id,
        email: user.email,
        referred_user_id: user.id,
        invited_at: null,
        last_invited_at: null,
        signed_up_at: at,
        created_at: at,
      })
      .execute();
  }
  if (await wantsMail(db, referrer.id, 'referrals')) {
    const name = `${user.first_name} ${user.last_name}`.trim();
    await sendSafely(
      deps.mail,
      deps.log,
      referralSignedUpMail(
        referrer.email,
        referrer.first_name,
        name,
        `${deps.publicUrl}/dashboard/referrals`,
      ),
    );
  }
}

/** The id of the user whose referral link this user signed up with, if any. */
export async function referrerOf(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('referrals')
    .select('referrer_id')
    .where('referred_user_id', '=', userId)
    .executeTakeFirst();
  return row?.referrer_id;
}
