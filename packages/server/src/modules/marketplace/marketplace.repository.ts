import type { Kysely } from 'kysely';
import type { CollectionListingTable, Database, MetadataUpdateTable } from '../../db/schema.ts';

export async function findListing(
  db: Kysely<Database>,
  collectionId: string,
): Promise<CollectionListingTable | undefined> {
  return db
    .selectFrom('collection_listings')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
}

/** Saves a collection's listing, replacing the one before. */
export async function saveListing(db: Kysely<Database>, row: CollectionListingTable): Promise<void> {
  await db
    .insertInto('collection_listings')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('collection_id').doUpdateSet({
        listing: row.listing,
        updated_by: row.updated_by,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** A deployment's metadata transactions, newest first. */
export async function listMetadataUpdates(
  db: Kysely<Database>,
  deploymentId: string,
): Promise<MetadataUpdateTable[]> {
  return db
    .selectFrom('metadata_updates')
    .selectAll()
    .where('deployment_id', '=', deploymentId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findMetadataUpdate(
  db: Kysely<Database>,
  deploymentId: string,
  transactionHash: string,
): Promise<MetadataUpdateTable | undefined> {
  return db
    .selectFrom('metadata_updates')
    .selectAll()
    .where('deployment_id', '=', deploymentId)
    .where('transaction_hash', '=', transactionHash)
    .executeTakeFirst();
}

export async function insertMetadataUpdate(db: Kysely<Database>, row: MetadataUpdateTable): Promise<void> {
  await db.insertInto('metadata_updates').values(row).execute();
}

/** Keeps the CID of the listing's JSON on IPFS and the save it was made from. */
export async function setListingIpfs(
  db: Kysely<Database>,
  collectionId: string,
  cid: string,
  listingAt: string,
): Promise<void> {
  await db
    .updateTable('collection_listings')
    .set({ ipfs_cid: cid, ipfs_listing_at: listingAt })
    .where('collection_id', '=', collectionId)
    .execute();
}
