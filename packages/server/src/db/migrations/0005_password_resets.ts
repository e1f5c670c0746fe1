import type { Kysely } from 'kysely';

/**
 * Password reset requests. A request is stored even for an unknown email (user_id null) so the
 * answers to every later call are the same whether or not the address has an account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('otp_hash', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('verified_at', 'text')
    .addColumn('used_at', 'text')
    .execute();
}
