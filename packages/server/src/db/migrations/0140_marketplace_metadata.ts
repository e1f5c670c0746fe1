import type { Kysely } from 'kysely';

/**
 * The marketplace side of a collection (issue 26). `collection_listings`: the listing the creator edits
 * (what the contract's `contractURI` serves), one row per collection once saved. `metadata_updates`: each
 * metadata transaction of a collection's contract (setContractURI, setBaseURI, a BatchMetadataUpdate,
 * the freeze), as the server read it on chain; a transaction is recorded once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('collection_listings')
    .addColumn('collection_id', 'text', (col) =>
      col.primaryKey().references('collections.id').onDelete('cascade'),
    )
    .addColumn('listing', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('metadata_updates')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('collection_id', 'text', (col) =>
      col.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('deployment_id', 'text', (col) =>
      col.notNull().references('deployments.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('transaction_hash', 'text', (col) => col.notNull())
    .addColumn('block_number', 'text', (col) => col.notNull())
    .addColumn('detail', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('metadata_updates_transaction', ['deployment_id', 'transaction_hash'])
    .execute();
  await db.schema
    .createIndex('metadata_updates_collection')
    .on('metadata_updates')
    .columns(['collection_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('metadata_updates').execute();
  await db.schema.dropTable('collection_listings').execute();
}
