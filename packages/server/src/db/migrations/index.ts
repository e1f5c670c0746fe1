import type { Migration } from 'kysely';
import * as contactMessages from './0001_contact_messages.ts';
import * as jobs from './0010_jobs.ts';

/**
 * Every migration, in order. Names sort lexically; add new ones at the end with the next number.
 * Migrations are dialect-neutral (SQLite and PostgreSQL) and listed in code so the built server needs no folder scan.
 */
export const migrations: Record<string, Migration> = {
  '0001_contact_messages': contactMessages,
  '0010_jobs': jobs,
};
