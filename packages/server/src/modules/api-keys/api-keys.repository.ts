import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ApiKeyTable, ApiKeyUseTable, Database } from '../../db/schema.ts';

export type ApiKeyRow = Selectable<ApiKeyTable>;
export type ApiKeyUseRow = Selectable<ApiKeyUseTable>;

/** Stores a new key. */
export async function insertApiKey(db: Kysely<Database>, row: Insertable<ApiKeyTable>): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

/** The user's keys, newest first. */
export async function listUserApiKeys(db: Kysely<Database>, userId: string): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** One of the user's keys (undefined for another user's or an unknown id). */
export async function findUserApiKey(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<ApiKeyRow | undefined> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The key whose secret has this hash, revoked and expired ones included. */
export async function findApiKeyByHash(
  db: Kysely<Database>,
  secretHash: string,
): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('secret_hash', '=', secretHash).executeTakeFirst();
}

/** Marks the user's key revoked (once: a revoked key keeps its first revocation time). */
export async function revokeUserApiKey(
  db: Kysely<Database>,
  userId: string,
  id: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
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
