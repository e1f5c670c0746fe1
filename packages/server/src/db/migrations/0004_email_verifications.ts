import type { Kysely } from 'kysely';

/** Email verification links: the token's sha256, single use, expiring. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_verifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_verifications_user_id')
    .on('email_verifications')
    .column('user_id')
    .execute();
}
