import type { Kysely, Selectable } from 'kysely';
import type { Database, EmailChangeTable, ProfileTable } from '../../db/schema.ts';

export type ProfileRow = Selectable<ProfileTable>;
export type EmailChangeRow = Selectable<EmailChangeTable>;

/** The user's Edit Profile fields, when they have saved them once. */
export async function findProfile(db: Kysely<Database>, userId: string): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Stores the user's Edit Profile fields (made on first save). */
export async function saveProfile(db: Kysely<Database>, row: ProfileRow): Promise<void> {
  const { user_id: _userId, ...fields } = row;
  await db
    .insertInto('profiles')
    .values(row)
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(fields))
    .execute();
}

/** The user's email change still waiting for confirmation (unused, unexpired), newest first. */
export async function findPendingEmailChange(
  db: Kysely<Database>,
  userId: string,
  now: string,
): Promise<EmailChangeRow | undefined> {
  return db
    .selectFrom('email_changes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Removes the user's unused email changes (a new one replaces them; cancelling removes them). */
export async function deleteOpenEmailChanges(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('email_changes').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

export async function insertEmailChange(db: Kysely<Database>, row: EmailChangeRow): Promise<void> {
  await db.insertInto('email_changes').values(row).execute();
}

export async function findEmailChangeByTokenHash(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<EmailChangeRow | undefined> {
  return db.selectFrom('email_changes').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks the change used; false when another request used it first. */
export async function claimEmailChange(db: Kysely<Database>, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('email_changes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many collections the user has, and how many tokens those whose generation succeeded hold. */
export async function collectionTotals(
  db: Kysely<Database>,
  ownerId: string,
): Promise<{ collections: number; tokens: number }> {
  const row = await db
    .selectFrom('collections')
    .leftJoin('jobs', 'jobs.id', 'collections.job_id')
    .where('collections.owner_id', '=', ownerId)
    .select((eb) => [
      eb.fn.countAll<string | number>().as('collections'),
      eb.fn
        .sum<string | number | null>(
          eb.case().when('jobs.status', '=', 'succeeded').then(eb.ref('collections.size')).else(0).end(),
        )
        .as('tokens'),
    ])
    .executeTakeFirstOrThrow();
  return { collections: Number(row.collections), tokens: Number(row.tokens ?? 0) };
}

/** A referral row as the Profile page's table needs it (with the referred user, once they signed up). */
export interface ReferralRow {
  email: string;
  referred_user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
  account_status: string | null;
  plan_id: string | null;
}

/** A page of the people `referrerId` referred, newest first, and how many there are in all. */
export async function referralsPage(
  db: Kysely<Database>,
  referrerId: string,
  options: { limit: number; offset: number },
): Promise<{ rows: ReferralRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('referrals')
      .leftJoin('users', 'users.id', 'referrals.referred_user_id')
      .select([
        'referrals.email',
        'referrals.referred_user_id',
        'users.first_name',
        'users.last_name',
        'users.avatar',
        'users.account_status',
        'users.plan_id',
      ])
      .where('referrals.referrer_id', '=', referrerId)
      .orderBy('referrals.created_at', 'desc')
      .orderBy('referrals.id')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    db
      .selectFrom('referrals')
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .where('referrer_id', '=', referrerId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}
