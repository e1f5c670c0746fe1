import type { NotificationKind, NotificationPreferences } from '@layerloom/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The user's optional-mail toggles; every kind is on until the user changes it. */
export async function readPreferences(
  db: Kysely<Database>,
  userId: string,
): Promise<NotificationPreferences> {
  const row = await db
    .selectFrom('notification_preferences')
    .select('referrals')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { referrals: row ? Number(row.referrals) === 1 : true };
}

export async function savePreferences(
  db: Kysely<Database>,
  userId: string,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  const values = { referrals: preferences.referrals ? 1 : 0, updated_at: new Date().toISOString() };
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
