import type { Kysely } from 'kysely';
import type { Database, PlaceholderTable } from '../../db/schema.ts';

/** A publication's placeholder, if one is set. */
export async function findPlaceholder(
  db: Kysely<Database>,
  collectionId: string,
): Promise<PlaceholderTable | undefined> {
  return db
    .selectFrom('placeholders')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
}

/** Sets a publication's placeholder (a new row, or new image and texts for the existing one). */
export async function upsertPlaceholder(db: Kysely<Database>, row: PlaceholderTable): Promise<void> {
  await db
    .insertInto('placeholders')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('collection_id').doUpdateSet({
        image_key: row.image_key,
        image_type: row.image_type,
        image_hash: row.image_hash,
        name: row.name,
        description: row.description,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** Records the reveal (once: an earlier time is kept). */
export async function markRevealed(db: Kysely<Database>, collectionId: string, at: string): Promise<void> {
  await db
    .updateTable('placeholders')
    .set({ revealed_at: at })
    .where('collection_id', '=', collectionId)
    .where('revealed_at', 'is', null)
    .execute();
}

/** Removes a publication's placeholder row. */
export async function deletePlaceholderRow(db: Kysely<Database>, collectionId: string): Promise<void> {
  await db.deleteFrom('placeholders').where('collection_id', '=', collectionId).execute();
}
