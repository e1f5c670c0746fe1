import type { Kysely } from 'kysely';

/**
 * Source verification of a deployed contract on its chain's explorer, one row per deployment: where it
 * stands (`waiting` for its next attempt, `queued` for a job, `verified`, `failed`, `not_configured`),
 * the explorer's last word, the receipt to poll (Etherscan's guid, Sourcify's verification id) and the
 * constructor arguments read from the deploy transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contract_verifications')
    .addColumn('deployment_id', 'text', (col) =>
      col.primaryKey().references('deployments.id').onDelete('cascade'),
    )
    .addColumn('chain_id', 'integer', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('explorer', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('message', 'text')
    .addColumn('receipt', 'text')
    .addColumn('constructor_arguments', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('verified_at', 'text')
    .execute();
  await db.schema
    .createIndex('contract_verifications_due')
    .on('contract_verifications')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contract_verifications').execute();
}
