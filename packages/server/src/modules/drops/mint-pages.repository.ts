import type { Kysely } from 'kysely';
import type { Database, MintPageTable } from '../../db/schema.ts';

/** The collection's saved mint page settings row, if the creator saved any. */
export function findMintPage(db: Kysely<Database>, collectionId: string): Promise<MintPageTable | undefined> {
  return db.selectFrom('mint_pages').selectAll().where('collection_id', '=', collectionId).executeTakeFirst();
}

/** Stores the collection's mint page settings, replacing what it had. */
export async function saveMintPage(db: Kysely<Database>, row: MintPageTable): Promise<void> {
  await db
    .insertInto('mint_pages')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('collection_id').doUpdateSet({ settings: row.settings, updated_at: row.updated_at }),
    )
    .execute();
}
