import { type Kysely, sql } from 'kysely';

/**
 * An upload to IPFS is recorded before its root CIDs are known: its job computes them (hashing every file
 * of a large collection takes longer than an HTTP request should). SQLite cannot drop a NOT NULL, so the
 * table is rebuilt (the same way on both databases): new table, rows copied, old dropped, new renamed.
 */
async function rebuild(db: Kysely<unknown>, nullable: boolean): Promise<void> {
  await db.schema
    .createTable('ipfs_uploads_rebuilt')
    .addColumn('collection_id', 'text', (col) =>
      col.primaryKey().references('collections.id').onDelete('cascade'),
    )
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('job_id', 'text', (col) => col.notNull())
    .addColumn('images_cid', 'text', (col) => (nullable ? col : col.notNull()))
    .addColumn('metadata_cid', 'text', (col) => (nullable ? col : col.notNull()))
    .addColumn('started_at', 'text', (col) => col.notNull())
    .execute();
  await sql`insert into ipfs_uploads_rebuilt (collection_id, owner_id, job_id, images_cid, metadata_cid, started_at)
    select collection_id, owner_id, job_id, images_cid, metadata_cid, started_at from ipfs_uploads
    where images_cid is not null and metadata_cid is not null`.execute(db);
  await db.schema.dropTable('ipfs_uploads').execute();
  await db.schema.alterTable('ipfs_uploads_rebuilt').renameTo('ipfs_uploads').execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, true);
}

/** Uploads whose CIDs were never computed are dropped (they can be started again). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, false);
}
