import type { Kysely } from 'kysely';

/** A collection's allowlist: its wallets, their Merkle tree (to hand out proofs) and root (set on chain). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('allowlists')
    .addColumn('collection_id', 'text', (col) =>
      col.primaryKey().references('collections.id').onDelete('cascade'),
    )
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('merkle_root', 'text', (col) => col.notNull())
    .addColumn('entries', 'text', (col) => col.notNull())
    .addColumn('tree', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}
