import type { Kysely } from 'kysely';

/**
 * Two-factor sign-in with an authenticator app (Settings › Security).
 * - user_two_factor: one row per user who started or enabled it. secret_sealed is the TOTP secret sealed
 *   with the server's secret box (context: the user id), set once confirmed; pending_sealed holds a new
 *   secret between "start" and "confirm"; last_used_step refuses a code (or an earlier one) used twice.
 * - two_factor_recovery_codes: 10 single-use codes per user, stored as SHA-256 of high-entropy codes.
 * - login_challenges: the step between a correct password and the code (5 minutes), with the wrong
 *   codes counted; the id is sent to the browser, only its SHA-256 is stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_two_factor')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_sealed', 'text')
    .addColumn('pending_sealed', 'text')
    .addColumn('last_used_step', 'integer')
    .addColumn('enabled_at', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('two_factor_recovery_codes_user')
    .on('two_factor_recovery_codes')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('login_challenges')
    .addColumn('id_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_challenges_user').on('login_challenges').column('user_id').execute();
}
