import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { type Config, ConfigError } from '../config.ts';
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

/** How long the first connection to PostgreSQL may take before the start is refused. */
const FIRST_CONNECTION_TIMEOUT_MS = 10_000;

/** The first connection took longer than FIRST_CONNECTION_TIMEOUT_MS (a firewall dropping packets, say). */
class FirstConnectionTimeout extends Error {}

/** The parts of a failed connection's error that say why (Node's socket errors and PostgreSQL's). */
interface ConnectionFailure {
  code?: string;
  message?: string;
  address?: string;
  port?: number;
  errors?: unknown[];
}

/** Why a connection to PostgreSQL failed, in one phrase an operator can act on (never the password). */
function connectionProblem(error: unknown, url: string): string {
  if (error instanceof FirstConnectionTimeout) return error.message;
  const failure = (error ?? {}) as ConnectionFailure;
  // Node tries each address of a name (localhost: ::1 and 127.0.0.1) and reports them together.
  const first = (failure.errors?.[0] ?? failure) as ConnectionFailure;
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  const where =
    first.address !== undefined
      ? `${first.address}:${first.port}`
      : `${parsed?.hostname || 'localhost'}:${parsed?.port || 5432}`;
  switch (failure.code ?? first.code) {
    case 'ECONNREFUSED':
      return `nothing is listening at ${where}`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host ${parsed?.hostname ?? where} cannot be found`;
    case 'ETIMEDOUT':
      return `${where} did not answer`;
  }
  return failure.message || first.message || failure.code || 'the connection failed';
}

/**
 * Connects once before anything else, so that a DATABASE_URL that parses but cannot be used (nothing
 * listening, no such database, a wrong password or role) stops the process with one line that names it
 * and says why, like every other bad setting, instead of a migration's stack.
 */
export async function assertDatabaseUsable(
  handle: DatabaseHandle,
  config: Config['database'],
): Promise<void> {
  if (config.kind !== 'postgres') return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    const where = URL.canParse(config.url) ? new URL(config.url).host : 'the server';
    timer = setTimeout(
      () =>
        reject(
          new FirstConnectionTimeout(
            `${where} did not answer within ${FIRST_CONNECTION_TIMEOUT_MS / 1000} seconds`,
          ),
        ),
      FIRST_CONNECTION_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([sql`select 1`.execute(handle.db), timeout]);
  } catch (error) {
    throw new ConfigError(
      `Invalid configuration: DATABASE_URL cannot be used: ${connectionProblem(error, config.url)}`,
      { cause: error },
    );
  } finally {
    clearTimeout(timer);
  }
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
    // No failed migration: the migrator itself failed (its lock or its table).
    throw new Error(
      failed ? `Database migration ${failed.migrationName} failed` : 'Database migrations failed',
      {
        cause: error,
      },
    );
  }
}
