import type { Kysely, Transaction } from 'kysely';
import type { Database, ProjectTable } from '../../db/schema.ts';
import { parseProjectRow, type StoredProject, serializeProject } from './project-document.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertProject(db: Db, project: StoredProject): Promise<void> {
  await db.insertInto('projects').values(serializeProject(project)).execute();
}

/** The project if it exists and belongs to `ownerId`. */
export async function findOwnedProject(
  db: Db,
  id: string,
  ownerId: string,
): Promise<StoredProject | undefined> {
  const row = await db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return row ? parseProjectRow(row) : undefined;
}

export async function listOwnedProjects(db: Db, ownerId: string): Promise<StoredProject[]> {
  const rows = await db
    .selectFrom('projects')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row: ProjectTable) => parseProjectRow(row));
}

export async function saveProject(db: Db, project: StoredProject): Promise<void> {
  const { id, owner_id: _owner, created_at: _created, ...changes } = serializeProject(project);
  await db.updateTable('projects').set(changes).where('id', '=', id).execute();
}

export async function deleteProjectRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('projects').where('id', '=', id).execute();
}
