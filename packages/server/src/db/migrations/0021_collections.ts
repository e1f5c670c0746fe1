import type { Kysely } from 'kysely';

/**
 * A generated (or generating) collection: what was asked for, the job making it and a snapshot of the
 * project at that moment, so later edits to the project never change it or break a resumed job.
 * Its files live in the blob store under `collections/<id>/`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('collections')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'text')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('job_id', 'text', (col) => col.notNull())
    .addColumn('watermark', 'integer', (col) => col.notNull())
    .addColumn('snapshot', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('collections_owner')
    .on('collections')
    .columns(['owner_id', 'created_at'])
    .execute();
}
