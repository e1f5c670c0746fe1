import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

const root = new URL('../../../../', import.meta.url).pathname;

/** A real Layerloom server process on a free loopback port, with its own temporary DATA_DIR. */
export interface ServerProcess {
  url: string;
  dataDir: string;
  /** Everything the server printed so far (logs), for failure messages. */
  output(): string;
  /** Ends the process (SIGTERM) and removes its data folder. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** `source` runs packages/server/src/server.ts through tsx (no build needed); `built` runs dist/server.js. */
  from: 'source' | 'built';
  /** Overrides the defaults (development mode, warn logs, the port, the data folder, PUBLIC_URL). */
  env?: Record<string, string>;
  /** The start of the data folder's name in the temp directory. */
  dataDirPrefix: string;
  /** The path polled every 100 ms until it answers 2xx, up to `attempts` times. */
  healthPath: string;
  attempts: number;
  /** How the failure message names it: "The <name> did not start". */
  name: string;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Starts the server as `npm start` would and waits until it is healthy; throws with its output if it is not. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), options.dataDirPrefix));
  const url = `http://127.0.0.1:${port}`;
  const args =
    options.from === 'source'
      ? ['--conditions=@layerloom/source', '--import', 'tsx', join(root, 'packages/server/src/server.ts')]
      : [join(root, 'packages/server/dist/server.js')];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...options.env,
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
  for (let attempt = 0; attempt < options.attempts; attempt++) {
    if (child.exitCode !== null) break;
    const healthy = await fetch(`${url}${options.healthPath}`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return { url, dataDir, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`The ${options.name} did not start:\n${output}`);
}
