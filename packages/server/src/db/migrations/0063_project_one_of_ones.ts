import type { Kysely } from 'kysely';

/**
 * 1-of-1s of a project: JSON, each a finished artwork (its blob key and image facts) with its own
 * name and attributes. Existing projects have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('one_of_ones', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('one_of_ones').execute();
}
