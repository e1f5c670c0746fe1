import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './support/free-port.ts';

const serverEntry = new URL('../src/server.ts', import.meta.url).pathname;
const dirs: string[] = [];

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'layerloom-proc-'));
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
    let healthy = false;
    for (let attempt = 0; attempt < 100 && !healthy; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      healthy = await fetch(`http://127.0.0.1:${port}/api/v1/health`)
        .then((response) => response.ok)
        .catch(() => false);
    }
    expect(healthy, output()).toBe(true);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output()).toContain('shutting down');
  });
});
