import type { Kysely } from 'kysely';

/**
 * Which metadata a project's generations write (Ethereum ERC-721, Solana Metaplex or both) with Solana's own
 * fields (JSON; `{}` = Ethereum only, as every project before), and the format each collection was
 * generated with, which its downloads follow.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('metadata', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .alterTable('collections')
    .addColumn('metadata_format', 'text', (col) => col.notNull().defaultTo('erc721'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('collections').dropColumn('metadata_format').execute();
  await db.schema.alterTable('projects').dropColumn('metadata').execute();
}
