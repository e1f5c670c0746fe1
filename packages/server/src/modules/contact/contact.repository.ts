import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A stored contact-form message. */
export interface ContactMessageRow {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
}

/** Stores a contact-form message. */
export async function insertContactMessage(db: Kysely<Database>, row: ContactMessageRow): Promise<void> {
  await db.insertInto('contact_messages').values(row).execute();
}

/** The most recent contact-form messages, newest first. */
export async function listContactMessages(db: Kysely<Database>, limit: number): Promise<ContactMessageRow[]> {
  return db
    .selectFrom('contact_messages')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}
