import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ApiKeyTable, ApiKeyUseTable, Database } from '../../db/schema.ts';
import { fullName } from '../users/full-name.ts';

export type ApiKeyRow = Selectable<ApiKeyTable>;
export type ApiKeyUseRow = Selectable<ApiKeyUseTable>;

/** Stores a new key. */
export async function insertApiKey(db: Kysely<Database>, row: Insertable<ApiKeyTable>): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

/** A workspace's keys, newest first, each with its creator's name while they are still a member (else null). */
export async function listWorkspaceApiKeys(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<(ApiKeyRow & { creator_name: string | null })[]> {
  const rows = await db
    .selectFrom('api_keys')
    .leftJoin('workspace_members', (join) =>
      join
        .onRef('workspace_members.workspace_id', '=', 'api_keys.workspace_id')
        .onRef('workspace_members.user_id', '=', 'api_keys.user_id'),
    )
    .leftJoin('users', 'users.id', 'workspace_members.user_id')
    .selectAll('api_keys')
    .select(['users.first_name', 'users.last_name', 'users.email'])
    .where('api_keys.workspace_id', '=', workspaceId)
    .orderBy('api_keys.created_at', 'desc')
    .orderBy('api_keys.id')
    .execute();
  return rows.map(({ first_name, last_name, email, ...row }) => ({
    ...row,
    creator_name: email === null ? null : fullName({ first_name, last_name, email }),
  }));
}

/** A key by id, whoever made it (the caller checks their standing in its workspace). */
export async function findApiKey(db: Kysely<Database>, id: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The key whose secret has this hash, revoked and expired ones included. */
export async function findApiKeyByHash(
  db: Kysely<Database>,
  secretHash: string,
): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('secret_hash', '=', secretHash).executeTakeFirst();
}

/** Marks a key revoked (once: a revoked key keeps its first revocation time). */
export async function revokeApiKeyRow(db: Kysely<Database>, id: string, now: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Records one request made with a key and moves its last use. */
export async function recordApiKeyUse(db: Kysely<Database>, row: Insertable<ApiKeyUseTable>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('api_key_uses').values(row).execute();
    await trx
      .updateTable('api_keys')
      .set({ last_used_at: row.created_at })
      .where('id', '=', row.key_id)
      .execute();
  });
}

/** A key's latest requests, newest first. */
export async function listApiKeyUses(
  db: Kysely<Database>,
  keyId: string,
  limit: number,
): Promise<ApiKeyUseRow[]> {
  return db
    .selectFrom('api_key_uses')
    .selectAll()
    .where('key_id', '=', keyId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Forgets a key's requests older than this time (the log keeps a bounded window). */
export async function deleteApiKeyUsesBefore(
  db: Kysely<Database>,
  keyId: string,
  before: string,
): Promise<void> {
  await db.deleteFrom('api_key_uses').where('key_id', '=', keyId).where('created_at', '<', before).execute();
}
