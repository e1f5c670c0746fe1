import type { Kysely } from 'kysely';

/**
 * Settings › Security: each session keeps what the user needs to recognise it (device and browser parsed
 * from the user agent at sign-in, the client address) and when it was last seen (touched at most every
 * few minutes). Sessions made before this migration read as an unknown device, last seen when created.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('device', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('browser', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
}
