import type { Kysely } from 'kysely';

/**
 * Changes made to a generated collection after its first generation, in order: rerolls (new
 * combinations for chosen editions) and growth (more tokens after the last). The collection's files
 * are its snapshot planned from the seed with these replayed (see the engine's `amendPlan`), so the
 * rows are its history and the recipe of its bytes. `job_id` is the job that rendered the change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('collection_amendments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('collection_id', 'text', (col) =>
      col.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (col) => col.notNull())
    /** JSON array of editions (a reroll), or null. */
    .addColumn('editions', 'text')
    /** Tokens added (growth), or null. */
    .addColumn('count', 'integer')
    .addColumn('derivation', 'text', (col) => col.notNull())
    .addColumn('job_id', 'text', (col) => col.notNull())
    /** The author's email at the time (the history says who). */
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('collection_amendments_collection')
    .on('collection_amendments')
    .columns(['collection_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('collection_amendments').execute();
}
