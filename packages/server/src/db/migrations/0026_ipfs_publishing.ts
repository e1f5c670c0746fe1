import type { Kysely } from 'kysely';

/**
 * IPFS publishing: each user's pinning provider (its token encrypted at rest), each collection's upload to
 * it (the job that carries it), and the CIDs an IPFS publication points at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pinning_providers')
    .addColumn('owner_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (col) => col.notNull())
    .addColumn('token_sealed', 'text', (col) => col.notNull())
    .addColumn('token_last4', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('ipfs_uploads')
    .addColumn('collection_id', 'text', (col) =>
      col.primaryKey().references('collections.id').onDelete('cascade'),
    )
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('job_id', 'text', (col) => col.notNull())
    .addColumn('images_cid', 'text', (col) => col.notNull())
    .addColumn('metadata_cid', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.alterTable('publications').addColumn('ipfs_images_cid', 'text').execute();
  await db.schema.alterTable('publications').addColumn('ipfs_metadata_cid', 'text').execute();
  await db.schema
    .createIndex('publications_ipfs_images_cid')
    .on('publications')
    .column('ipfs_images_cid')
    .execute();
  await db.schema
    .createIndex('publications_ipfs_metadata_cid')
    .on('publications')
    .column('ipfs_metadata_cid')
    .execute();
}
