import type { NotificationKind, NotificationPreferences } from '@layerloom/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The user's optional-mail toggles: every kind is on until the user changes it, but news, which is opt-in. */
export async function readPreferences(
  db: Kysely<Database>,
  userId: string,
): Promise<NotificationPreferences> {
  const row = await db
    .selectFrom('notification_preferences')
    .select(['generation', 'drops', 'referrals', 'mentions', 'news'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return { generation: true, drops: true, referrals: true, mentions: true, news: false };
  return {
    generation: Number(row.generation) === 1,
    drops: Number(row.drops) === 1,
    referrals: Number(row.referrals) === 1,
    mentions: Number(row.mentions) === 1,
    news: Number(row.news) === 1,
  };
}

/** Saves the toggles sent; the others keep their current value (every column is written, news included). */
export async function savePreferences(
  db: Kysely<Database>,
  userId: string,
  changes: Partial<NotificationPreferences>,
): Promise<NotificationPreferences> {
  const next = { ...(await readPreferences(db, userId)), ...changes };
  const values = {
    generation: next.generation ? 1 : 0,
    drops: next.drops ? 1 : 0,
    referrals: next.referrals ? 1 : 0,
    mentions: next.mentions ? 1 : 0,
    news: next.news ? 1 : 0,
    updated_at: new Date().toISOString(),
  };
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, ...values })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
    .execute();
  return readPreferences(db, userId);
}

/** Whether an optional mail of this kind may be sent to the user (the mail sender asks before sending). */
export async function wantsMail(
  db: Kysely<Database>,
  userId: string,
  kind: NotificationKind,
): Promise<boolean> {
  return (await readPreferences(db, userId))[kind];
}
