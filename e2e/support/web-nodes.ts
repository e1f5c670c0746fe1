import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startPostgres, type TestPostgres } from '@layerloom/server/test/postgres';
import { startRedis, type TestRedis } from '@layerloom/server/test/redis';
import { type ServerProcess, startServerProcess } from '@layerloom/server/test/server-process';

const root = new URL('../../', import.meta.url).pathname;

/** Two web nodes of the built app, as a scaled-out deployment runs them, and what they share. */
export interface WebNodes {
  /** The first node: it migrated the database and owns the data folder. */
  a: ServerProcess;
  /** The second node, on the same database, Redis (sessions' checks, live events, rate limits) and folder. */
  b: ServerProcess;
  /** Stops both nodes, then Redis and PostgreSQL. */
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL and Redis, then two web nodes of the built server sharing them and one data folder (`env`
 * is given to both: the admin, SMTP, RPC…). Needs `postgresql` and `redis-server` installed.
 */
export async function startWebNodes(env: Record<string, string>): Promise<WebNodes> {
  if (!existsSync(join(root, 'packages/server/dist/server.js'))) {
    throw new Error('The app is not built: run `npm run build` before the browser tests');
  }
  let postgres: TestPostgres | undefined;
  let redis: TestRedis | undefined;
  let a: ServerProcess | undefined;
  const stopAll = async (b?: ServerProcess) => {
    await b?.stop();
    await a?.stop();
    redis?.stop();
    postgres?.stop();
  };
  try {
    [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
    const shared = { ...env, DATABASE_URL: postgres.url, REDIS_URL: redis.url };
    const start = (extra: Record<string, string>, name: string) =>
      startServerProcess({
        from: 'built',
        env: { ...shared, ...extra },
        dataDirPrefix: 'layerloom-e2e-',
        healthPath: '/api/v1/health',
        attempts: 300,
        name,
      });
    // One after the other: the first migrates the database and makes the admin account.
    a = await start({}, 'first web node');
    const b = await start({ DATA_DIR: a.dataDir }, 'second web node');
    return { a, b, stop: () => stopAll(b) };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
