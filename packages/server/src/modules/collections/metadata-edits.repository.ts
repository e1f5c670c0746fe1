import type { Kysely } from 'kysely';
import type { CollectionMetadataEditTable, Database } from '../../db/schema.ts';

export async function insertMetadataEdit(
  db: Kysely<Database>,
  row: CollectionMetadataEditTable,
): Promise<void> {
  await db.insertInto('collection_metadata_edits').values(row).execute();
}

export async function deleteMetadataEdit(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('collection_metadata_edits').where('id', '=', id).execute();
}

export async function setMetadataEditJob(db: Kysely<Database>, id: string, jobId: string): Promise<void> {
  await db.updateTable('collection_metadata_edits').set({ job_id: jobId }).where('id', '=', id).execute();
}

/** A collection's metadata saves, oldest first. */
export async function listMetadataEdits(
  db: Kysely<Database>,
  collectionId: string,
): Promise<CollectionMetadataEditTable[]> {
  return db
    .selectFrom('collection_metadata_edits')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
