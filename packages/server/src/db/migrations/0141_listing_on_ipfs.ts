import type { Kysely } from 'kysely';

/**
 * A listing put on IPFS (issue 26): the CID of its contract.json as pinned at the owner's pinning provider,
 * and the save it was made from (`ipfs_listing_at` = `updated_at` then), so a later edit shows it is stale.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('collection_listings').addColumn('ipfs_cid', 'text').execute();
  await db.schema.alterTable('collection_listings').addColumn('ipfs_listing_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('collection_listings').dropColumn('ipfs_listing_at').execute();
  await db.schema.alterTable('collection_listings').dropColumn('ipfs_cid').execute();
}
