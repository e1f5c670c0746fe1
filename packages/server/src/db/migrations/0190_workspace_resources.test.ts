import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Database } from '../schema.ts';
import { migrations } from './index.ts';

const upTo = (last: string) =>
  Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));

/** A fresh database of each engine, and how to drop it. */
async function open(kind: 'sqlite' | 'postgres'): Promise<{ db: Kysely<Database>; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const sqlite = new SQLite(':memory:');
    sqlite.pragma('foreign_keys = ON');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, drop: () => db.destroy() };
  }
  const adminUrl = inject('postgresUrl');
  const name = `mig_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: adminUrl.replace(/\/postgres$/, `/${name}`), max: 2 }),
    }),
  });
  return {
    db,
    async drop() {
      await db.destroy();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const migrate = (db: Kysely<Database>, set: typeof migrations) =>
  new Migrator({ db, provider: { getMigrations: async () => set }, allowUnorderedMigrations: true })
    .migrateToLatest()
    .then(({ error }) => {
      if (error) throw error;
    });

describe.each(['sqlite', 'postgres'] as const)('migration 0190 on %s', (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  it('gives every account a personal workspace and puts its projects, collections, keys and webhooks there', async () => {
    const opened = await open(kind);
    drop = opened.drop;
    const { db } = opened;
    await migrate(db, upTo('0180_royalty_splitters'));
    const now = new Date().toISOString();
    for (const id of ['u1', 'u2']) {
      await db
        .insertInto('users')
        .values({
          id,
          email: `${id}@example.com`,
          first_name: 'Ada',
          last_name: 'L',
          avatar: null,
          role: 'user',
          password_hash: 'x',
          email_verified_at: now,
          account_status: 'approved',
          account_reason: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    // A team workspace made before 0190 stays a team's.
    await db
      .insertInto('workspaces')
      .values({ id: 'ws_team', name: 'Team', created_by: 'u1', created_at: now })
      .execute();
    await sql`insert into projects (id, owner_id, name, description, collection_size, width, height, rarity_mode, seed, layers, rules, created_at, updated_at)
      values ('p1', 'u1', 'Moons', '', 10, 64, 64, 'weighted', 's', '[]', '[]', ${now}, ${now}),
             ('p2', 'u2', 'Suns', '', 10, 64, 64, 'weighted', 's', '[]', '[]', ${now}, ${now})`.execute(db);
    await sql`insert into collections (id, owner_id, project_id, name, description, size, width, height, job_id, watermark, snapshot, created_at)
      values ('c1', 'u1', 'p1', 'Moons', '', 10, 64, 64, '', 0, '{}', ${now})`.execute(db);
    await sql`insert into api_keys (id, user_id, name, prefix, secret_hash, scopes, created_at)
      values ('k2', 'u2', 'CI', 'll_', 'h', 'read', ${now})`.execute(db);
    await sql`insert into webhook_endpoints (id, user_id, url, events, secret_sealed, secret_prefix, enabled, failure_streak, created_at, updated_at)
      values ('w1', 'u1', 'https://example.com/hook', 'collection.published', 's', 'whsec', 1, 0, ${now}, ${now})`.execute(
      db,
    );

    await migrate(db, upTo('0190_workspace_resources'));

    const workspaces = await db
      .selectFrom('workspaces')
      .select(['id', 'name', 'created_by', 'personal'])
      .orderBy('id')
      .execute();
    expect(workspaces.map((w) => ({ ...w, personal: Number(w.personal) }))).toEqual([
      { id: 'ws_team', name: 'Team', created_by: 'u1', personal: 0 },
      { id: 'wsp_u1', name: 'Personal', created_by: 'u1', personal: 1 },
      { id: 'wsp_u2', name: 'Personal', created_by: 'u2', personal: 1 },
    ]);
    expect(
      await db
        .selectFrom('workspace_members')
        .select(['workspace_id', 'user_id', 'role'])
        .orderBy('workspace_id')
        .execute(),
    ).toEqual([
      { workspace_id: 'wsp_u1', user_id: 'u1', role: 'owner' },
      { workspace_id: 'wsp_u2', user_id: 'u2', role: 'owner' },
    ]);
    const of = async (table: string) =>
      (
        await sql<{
          id: string;
          workspace_id: string;
        }>`select id, workspace_id from ${sql.table(table)} order by id`.execute(db)
      ).rows;
    expect(await of('projects')).toEqual([
      { id: 'p1', workspace_id: 'wsp_u1' },
      { id: 'p2', workspace_id: 'wsp_u2' },
    ]);
    expect(await of('collections')).toEqual([{ id: 'c1', workspace_id: 'wsp_u1' }]);
    expect(await of('api_keys')).toEqual([{ id: 'k2', workspace_id: 'wsp_u2' }]);
    expect(await of('webhook_endpoints')).toEqual([{ id: 'w1', workspace_id: 'wsp_u1' }]);

    // One personal workspace per account: a second is refused by the database itself.
    await expect(
      db
        .insertInto('workspaces')
        .values({ id: 'wsp_again', name: 'Personal', created_by: 'u1', created_at: now, personal: 1 })
        .execute(),
    ).rejects.toThrow();
  });
});
