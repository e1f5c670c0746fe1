import { type Kysely, type SqlBool, sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Database, SearchDocumentTable } from '../../db/schema.ts';
import { ftsMatch, type SearchText, tsQuery } from './search-text.ts';

type Db = Kysely<Database>;

/** Which documents one kind's search reads: the kind, whose, and the text asked for. */
export interface DocumentFilter {
  kind: 'project' | 'collection' | 'token' | 'user';
  /** The workspaces whose documents are read (the caller's); null: every document of the kind (users, for admins). */
  workspaceIds: readonly string[] | null;
  text: SearchText;
}

export interface Paging {
  limit: number;
  offset: number;
}

/** The documents of a filter: an edition number finds tokens by edition, anything else by full text. */
function documents(handle: DatabaseHandle, filter: DocumentFilter) {
  let query = handle.db.selectFrom('search_documents').where('search_documents.kind', '=', filter.kind);
  if (filter.workspaceIds !== null) {
    // A member of no workspace (cannot happen: an account has its personal one) finds nothing.
    if (filter.workspaceIds.length === 0) return query.where(sql<SqlBool>`1 = 0`);
    query = query.where('search_documents.workspace_id', 'in', filter.workspaceIds);
  }
  if (filter.kind === 'token' && filter.text.edition !== null) {
    return query.where('search_documents.edition', '=', filter.text.edition);
  }
  const matches =
    handle.kind === 'sqlite'
      ? sql<SqlBool>`search_documents.id in (select rowid from search_fts where search_fts match ${ftsMatch(filter.text.terms, filter)})`
      : sql<SqlBool>`search_documents.body_tsv @@ to_tsquery('simple', ${tsQuery(filter.text.terms)})`;
  return query.where(matches);
}

/** How many documents match. */
export async function countDocuments(handle: DatabaseHandle, filter: DocumentFilter): Promise<number> {
  const row = await documents(handle, filter)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A page of matching projects, by name, with their workspace. */
export function pageProjects(handle: DatabaseHandle, filter: DocumentFilter, paging: Paging) {
  return documents(handle, filter)
    .innerJoin('projects', 'projects.id', 'search_documents.ref_id')
    .innerJoin('workspaces', 'workspaces.id', 'projects.workspace_id')
    .select(['projects.id', 'projects.name', 'projects.updated_at'])
    .select(['workspaces.id as workspace_id', 'workspaces.name as workspace_name'])
    .orderBy('projects.name')
    .orderBy('projects.id')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
}

/** A page of matching collections, by name, with their workspace. */
export function pageCollections(handle: DatabaseHandle, filter: DocumentFilter, paging: Paging) {
  return documents(handle, filter)
    .innerJoin('collections', 'collections.id', 'search_documents.ref_id')
    .innerJoin('workspaces', 'workspaces.id', 'collections.workspace_id')
    .select(['collections.id', 'collections.name', 'collections.size', 'collections.created_at'])
    .select(['workspaces.id as workspace_id', 'workspaces.name as workspace_name'])
    .orderBy('collections.name')
    .orderBy('collections.id')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
}

/** A page of matching tokens, by edition, with their collection's name and workspace. */
export function pageTokens(handle: DatabaseHandle, filter: DocumentFilter, paging: Paging) {
  return documents(handle, filter)
    .innerJoin('collections', 'collections.id', 'search_documents.collection_id')
    .innerJoin('workspaces', 'workspaces.id', 'collections.workspace_id')
    .select([
      'search_documents.collection_id',
      'search_documents.edition',
      'search_documents.detail',
      'collections.name',
      'workspaces.id as workspace_id',
      'workspaces.name as workspace_name',
    ])
    .orderBy('search_documents.edition')
    .orderBy('collections.created_at', 'desc')
    .orderBy('search_documents.collection_id')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
}

/** A page of matching users, by name. */
export function pageUsers(handle: DatabaseHandle, filter: DocumentFilter, paging: Paging) {
  return documents(handle, filter)
    .innerJoin('users', 'users.id', 'search_documents.ref_id')
    .select(['users.id', 'users.first_name', 'users.last_name', 'users.email'])
    .orderBy('users.first_name')
    .orderBy('users.last_name')
    .orderBy('users.id')
    .limit(paging.limit)
    .offset(paging.offset)
    .execute();
}

export type NewTokenDocument = Omit<SearchDocumentTable, 'id'>;

/**
 * Sets a collection's token documents to `rows` (those of an earlier run are replaced: rerolled,
 * grown or renamed traits), in one transaction.
 */
export async function replaceTokenDocuments(
  db: Db,
  collectionId: string,
  rows: readonly NewTokenDocument[],
): Promise<void> {
  // Well under both engines' limit of bound parameters per statement.
  const batch = 500;
  await db.transaction().execute(async (trx) => {
    // The collection's workspace now: it may have moved since the caller read it.
    const current = await trx
      .selectFrom('collections')
      .select('workspace_id')
      .where('id', '=', collectionId)
      .executeTakeFirst();
    const documents = current ? rows.map((row) => ({ ...row, workspace_id: current.workspace_id })) : rows;
    await trx
      .deleteFrom('search_documents')
      .where('collection_id', '=', collectionId)
      .where('kind', '=', 'token')
      .execute();
    for (let start = 0; start < rows.length; start += batch) {
      await trx
        .insertInto('search_documents')
        .values(documents.slice(start, start + batch))
        // Another process indexing the same collection at once (at start) wrote the same rows.
        .onConflict((conflict) => conflict.columns(['kind', 'ref_id']).doNothing())
        .execute();
    }
  });
}

/** Removes every document of a collection (its own and its tokens'). */
export async function deleteCollectionDocuments(db: Db, collectionId: string): Promise<void> {
  await db.deleteFrom('search_documents').where('collection_id', '=', collectionId).execute();
}

/** Collections none of whose tokens are indexed (finished before indexing existed, or still generating). */
export function collectionsWithoutTokens(db: Db) {
  return db
    .selectFrom('collections')
    .select(['collections.id', 'collections.owner_id', 'collections.workspace_id', 'collections.job_id'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('search_documents')
            .select('search_documents.id')
            .whereRef('search_documents.collection_id', '=', 'collections.id')
            .where('search_documents.kind', '=', 'token'),
        ),
      ),
    )
    .execute();
}

/** Whether a collection still exists. */
export async function collectionExists(db: Db, id: string): Promise<boolean> {
  return (
    (await db.selectFrom('collections').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
  );
}

/** The workspaces a user is a member of now (read on every search: a former member finds nothing of a team). */
export async function memberWorkspaceIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('workspace_members')
    .select('workspace_id')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.workspace_id);
}
