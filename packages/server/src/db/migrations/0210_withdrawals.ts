import type { Kysely } from 'kysely';

/**
 * Withdrawals of a sale's funds (issue 30): each withdrawal or split payment the creator's wallet sent to a
 * collection's contract, as the server read it on chain before logging it in the workspace's activity; a
 * transaction is logged once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('collection_id', 'text', (col) =>
      col.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('deployment_id', 'text', (col) =>
      col.notNull().references('deployments.id').onDelete('cascade'),
    )
    .addColumn('transaction_hash', 'text', (col) => col.notNull())
    .addColumn('block_number', 'text', (col) => col.notNull())
    /** JSON array of the addresses paid. */
    .addColumn('recipients', 'text', (col) => col.notNull())
    .addColumn('amount_wei', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('withdrawals_transaction', ['deployment_id', 'transaction_hash'])
    .execute();
  await db.schema
    .createIndex('withdrawals_collection')
    .on('withdrawals')
    .columns(['collection_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('withdrawals').execute();
}
