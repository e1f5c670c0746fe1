import type { Kysely } from 'kysely';
import type { Database, IpfsUploadTable, PublicationTable } from '../../db/schema.ts';

export async function findIpfsUpload(
  db: Kysely<Database>,
  collectionId: string,
): Promise<IpfsUploadTable | undefined> {
  return db
    .selectFrom('ipfs_uploads')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
}

/**
 * Records the collection's latest upload (a retry replaces the failed one). CIDs already known are kept:
 * they are the collection's, whichever upload computed them.
 */
export async function upsertIpfsUpload(db: Kysely<Database>, row: IpfsUploadTable): Promise<void> {
  await db
    .insertInto('ipfs_uploads')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('collection_id').doUpdateSet({
        job_id: row.job_id,
        started_at: row.started_at,
      }),
    )
    .execute();
}

/** Records the root CIDs an upload's job computed (a collection's CIDs never change). */
export async function setIpfsUploadCids(
  db: Kysely<Database>,
  collectionId: string,
  cids: { imagesCid: string; metadataCid: string },
): Promise<void> {
  await db
    .updateTable('ipfs_uploads')
    .set({ images_cid: cids.imagesCid, metadata_cid: cids.metadataCid })
    .where('collection_id', '=', collectionId)
    .execute();
}

/** The IPFS publication whose images or metadata folder has this CID (CIDv1, base32), with the collection's size. */
export async function findPublicationByCid(
  db: Kysely<Database>,
  cid: string,
): Promise<(PublicationTable & { size: number }) | undefined> {
  return db
    .selectFrom('publications')
    .innerJoin('collections', 'collections.id', 'publications.collection_id')
    .selectAll('publications')
    .select('collections.size')
    .where('publications.mode', '=', 'ipfs')
    .where((where) =>
      where.or([
        where('publications.ipfs_images_cid', '=', cid),
        where('publications.ipfs_metadata_cid', '=', cid),
      ]),
    )
    .executeTakeFirst();
}
