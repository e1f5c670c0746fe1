import type { Kysely } from 'kysely';
import type { Database, PublicationTable } from '../../db/schema.ts';

export async function insertPublication(db: Kysely<Database>, row: PublicationTable): Promise<void> {
  await db.insertInto('publications').values(row).execute();
}

export async function findPublication(
  db: Kysely<Database>,
  collectionId: string,
): Promise<PublicationTable | undefined> {
  return db
    .selectFrom('publications')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
}

/** A published collection by its public slug, with the collection's size. */
export async function findPublicationBySlug(
  db: Kysely<Database>,
  slug: string,
): Promise<(PublicationTable & { size: number }) | undefined> {
  return db
    .selectFrom('publications')
    .innerJoin('collections', 'collections.id', 'publications.collection_id')
    .selectAll('publications')
    .select('collections.size')
    .where('publications.slug', '=', slug)
    .executeTakeFirst();
}

/** Points an IPFS publication at a newly pinned metadata folder (published again after a metadata edit). */
export async function setPublicationMetadataCid(
  db: Kysely<Database>,
  collectionId: string,
  metadataCid: string,
): Promise<void> {
  await db
    .updateTable('publications')
    .set({ ipfs_metadata_cid: metadataCid })
    .where('collection_id', '=', collectionId)
    .execute();
}
