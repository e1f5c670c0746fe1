import type { Kysely } from 'kysely';

/**
 * A collection contract deployed by its creator's wallet: where it is, who sent it, and whether the server
 * found it on chain as recorded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deployments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('collection_id', 'text', (col) =>
      col.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('chain_id', 'integer', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('deployer', 'text', (col) => col.notNull())
    .addColumn('transaction_hash', 'text', (col) => col.notNull())
    .addColumn('block_number', 'text')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('symbol', 'text', (col) => col.notNull())
    .addColumn('max_supply', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('status_reason', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('deployments_chain_address', ['chain_id', 'address'])
    .execute();
  await db.schema
    .createIndex('deployments_collection')
    .on('deployments')
    .columns(['collection_id', 'created_at'])
    .execute();
}
