import type { Kysely } from 'kysely';
import type { CollectionAmendmentTable, Database } from '../../db/schema.ts';

export async function insertAmendment(db: Kysely<Database>, row: CollectionAmendmentTable): Promise<void> {
  await db.insertInto('collection_amendments').values(row).execute();
}

export async function deleteAmendment(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('collection_amendments').where('id', '=', id).execute();
}

export async function setAmendmentJob(db: Kysely<Database>, id: string, jobId: string): Promise<void> {
  await db.updateTable('collection_amendments').set({ job_id: jobId }).where('id', '=', id).execute();
}

/** A collection's amendments in the order they were made (the order they are replayed in). */
export async function listCollectionAmendments(
  db: Kysely<Database>,
  collectionId: string,
): Promise<CollectionAmendmentTable[]> {
  return db
    .selectFrom('collection_amendments')
    .selectAll()
    .where('collection_id', '=', collectionId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Hands the collection to a new job only if it still has `from` (compare-and-set), so two changes
 * asked at once cannot both start: the second finds the first's job. Answers whether it took.
 */
export async function swapCollectionJob(
  db: Kysely<Database>,
  id: string,
  from: string,
  to: string,
): Promise<boolean> {
  const result = await db
    .updateTable('collections')
    .set({ job_id: to })
    .where('id', '=', id)
    .where('job_id', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setCollectionSize(db: Kysely<Database>, id: string, size: number): Promise<void> {
  await db.updateTable('collections').set({ size }).where('id', '=', id).execute();
}
