import { type Kysely, sql } from 'kysely';

/**
 * Source verification of every contract a deployment brought: the collection, and the royalty splitter
 * deployed with it (0180). `contract_verifications` was one row per deployment; it is rebuilt with a
 * `contract` column (`collection` | `royalty_splitter`) in its key, each existing row kept as the
 * collection's. SQLite cannot change a table's primary key, so both dialects copy into a new table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contract_verifications_next')
    .addColumn('deployment_id', 'text', (col) =>
      col.notNull().references('deployments.id').onDelete('cascade'),
    )
    .addColumn('contract', 'text', (col) => col.notNull())
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
    .addPrimaryKeyConstraint('contract_verifications_contract_pk', ['deployment_id', 'contract'])
    .execute();
  await sql`
    INSERT INTO contract_verifications_next (deployment_id, contract, chain_id, address, explorer, status,
      message, receipt, constructor_arguments, attempts, next_attempt_at, created_at, updated_at, verified_at)
    SELECT deployment_id, 'collection', chain_id, address, explorer, status, message, receipt,
      constructor_arguments, attempts, next_attempt_at, created_at, updated_at, verified_at
    FROM contract_verifications`.execute(db);
  await db.schema.dropIndex('contract_verifications_due').execute();
  await db.schema.dropTable('contract_verifications').execute();
  await db.schema.alterTable('contract_verifications_next').renameTo('contract_verifications').execute();
  await db.schema
    .createIndex('contract_verifications_due')
    .on('contract_verifications')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contract_verifications_prev')
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
  await sql`
    INSERT INTO contract_verifications_prev (deployment_id, chain_id, address, explorer, status, message,
      receipt, constructor_arguments, attempts, next_attempt_at, created_at, updated_at, verified_at)
    SELECT deployment_id, chain_id, address, explorer, status, message, receipt, constructor_arguments,
      attempts, next_attempt_at, created_at, updated_at, verified_at
    FROM contract_verifications WHERE contract = 'collection'`.execute(db);
  await db.schema.dropIndex('contract_verifications_due').execute();
  await db.schema.dropTable('contract_verifications').execute();
  await db.schema.alterTable('contract_verifications_prev').renameTo('contract_verifications').execute();
  await db.schema
    .createIndex('contract_verifications_due')
    .on('contract_verifications')
    .columns(['status', 'next_attempt_at'])
    .execute();
}
