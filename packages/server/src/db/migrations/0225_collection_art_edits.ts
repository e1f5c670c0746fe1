import type { Kysely } from 'kysely';

/**
 * Art versions of a published collection: each row replaces some tokens' images (`editions`, JSON) as
 * version `version` (2, 3, …; the publication is version 1), with who did it and when; `job_id` is the job
 * that copied the new images into the collection's files. On IPFS, `images_cid`/`metadata_cid` are the
 * folders a later publication pinned with it (null until then). `publications.art_version` is the version
 * the publication's base URI points at (hosted: the newest at once; IPFS: the newest pinned).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('collection_art_edits')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('collection_id', 'text', (col) =>
      col.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('editions', 'text', (col) => col.notNull())
    .addColumn('job_id', 'text', (col) => col.notNull())
    .addColumn('images_cid', 'text')
    .addColumn('metadata_cid', 'text')
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('collection_art_edits_version', ['collection_id', 'version'])
    .execute();
  await db.schema
    .alterTable('publications')
    .addColumn('art_version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('publications').dropColumn('art_version').execute();
  await db.schema.dropTable('collection_art_edits').execute();
}
