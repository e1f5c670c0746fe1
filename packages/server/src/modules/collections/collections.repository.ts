import type { Kysely } from 'kysely';
import type { CollectionTable, Database } from '../../db/schema.ts';

export async function insertCollection(db: Kysely<Database>, row: CollectionTable): Promise<void> {
  await db.insertInto('collections').values(row).execute();
}

export async function findCollection(db: Kysely<Database>, id: string): Promise<CollectionTable | undefined> {
  return db.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The collection if it exists and `userId` is a member of its workspace (any role: routes check the role). */
export async function findOwnedCollection(
  db: Kysely<Database>,
  id: string,
  userId: string,
): Promise<CollectionTable | undefined> {
  return db
    .selectFrom('collections')
    .selectAll('collections')
    .where('collections.id', '=', id)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('workspace_members')
          .select('workspace_members.user_id')
          .whereRef('workspace_members.workspace_id', '=', 'collections.workspace_id')
          .where('workspace_members.user_id', '=', userId),
      ),
    )
    .executeTakeFirst();
}

/** The collections `ownerId` generated, in any workspace, newest first (their account's export and deletion). */
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

/** The collections of a workspace, newest first. */
export async function listWorkspaceCollections(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<CollectionTable[]> {
  return db
    .selectFrom('collections')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
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
