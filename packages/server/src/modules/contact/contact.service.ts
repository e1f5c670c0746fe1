import { randomUUID } from 'node:crypto';
import type { ContactMessageInput } from '@layerloom/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { insertContactMessage } from './contact.repository.ts';

/** Stores a message from the contact form and returns its id and the time it was received. */
export async function receiveContactMessage(
  db: Kysely<Database>,
  input: ContactMessageInput,
): Promise<{ id: string; receivedAt: string }> {
  const row = { id: randomUUID(), ...input, created_at: new Date().toISOString() };
  await insertContactMessage(db, row);
  return { id: row.id, receivedAt: row.created_at };
}
