import type { Kysely } from 'kysely';

/**
 * Which drop-activity notices (first mint, sold out) a deployment's owner has been sent, so each is sent
 * once however many web nodes read the sale's state: the primary key makes the second insert a no-op.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('drop_notices')
    .addColumn('deployment_id', 'text', (col) =>
      col.notNull().references('deployments.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('drop_notices_pk', ['deployment_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('drop_notices').execute();
}
