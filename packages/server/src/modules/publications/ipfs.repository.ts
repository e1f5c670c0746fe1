import type { Kysely } from 'kysely';
import type { Database, IpfsUploadTable, PinningProviderTable, PublicationTable } from '../../db/schema.ts';

/** The user's pinning provider row (the token still sealed). */
export async function findPinningProvider(
  db: Kysely<Database>,
  ownerId: string,
): Promise<PinningProviderTable | undefined> {
  return db.selectFrom('pinning_providers').selectAll().where('owner_id', '=', ownerId).executeTakeFirst();
}

/** Saves the user's one pinning provider, replacing the previous one. */
export async function upsertPinningProvider(db: Kysely<Database>, row: PinningProviderTable): Promise<void> {
  await db
    .insertInto('pinning_providers')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('owner_id').doUpdateSet({
        endpoint: row.endpoint,
        token_sealed: row.token_sealed,
        token_last4: row.token_last4,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function deletePinningProviderRow(db: Kysely<Database>, ownerId: string): Promise<void> {
  await db.deleteFrom('pinning_providers').where('owner_id', '=', ownerId).execute();
}

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
