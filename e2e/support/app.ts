import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const serverEntry = join(root, 'packages/server/dist/server.js');
// WEB_DIST lets a developer test a web build made elsewhere (e.g. `vite build --outDir /tmp/web`).
const webIndex = join(process.env.WEB_DIST ?? join(root, 'packages/web/dist'), 'index.html');

/** The real app, built and running on a free port with its own temporary DATA_DIR. */
export interface RunningApp {
  url: string;
  dataDir: string;
  /** Everything the server printed so far (logs), for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Starts the built server (`npm run build` first) on a free loopback port; extra env overrides the defaults. */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  if (!existsSync(serverEntry) || !existsSync(webIndex)) {
    throw new Error('The app is not built: run `npm run build` before the browser tests');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'layerloom-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) break;
    const healthy = await fetch(`${url}/api/v1/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return { url, dataDir, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`The app did not start:\n${output}`);
}
