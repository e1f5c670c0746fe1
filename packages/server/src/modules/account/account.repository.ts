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
