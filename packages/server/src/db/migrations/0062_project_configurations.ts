import type { Kysely } from 'kysely';

/**
 * Layer configurations of a project (e.g. two body types): JSON, each with its name, share of the
 * size and its own ordered layers. Existing projects get none: one configuration of every layer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('configurations', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('configurations').execute();
}
