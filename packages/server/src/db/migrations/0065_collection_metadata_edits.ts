import type { Kysely } from 'kysely';

/**
 * Metadata edits of a generated collection: each row is the whole set of edits after one save (name
 * pattern, description, external URL, background colour, collection-wide attributes, trait renames),
 * with what that save changed in words, who made it and when. The newest row is what the files hold;
 * the rows together are the history. `job_id` is the job that rewrote the metadata.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('collection_metadata_edits')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('collection_id', 'text', (col) =>
      col.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('settings', 'text', (col) => col.notNull())
    .addColumn('changes', 'text', (col) => col.notNull())
    .addColumn('job_id', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('collection_metadata_edits_collection')
    .on('collection_metadata_edits')
    .columns(['collection_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('collection_metadata_edits').execute();
}
