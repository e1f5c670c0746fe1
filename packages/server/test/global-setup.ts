import type { TestProject } from 'vitest/node';
import { startPostgres } from './support/postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** Starts one PostgreSQL server for the whole server test run; each test file creates its own database in it. */
export default async function setup(project: TestProject) {
  const postgres = await startPostgres();
  project.provide('postgresUrl', postgres.url);
  return () => postgres.stop();
}
