import type { Kysely } from 'kysely';
import type { AllowlistTable, Database } from '../../db/schema.ts';

export async function findAllowlist(
  db: Kysely<Database>,
  collectionId: string,
): Promise<AllowlistTable | undefined> {
  return db.selectFrom('allowlists').selectAll().where('collection_id', '=', collectionId).executeTakeFirst();
}

/** Stores the collection's allowlist, replacing the one it had. */
export async function saveAllowlist(db: Kysely<Database>, row: AllowlistTable): Promise<void> {
  await db
    .insertInto('allowlists')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('collection_id').doUpdateSet({
        merkle_root: row.merkle_root,
        entries: row.entries,
        tree: row.tree,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** When the collection's allowlist last changed, without reading the list itself. */
export async function findAllowlistVersion(
  db: Kysely<Database>,
  collectionId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('allowlists')
    .select('updated_at')
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
  return row?.updated_at;
}
