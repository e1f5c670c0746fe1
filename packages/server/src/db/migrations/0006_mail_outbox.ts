import type { Kysely } from 'kysely';

/** The development outbox: every mail sent while no SMTP server is configured. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('mail_outbox_created_at').on('mail_outbox').column('created_at').execute();
}
