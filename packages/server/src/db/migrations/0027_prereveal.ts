import type { Kysely } from 'kysely';

/**
 * A published collection's pre-reveal placeholder (one per publication). While a row exists without
 * `revealed_at`, the collection's hosted metadata and images are withheld; `revealed_at` is set once the
 * server has read the reveal on chain.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('placeholders')
    .addColumn('collection_id', 'text', (col) =>
      col.primaryKey().references('publications.collection_id').onDelete('cascade'),
    )
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('image_key', 'text', (col) => col.notNull())
    .addColumn('image_type', 'text', (col) => col.notNull())
    .addColumn('image_hash', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('revealed_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('placeholders').execute();
}
