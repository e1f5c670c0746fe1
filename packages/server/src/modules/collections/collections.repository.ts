import type { Kysely } from 'kysely';
import type { CollectionTable, Database } from '../../db/schema.ts';

export async function insertCollection(db: Kysely<Database>, row: CollectionTable): Promise<void> {
  await db.insertInto('collections').values(row).execute();
}

export async function findCollection(db: Kysely<Database>, id: string): Promise<CollectionTable | undefined> {
  return db.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOwnedCollection(
  db: Kysely<Database>,
  id: string,
  ownerId: string,
): Promise<CollectionTable | undefined> {
  return db
    .selectFrom('collections')
    .selectAll()
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
}

export async function listOwnedCollections(
  db: Kysely<Database>,
  ownerId: string,
): Promise<CollectionTable[]> {
  return db
    .selectFrom('collections')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function deleteCollectionRow(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('collections').where('id', '=', id).execute();
}

export async function setCollectionJob(db: Kysely<Database>, id: string, jobId: string): Promise<void> {
  await db.updateTable('collections').set({ job_id: jobId }).where('id', '=', id).execute();
}
