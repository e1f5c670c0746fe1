import type { Kysely } from 'kysely';

/**
 * A collection's publication: where its `tokenURI`s point. Published files never change, so one row per
 * collection; the slug names it in public URLs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('publications')
    .addColumn('collection_id', 'text', (col) =>
      col.primaryKey().references('collections.id').onDelete('cascade'),
    )
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('provenance_hash', 'text', (col) => col.notNull())
    .addColumn('published_at', 'text', (col) => col.notNull())
    .execute();
}
