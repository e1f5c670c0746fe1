import type { Kysely } from 'kysely';
import type { CollectionArtEditTable, Database } from '../../db/schema.ts';

export async function insertArtEdit(db: Kysely<Database>, row: CollectionArtEditTable): Promise<void> {
  await db.insertInto('collection_art_edits').values(row).execute();
}

export async function deleteArtEdit(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('collection_art_edits').where('id', '=', id).execute();
}

export async function setArtEditJob(db: Kysely<Database>, id: string, jobId: string): Promise<void> {
  await db.updateTable('collection_art_edits').set({ job_id: jobId }).where('id', '=', id).execute();
}

/** A collection's art versions, oldest first. */
export async function listArtEdits(
  db: Kysely<Database>,
  collectionId: string,
): Promise<CollectionArtEditTable[]> {
  return db
    .selectFrom('collection_art_edits')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .orderBy('version')
    .execute();
}

/** Points the publication at an art version (its base URI then names that version). */
export async function setPublicationArtVersion(
  db: Kysely<Database>,
  collectionId: string,
  version: number,
): Promise<void> {
  await db
    .updateTable('publications')
    .set({ art_version: version })
    .where('collection_id', '=', collectionId)
    .execute();
}

/**
 * Records that an IPFS publication pinned its art versions up to `version` with these folders: the versions
 * not pinned before get the CIDs, and the publication points at the newest.
 */
export async function markArtPinned(
  db: Kysely<Database>,
  collectionId: string,
  version: number,
  cids: { imagesCid: string; metadataCid: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('collection_art_edits')
      .set({ images_cid: cids.imagesCid, metadata_cid: cids.metadataCid })
      .where('collection_id', '=', collectionId)
      .where('version', '<=', version)
      .where('images_cid', 'is', null)
      .execute();
    await trx
      .updateTable('publications')
      .set({ art_version: version, ipfs_images_cid: cids.imagesCid, ipfs_metadata_cid: cids.metadataCid })
      .where('collection_id', '=', collectionId)
      .execute();
  });
}
