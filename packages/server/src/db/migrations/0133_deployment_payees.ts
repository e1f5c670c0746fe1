import type { Kysely } from 'kysely';

/**
 * Who a deployed contract pays its sale proceeds to, in its order: the payees of its split with their
 * shares, or its one payout address. Shares are kept as decimal text: the contract takes up to 2^32 - 1,
 * beyond PostgreSQL's integer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deployment_payees')
    .addColumn('deployment_id', 'text', (col) =>
      col.notNull().references('deployments.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('shares', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('deployment_payees_pk', ['deployment_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deployment_payees').execute();
}
