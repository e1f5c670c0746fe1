import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    layerloomUrl: string;
    adminCookie: string;
  }
}

/** One real Layerloom server for every SDK and CLI test file; each file makes its own keys and projects. */
export default async function setup(project: TestProject) {
  // A small per-key limit the rate-limit test reaches with a key of its own (other keys stay far below it).
  const server = await startServer({ API_KEY_RATE_LIMIT: '60' });
  project.provide('layerloomUrl', server.url);
  project.provide('adminCookie', server.cookie);
  return () => server.stop();
}
