import type { Kysely } from 'kysely';

/**
 * The payment splitter a deployment's royalties go to (its ERC-2981 receiver), when the collection was
 * deployed with one, and the splitter's payees in its order. Shares are decimal text, as in 0133.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deployment_royalty_splitters')
    .addColumn('deployment_id', 'text', (col) =>
      col.primaryKey().references('deployments.id').onDelete('cascade'),
    )
    .addColumn('address', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('deployment_royalty_payees')
    .addColumn('deployment_id', 'text', (col) =>
      col.notNull().references('deployment_royalty_splitters.deployment_id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('shares', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('deployment_royalty_payees_pk', ['deployment_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deployment_royalty_payees').execute();
  await db.schema.dropTable('deployment_royalty_splitters').execute();
}
