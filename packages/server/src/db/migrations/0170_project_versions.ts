import type { Kysely } from 'kysely';

/**
 * Safe concurrent editing (issue 30): every project carries a version, bumped by each write with a
 * conditional UPDATE, and the user who saved it last (null for projects saved before this migration).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('projects').addColumn('updated_by', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('updated_by').execute();
  await db.schema.alterTable('projects').dropColumn('version').execute();
}
