import type { Kysely } from 'kysely';

/**
 * Referrals, notification preferences, account lifecycle and the admin action log.
 * - users.referral_code: the user's personal code (`/?ref=CODE`), made on first use; unique.
 * - users.deactivated_at: set while the owner has deactivated the account (reversible at sign-in).
 * - referrals: one row per person a user referred: an invited address (email, last_invited_at) and/or the
 *   user who signed up through the link (referred_user_id, signed_up_at). Status is read from the
 *   referred user (signed up → approved → paying), 'invited' while nobody signed up.
 * - notification_preferences: one row per user once changed; a missing row means every kind is on.
 * - admin_actions: who did what to which user and when (User Requests › Users).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('referral_code', 'text').execute();
  await db.schema.createIndex('users_referral_code').unique().on('users').column('referral_code').execute();
  await db.schema.alterTable('users').addColumn('deactivated_at', 'text').execute();

  await db.schema
    .createTable('referrals')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('referrer_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    /** Lower case; the invited address, or the address the referred user signed up with. */
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('referred_user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('invited_at', 'text')
    .addColumn('last_invited_at', 'text')
    .addColumn('signed_up_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('referrals_referrer_email')
    .unique()
    .on('referrals')
    .columns(['referrer_id', 'email'])
    .execute();
  await db.schema.createIndex('referrals_referred_user').on('referrals').column('referred_user_id').execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('generation', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('drops', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('referrals', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('news', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('admin_actions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('admin_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('target_user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('detail', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('admin_actions_target').on('admin_actions').column('target_user_id').execute();
}
