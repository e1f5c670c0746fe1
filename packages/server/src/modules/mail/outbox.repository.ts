import type { Kysely } from 'kysely';
import type { Database, MailOutboxTable } from '../../db/schema.ts';

export type OutboxMail = MailOutboxTable;

/** Stores a mail in the development outbox. */
export async function insertOutboxMail(db: Kysely<Database>, mail: OutboxMail): Promise<void> {
  await db.insertInto('mail_outbox').values(mail).execute();
}

/** The most recent outbox mails, newest first. */
export async function listOutboxMails(db: Kysely<Database>, limit: number): Promise<OutboxMail[]> {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
