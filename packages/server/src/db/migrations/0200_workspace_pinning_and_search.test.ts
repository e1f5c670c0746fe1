import { randomBytes } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Database } from '../schema.ts';
import * as migrationUnderTest from './0200_workspace_pinning_and_search.ts';
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

describe.each(['sqlite', 'postgres'] as const)('migration 0200 on %s', (kind) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  /** What the index holds per document: its kind, ref and workspace. */
  const documents = (db: Kysely<Database>) =>
    db
      .selectFrom('search_documents')
      .select(['kind', 'ref_id', 'workspace_id'])
      .where('kind', '!=', 'user')
      .orderBy('kind')
      .orderBy('ref_id')
      .execute();
  /** The refs the full-text search finds for a word in a workspace (SQLite's FTS table, PostgreSQL's tsvector). */
  const found = async (db: Kysely<Database>, workspaceId: string, word: string) => {
    const rows =
      kind === 'sqlite'
        ? await sql<{ ref_id: string }>`select ref_id from search_documents where id in (
            select rowid from search_fts where search_fts match ${`workspace : "${workspaceId.replaceAll(/[-_]/g, '')}" AND body : "${word}"*`}
          ) order by ref_id`.execute(db)
        : await sql<{ ref_id: string }>`select ref_id from search_documents
            where workspace_id = ${workspaceId} and body_tsv @@ to_tsquery('simple', ${`${word}:*`}) order by ref_id`.execute(
            db,
          );
    return rows.rows.map((row) => row.ref_id);
  };

  it("moves each user's pinning provider to their personal workspace and indexes the search by workspace", async () => {
    const opened = await open(kind);
    drop = opened.drop;
    const { db } = opened;
    await migrate(db, upTo('0195_workspace_review'));
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
    await sql`insert into workspaces (id, name, created_by, created_at, personal) values
      ('wsp_u1', 'Personal', 'u1', ${now}, 1), ('wsp_u2', 'Personal', 'u2', ${now}, 1), ('ws_team', 'Team', 'u1', ${now}, 0)`.execute(
      db,
    );
    await sql`insert into pinning_providers (owner_id, endpoint, token_sealed, token_last4, updated_at)
      values ('u1', 'https://pins.example.com', 'v1.sealed-for-u1', 'ab12', ${now})`.execute(db);
    await sql`insert into projects (id, owner_id, workspace_id, name, description, collection_size, width, height, rarity_mode, seed, layers, rules, created_at, updated_at)
      values ('p1', 'u1', 'wsp_u1', 'Moons', '', 10, 64, 64, 'weighted', 's', '[]', '[]', ${now}, ${now}),
             ('p2', 'u2', 'ws_team', 'Moonstones', '', 10, 64, 64, 'weighted', 's', '[]', '[]', ${now}, ${now})`.execute(
      db,
    );
    await sql`insert into collections (id, owner_id, workspace_id, project_id, name, description, size, width, height, job_id, watermark, snapshot, created_at)
      values ('c1', 'u1', 'wsp_u1', 'p1', 'Moons', '', 10, 64, 64, '', 0, '{}', ${now})`.execute(db);
    await sql`insert into search_documents (kind, ref_id, owner_id, collection_id, edition, body)
      values ('token', 'c1#1', 'u1', 'c1', 1, 'Moonlight Crown')`.execute(db);

    await migrate(db, migrations);

    expect(await db.selectFrom('workspace_pinning_providers').selectAll().execute()).toEqual([
      {
        workspace_id: 'wsp_u1',
        endpoint: 'https://pins.example.com',
        token_sealed: 'v1.sealed-for-u1',
        token_last4: 'ab12',
        updated_by: 'u1',
        updated_at: now,
      },
    ]);
    await expect(sql`select * from pinning_providers`.execute(db)).rejects.toThrow();
    expect(await documents(db)).toEqual([
      { kind: 'collection', ref_id: 'c1', workspace_id: 'wsp_u1' },
      { kind: 'project', ref_id: 'p1', workspace_id: 'wsp_u1' },
      { kind: 'project', ref_id: 'p2', workspace_id: 'ws_team' },
      { kind: 'token', ref_id: 'c1#1', workspace_id: 'wsp_u1' },
    ]);
    expect(await found(db, 'wsp_u1', 'moon')).toEqual(['c1', 'c1#1', 'p1']);
    expect(await found(db, 'ws_team', 'moon')).toEqual(['p2']);

    // Moving a project or a collection (with its tokens) moves its documents; a new one is indexed in its workspace.
    await sql`update projects set workspace_id = 'ws_team' where id = 'p1'`.execute(db);
    await sql`update collections set workspace_id = 'ws_team' where id = 'c1'`.execute(db);
    await sql`insert into projects (id, owner_id, workspace_id, name, description, collection_size, width, height, rarity_mode, seed, layers, rules, created_at, updated_at)
      values ('p3', 'u2', 'wsp_u2', 'Moonbeams', '', 10, 64, 64, 'weighted', 's', '[]', '[]', ${now}, ${now})`.execute(
      db,
    );
    expect(await found(db, 'wsp_u1', 'moon')).toEqual([]);
    expect(await found(db, 'ws_team', 'moon')).toEqual(['c1', 'c1#1', 'p1', 'p2']);
    expect(await found(db, 'wsp_u2', 'moon')).toEqual(['p3']);
    // A rename still reaches the index.
    await sql`update projects set name = 'Starlight' where id = 'p3'`.execute(db);
    expect(await found(db, 'wsp_u2', 'star')).toEqual(['p3']);

    // Down gives the personal workspace's provider back to its user; up again is the same as the first time.
    await migrationUnderTest.down(db as unknown as Kysely<unknown>);
    expect(
      (await sql<{ owner_id: string }>`select owner_id from pinning_providers`.execute(db)).rows,
    ).toEqual([{ owner_id: 'u1' }]);
    await migrationUnderTest.up(db as unknown as Kysely<unknown>);
    expect(await found(db, 'ws_team', 'moon')).toEqual(['c1', 'c1#1', 'p1', 'p2']);
    expect(await db.selectFrom('workspace_pinning_providers').select('workspace_id').execute()).toEqual([
      { workspace_id: 'wsp_u1' },
    ]);
  });
});
