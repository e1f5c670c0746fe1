import type { Kysely } from 'kysely';

/**
 * The chunks a large job is split into (each a job of its own that any worker may take): which job
 * each chunk belongs to, so the parent's progress is their sum and its final step runs once all succeed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_chunks')
    .addColumn('job_id', 'text', (col) => col.primaryKey().references('jobs.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (col) => col.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('chunk_index', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('job_chunks_parent')
    .on('job_chunks')
    .columns(['parent_id', 'chunk_index'])
    .unique()
    .execute();
}
