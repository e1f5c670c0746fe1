import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

/** An open database: the Kysely handle and which engine is behind it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'sqlite' | 'postgres';
  /** Answers whether the database responds to a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Opens the configured database: a SQLite file in WAL mode by default, PostgreSQL when DATABASE_URL is set. */
export function openDatabase(
  config: Config['database'],
  onConnectionError: (error: Error) => void = () => {},
): DatabaseHandle {
  let db: Kysely<Database>;
  if (config.kind === 'sqlite') {
    mkdirSync(dirname(config.file), { recursive: true });
    const sqlite = new SQLite(config.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  } else {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // An idle connection the server ends (restart, failover, admin command) is an 'error' event on the
    // pool; unheard, it would crash the process. The pool drops that client and opens a new one when needed.
    pool.on('error', onConnectionError);
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  return {
    db,
    kind: config.kind,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // Unordered: migrations from parallel branches may land with lower numbers than ones already applied.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
