import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../../../', import.meta.url).pathname;
const serverEntry = join(root, 'packages/server/src/server.ts');

/** A real Layerloom server (`packages/server/src/server.ts`, as `npm start` runs it) on a free loopback port. */
export interface RunningServer {
  url: string;
  /** The session cookie of its admin account, to create API keys as a person would in the browser. */
  cookie: string;
  output(): string;
  stop(): Promise<void>;
}

export const ADMIN = { email: 'admin@sdk.test', password: 'sdk-admin-password-1' };

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

/** Starts the server from its TypeScript sources (no build needed) with its own data folder; signs the admin in. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'layerloom-sdk-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--conditions=@layerloom/source', '--import', 'tsx', serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
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
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) break;
    const healthy = await fetch(`${url}/api/v1/health/live`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) {
      const login = await fetch(`${url}/api/v1/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify(ADMIN),
      });
      const cookie = login.headers
        .getSetCookie()
        .map((value) => value.split(';')[0])
        .join('; ');
      if (!login.ok || !cookie) {
        await stop();
        throw new Error(`The admin could not sign in (${login.status}): ${await login.text()}\n${output}`);
      }
      return { url, cookie, output: () => output, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`The server did not start:\n${output}`);
}

/** Creates an API key in the signed-in admin's account, as Settings › Developers does, and returns its secret. */
export async function createApiKey(
  server: Pick<RunningServer, 'url' | 'cookie'>,
  scopes: string[] = ['read', 'generate', 'publish'],
  name = `SDK test ${scopes.join(' ')}`,
): Promise<string> {
  const response = await fetch(`${server.url}/api/v1/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie: server.cookie },
    body: JSON.stringify({ name, scopes }),
  });
  const body = (await response.json()) as { data?: { secret: string } };
  if (response.status !== 201 || !body.data) {
    throw new Error(`Could not create an API key (${response.status}): ${JSON.stringify(body)}`);
  }
  return body.data.secret;
}
