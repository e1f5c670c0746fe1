import type { SearchGroup, SearchHit, SearchKind, SearchQuery } from '@layerloom/api';
import type { TokenMetadata } from '@layerloom/engine';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { collectionPrefix } from '../collections/collection-view.ts';
import {
  collectionExists,
  collectionsWithoutTokens,
  countDocuments,
  type DocumentFilter,
  deleteCollectionDocuments,
  memberWorkspaceIds,
  type Paging,
  pageCollections,
  pageProjects,
  pageTokens,
  pageUsers,
  replaceTokenDocuments,
} from './search.repository.ts';
import { parseSearchText } from './search-text.ts';

/** The kinds a user may search: their workspaces' things, and users for admins. */
export function searchableKinds(user: Pick<AuthUser, 'role'>): SearchKind[] {
  return user.role === 'admin'
    ? ['project', 'collection', 'token', 'user']
    : ['project', 'collection', 'token'];
}

/** Whether a trait value stands for an absent layer ("None", any case), as the engine writes it. */
const isNoneValue = (value: string) => value.trim().toLowerCase() === 'none';

/** A token's traits as the index keeps them, from its metadata attributes. */
function tokenTraits(token: TokenMetadata): { type: string; value: string }[] {
  return token.attributes.map((attribute) => ({
    type: attribute.trait_type,
    value: String(attribute.value),
  }));
}

/** One page of a kind's hits as the API shows them. */
async function pageOf(app: App, filter: DocumentFilter, paging: Paging): Promise<SearchHit[]> {
  const handle = app.database;
  switch (filter.kind) {
    case 'project':
      return (await pageProjects(handle, filter, paging)).map((row) => ({
        kind: 'project',
        id: row.id,
        name: row.name,
        updatedAt: row.updated_at,
        workspaceId: row.workspace_id,
        workspaceName: row.workspace_name,
      }));
    case 'collection':
      return (await pageCollections(handle, filter, paging)).map((row) => ({
        kind: 'collection',
        id: row.id,
        name: row.name,
        size: row.size,
        createdAt: row.created_at,
        workspaceId: row.workspace_id,
        workspaceName: row.workspace_name,
      }));
    case 'token':
      return (await pageTokens(handle, filter, paging)).map((row) => ({
        kind: 'token',
        collectionId: row.collection_id ?? '',
        collectionName: row.name,
        edition: row.edition ?? 0,
        traits: row.detail ? (JSON.parse(row.detail) as { type: string; value: string }[]) : [],
        workspaceId: row.workspace_id,
        workspaceName: row.workspace_name,
      }));
    case 'user':
      return (await pageUsers(handle, filter, paging)).map((row) => ({
        kind: 'user',
        id: row.id,
        name: `${row.first_name} ${row.last_name}`.trim(),
        email: row.email,
      }));
  }
}

async function searchKind(
  app: App,
  workspaceIds: readonly string[],
  kind: SearchKind,
  query: SearchQuery,
): Promise<SearchGroup> {
  const text = parseSearchText(query.q);
  const group: SearchGroup = { kind, total: 0, page: query.page, pageSize: query.pageSize, hits: [] };
  if (text.terms.length === 0 && !(kind === 'token' && text.edition !== null)) return group;
  const filter: DocumentFilter = { kind, workspaceIds: kind === 'user' ? null : workspaceIds, text };
  const paging = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  // At once: on PostgreSQL the two queries run on two connections.
  [group.total, group.hits] = await Promise.all([
    countDocuments(app.database, filter),
    pageOf(app, filter, paging),
  ]);
  return group;
}

/**
 * Searches what the user may see: one kind paged, or the first page of every kind they may search. Projects,
 * collections and tokens are those of every workspace the user is a member of now, each hit with its workspace.
 * A text of no words (only punctuation) finds nothing; users are for admins only (403 otherwise).
 */
export async function search(
  app: App,
  user: AuthUser,
  query: SearchQuery,
): Promise<{ query: string; groups: SearchGroup[] }> {
  const kinds = searchableKinds(user);
  if (query.kind && !kinds.includes(query.kind))
    throw new AppError('FORBIDDEN', 'Only admins can search users.');
  const workspaceIds = await memberWorkspaceIds(app.database.db, user.id);
  const groups = await Promise.all(
    (query.kind ? [query.kind] : kinds).map((kind) => searchKind(app, workspaceIds, kind, query)),
  );
  return { query: query.q, groups };
}

/**
 * Indexes a finished collection's tokens by their trait values (a trait read as "None" is not a
 * word of the token), replacing what was indexed before: run when a collection is generated, rerolled,
 * grown or its metadata edited. Answers how many tokens it read. A collection deleted meanwhile leaves nothing.
 */
export async function indexCollectionTokens(
  app: App,
  collection: { id: string; owner_id: string; workspace_id: string },
): Promise<number> {
  const metadata = await app.blobs.getBuffer(`${collectionPrefix(collection.id)}/_metadata.json`);
  const tokens = JSON.parse(metadata.toString()) as TokenMetadata[];
  await replaceTokenDocuments(
    app.database.db,
    collection.id,
    tokens.map((token) => {
      const traits = tokenTraits(token);
      return {
        kind: 'token',
        ref_id: `${collection.id}#${token.edition}`,
        owner_id: collection.owner_id,
        workspace_id: collection.workspace_id,
        collection_id: collection.id,
        edition: token.edition,
        body: traits
          .filter((trait) => !isNoneValue(trait.value))
          .map((trait) => trait.value)
          .join(' '),
        detail: JSON.stringify(traits),
      };
    }),
  );
  // Deleted while indexing: its delete removed the documents written until then, not these.
  if (!(await collectionExists(app.database.db, collection.id))) {
    await deleteCollectionDocuments(app.database.db, collection.id);
  }
  return tokens.length;
}

/**
 * Indexes the tokens of every finished collection that has none indexed (collections finished before
 * the search index existed, or whose indexing failed). Answers how many collections it indexed.
 */
export async function indexUnindexedCollections(app: App): Promise<number> {
  let indexed = 0;
  for (const collection of await collectionsWithoutTokens(app.database.db)) {
    const progress = await app.jobs.progress(collection.job_id);
    if (progress?.status !== 'succeeded') continue;
    try {
      await indexCollectionTokens(app, collection);
      indexed += 1;
    } catch (error) {
      app.log.warn({ err: error, collectionId: collection.id }, 'could not index the tokens of a collection');
    }
  }
  return indexed;
}
