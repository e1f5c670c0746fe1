import type { Kysely } from 'kysely';

/** A collection's public mint page as its creator set it in the page editor (title, links, colours, images). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mint_pages')
    .addColumn('collection_id', 'text', (col) =>
      col.primaryKey().references('collections.id').onDelete('cascade'),
    )
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('settings', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}
