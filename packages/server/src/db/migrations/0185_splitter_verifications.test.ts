import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../schema.ts';
import { migrations } from './index.ts';

const upTo = (last: string) =>
  Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));

const migrate = (db: Kysely<Database>, set: typeof migrations) =>
  new Migrator({ db, provider: { getMigrations: async () => set }, allowUnorderedMigrations: true })
    .migrateToLatest()
    .then(({ error }) => {
      if (error) throw error;
    });

// The rows are copied by one INSERT … SELECT, the same on both engines; the DDL of both runs in every
// PostgreSQL test app. Foreign keys are off here so that a verification row needs no deployment behind it.
describe('migration 0185', () => {
  let db: Kysely<Database> | undefined;
  afterEach(async () => {
    await db?.destroy();
  });

  it("keeps each existing verification as its deployment's collection's, and takes a splitter's beside it", async () => {
    const sqlite = new SQLite(':memory:');
    sqlite.pragma('foreign_keys = OFF');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    await migrate(db, upTo('0180_royalty_splitters'));
    await sql`INSERT INTO contract_verifications (deployment_id, chain_id, address, explorer, status, message,
      receipt, constructor_arguments, attempts, next_attempt_at, created_at, updated_at, verified_at)
      VALUES ('d1', 1, '0xabc', 'etherscan', 'verified', NULL, 'guid-1', '0x00', 3, NULL, 't0', 't1', 't1')`.execute(
      db,
    );
    await migrate(db, upTo('0185_splitter_verifications'));

    const rows = await db.selectFrom('contract_verifications').selectAll().execute();
    expect(rows).toEqual([
      {
        deployment_id: 'd1',
        contract: 'collection',
        chain_id: 1,
        address: '0xabc',
        explorer: 'etherscan',
        status: 'verified',
        message: null,
        receipt: 'guid-1',
        constructor_arguments: '0x00',
        attempts: 3,
        next_attempt_at: null,
        created_at: 't0',
        updated_at: 't1',
        verified_at: 't1',
      },
    ]);
    await db
      .insertInto('contract_verifications')
      .values({ ...rows[0]!, contract: 'royalty_splitter', address: '0xdef', status: 'waiting' })
      .execute();
    await expect(
      db
        .insertInto('contract_verifications')
        .values({ ...rows[0]!, address: '0x123' })
        .execute(),
    ).rejects.toThrow(/UNIQUE/);
    expect(await db.selectFrom('contract_verifications').select('contract').execute()).toHaveLength(2);
  });
});
