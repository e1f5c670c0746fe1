import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type ServerProcess, startServerProcess } from '@layerloom/server/test/server-process';

const root = new URL('../../', import.meta.url).pathname;
const serverEntry = join(root, 'packages/server/dist/server.js');
// WEB_DIST lets a developer test a web build made elsewhere (e.g. `vite build --outDir /tmp/web`).
const webIndex = join(process.env.WEB_DIST ?? join(root, 'packages/web/dist'), 'index.html');

/** The real app, built and running on a free port with its own temporary DATA_DIR. */
export type RunningApp = ServerProcess;

/** Starts the built server (`npm run build` first) on a free loopback port; extra env overrides the defaults. */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  if (!existsSync(serverEntry) || !existsSync(webIndex)) {
    throw new Error('The app is not built: run `npm run build` before the browser tests');
  }
  return startServerProcess({
    from: 'built',
    env,
    dataDirPrefix: 'layerloom-e2e-',
    healthPath: '/api/v1/health',
    attempts: 300,
    name: 'app',
  });
}
