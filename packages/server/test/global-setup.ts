import type { TestProject } from 'vitest/node';
import { startPostgres } from './support/postgres.ts';
import { startRedis } from './support/redis.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    redisUrl: string;
  }
}

/** Starts one PostgreSQL and one Redis for the whole server test run; test files create their own databases and queues. */
export default async function setup(project: TestProject) {
  const postgres = await startPostgres();
  const redis = await startRedis().catch((error) => {
    postgres.stop();
    throw error;
  });
  project.provide('postgresUrl', postgres.url);
  project.provide('redisUrl', redis.url);
  return () => {
    redis.stop();
    postgres.stop();
  };
}
