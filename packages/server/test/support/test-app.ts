import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { App } from '../../src/types.ts';

/** The database engines every integration test runs against. */
export const databaseKinds = ['sqlite', 'postgres'] as const;
export type DatabaseKind = (typeof databaseKinds)[number];

/** A test instance of the app with its own data folder and database. */
export interface TestApp {
  app: App;
  dataDir: string;
  close(): Promise<void>;
}

async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('postgresUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: adminUrl.replace(/\/postgres$/, `/${name}`),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Builds the app on a fresh SQLite file or PostgreSQL database, with a temp DATA_DIR and optional env overrides. */
export async function createTestApp(kind: DatabaseKind, env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'layerloom-test-'));
  const postgres = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...env,
  });
  const app = await buildApp({ config, logger: false });
  return {
    app,
    dataDir,
    async close() {
      try {
        await app.close();
      } finally {
        await postgres?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Two web nodes sharing one PostgreSQL database, data folder and Redis (as a scaled-out deployment runs them):
 * `first` owns the database and folder; `second` is another app on them, closed before `first`.
 */
export async function createWebNodes(): Promise<{ first: TestApp; second: App }> {
  const first = await createTestApp('postgres', { REDIS_URL: inject('redisUrl') });
  const { database } = first.app.config;
  if (database.kind !== 'postgres') throw new Error('needs PostgreSQL');
  const second = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: first.dataDir,
      DATABASE_URL: database.url,
      REDIS_URL: inject('redisUrl'),
    }),
    logger: false,
  });
  return { first, second };
}
