import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

const entry = (name: string) => new URL(`../src/${name}.ts`, import.meta.url).pathname;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs `server` or `worker` with `env` until it exits; answers its exit code and what it printed. */
function run(
  name: 'server' | 'worker',
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'layerloom-refuse-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--conditions=@layerloom/source', '--import', 'tsx', entry(name)], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, output });
    }),
  );
}

describe('a process with a contradictory configuration', () => {
  it('refuses to start a web node that only queues jobs without Redis, in one line', async () => {
    const { code, output } = await run('server', { PROCESS_JOBS: 'false', REDIS_URL: '' });
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      'Invalid configuration: PROCESS_JOBS=false needs REDIS_URL (without a queue shared with workers, no process would ever run the jobs this node queues)',
    );
  }, 40_000);

  it('refuses to start a worker on SQLite', async () => {
    const { code, output } = await run('worker', { REDIS_URL: inject('redisUrl'), DATABASE_URL: '' });
    expect(code).toBe(1);
    expect(output.trim()).toMatch(/^Invalid configuration: DATABASE_URL must be set to run a worker/);
  }, 40_000);

  describe('a worker whose DATA_DIR is not the web nodes’', () => {
    let web: TestApp;
    afterAll(async () => {
      await web?.close();
    });

    it('refuses to take jobs and says to share DATA_DIR', async () => {
      web = await createTestApp('postgres', { REDIS_URL: inject('redisUrl'), PROCESS_JOBS: 'false' });
      const { database } = web.app.config;
      const { code, output } = await run('worker', {
        REDIS_URL: inject('redisUrl'),
        DATABASE_URL: database.kind === 'postgres' ? database.url : '',
      });
      expect(code).toBe(1);
      expect(output.trim()).toMatch(
        /^Refusing to take jobs: this worker cannot read what web nodes write \(.*\/blobs\/system\/marker\.json is missing\); give workers the same DATA_DIR/,
      );
    }, 40_000);
  });
});
