import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type AccountMessagesPlan, removeAccountMessages } from './account-messages.repository.ts';

/** The ids of the user's jobs that are queued or running (each is stopped before the account goes). */
export async function listUnfinishedOwnJobIds(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('jobs')
    .select('id')
    .where('owner_id', '=', userId)
    .where('status', 'in', ['queued', 'running'])
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Removes the account's rows in one transaction: its jobs, its messages (see removeAccountMessages: direct
 * conversations go, support ones are anonymised), the referral rows that name it as the person
 * referred, its open checkouts, the development outbox's mails to it, then the user row, whose deletion
 * cascades to everything else it owns (sessions, tokens, profile, two-factor, referrals it made…). Paid
 * checkouts and payments stay, their user_id set to null by the database (migration 0050).
 */
export async function deleteAccountRows(
  db: Kysely<Database>,
  user: { id: string; email: string },
  messages: Pick<AccountMessagesPlan, 'directIds' | 'supportIds'>,
) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('jobs').where('owner_id', '=', user.id).execute();
    await removeAccountMessages(trx, user, messages);
    await trx.deleteFrom('referrals').where('referred_user_id', '=', user.id).execute();
    await trx
      .deleteFrom('billing_checkouts')
      .where('user_id', '=', user.id)
      .where('status', '=', 'open')
      .execute();
    await trx.deleteFrom('mail_outbox').where('to_address', '=', user.email).execute();
    await trx.deleteFrom('users').where('id', '=', user.id).execute();
  });
}
