import type { Kysely } from 'kysely';

/**
 * How many tokens of a deployment the `mint.seen` webhook event last reported: a state read that shows
 * more moves the mark with a compare-and-set, and only the reader that moved it sends the event, so two
 * web nodes (or a restart) never send the same increase twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_mint_marks')
    .addColumn('deployment_id', 'text', (col) =>
      col.primaryKey().references('deployments.id').onDelete('cascade'),
    )
    .addColumn('minted', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_mint_marks').execute();
}
