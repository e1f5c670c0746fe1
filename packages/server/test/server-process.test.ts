import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './support/free-port.ts';

const serverEntry = new URL('../src/server.ts', import.meta.url).pathname;
const dirs: string[] = [];

function startServer(
  env: Record<string, string>,
  dataDir = mkdtempSync(join(tmpdir(), 'layerloom-proc-')),
): { child: ChildProcess; output: () => string } {
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--conditions=@layerloom/source', '--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
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
  return { child, output: () => output };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

/** Waits until the server on `port` answers its health check. */
async function waitHealthy(port: number, output: () => string): Promise<void> {
  // A loaded machine (CI, several test files at once) may take well over 10 s to start a process.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const healthy = await fetch(`http://127.0.0.1:${port}/api/v1/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not start:\n${output()}`);
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('refuses to boot with a bad variable and names it', async () => {
    const { child, output } = startServer({ PORT: 'eighty' });
    expect(await exitOf(child)).toBe(1);
    expect(output()).toContain('PORT must be a number');
  });

  it('serves health, then shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const { child, output } = startServer({ PORT: String(port) });
    const exited = exitOf(child);
    await waitHealthy(port, output);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output()).toContain('shutting down');
  }, 90_000);

  it('removes the temporary files of a process killed mid-generation when it starts again', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'layerloom-proc-'));
    const env = { PORT: String(port), ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-pass-1234' };
    const first = startServer(env, dataDir);
    await waitHealthy(port, first.output);
    const api = `http://127.0.0.1:${port}/api/v1`;
    const login = await fetch(`${api}/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
    });
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${api}${path}`, {
        method,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      // Every call here answers one resource: a project or a collection.
      const { data } = (await response.json()) as {
        data: { [name: string]: { id: string; progress: { status: string } } };
      };
      return Object.values(data)[0]!;
    };
    const project = await call('POST', '/projects', {
      name: 'Crash',
      description: 'Killed mid-way',
      collectionSize: 100,
      width: 1024,
      height: 1024,
    });
    await call('POST', `/projects/${project.id}/sample-layers`, {});
    const collection = await call('POST', `/projects/${project.id}/generate`);
    const temp = join(dataDir, 'blobs', '.tmp');
    const ownTemp = join(temp, `${hostname()}-${first.child.pid}`);
    for (let attempt = 0; attempt < 200 && !existsSync(ownTemp); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(existsSync(ownTemp), 'the generation writes through its temp folder').toBe(true);
    const killed = exitOf(first.child);
    first.child.kill('SIGKILL');
    await killed;
    expect(existsSync(ownTemp)).toBe(true);

    const second = startServer(env, dataDir);
    await waitHealthy(port, second.output);
    expect(readdirSync(temp).filter((name) => !name.endsWith(`-${second.child.pid}`))).toEqual([]);
    // The interrupted generation resumes in the new process.
    const resumed = await call('GET', `/collections/${collection.id}`);
    expect(['generating', 'ready']).toContain(resumed.progress.status);
    const stopped = exitOf(second.child);
    second.child.kill('SIGTERM');
    expect(await stopped).toBe(0);
  }, 60_000);
});
