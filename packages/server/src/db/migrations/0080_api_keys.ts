import type { Kysely } from 'kysely';

/**
 * API keys (Settings › Developers).
 * - api_keys: the secret is shown once and only its SHA-256 is stored (the secret carries 256 random bits,
 *   so a fast hash is as safe as a slow one and lets a request find its key by one indexed lookup);
 *   prefix keeps the first characters so the owner can recognise it; scopes is a comma list.
 * - api_key_uses: one row per request made with a key (method, route pattern, status, client address).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('secret_hash', 'text', (col) => col.notNull().unique())
    .addColumn('scopes', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('api_keys_user').on('api_keys').column('user_id').execute();

  await db.schema
    .createTable('api_key_uses')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('key_id', 'text', (col) => col.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('route', 'text', (col) => col.notNull())
    .addColumn('status_code', 'integer', (col) => col.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('api_key_uses_key_time')
    .on('api_key_uses')
    .columns(['key_id', 'created_at'])
    .execute();
}
