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

/** Records the collection's latest upload (a retry replaces the failed one). */
export async function upsertIpfsUpload(db: Kysely<Database>, row: IpfsUploadTable): Promise<void> {
  await db
    .insertInto('ipfs_uploads')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('collection_id').doUpdateSet({
        job_id: row.job_id,
        images_cid: row.images_cid,
        metadata_cid: row.metadata_cid,
        started_at: row.started_at,
      }),
    )
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
