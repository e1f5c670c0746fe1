import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { freePort } from '../../../test/support/free-port.ts';

const serverEntry = new URL('../../server.ts', import.meta.url).pathname;

it('the first start of the server prints admin credentials that log in', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'layerloom-bootstrap-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--conditions=@layerloom/source', '--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
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
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    const healthy = () =>
      fetch(`http://127.0.0.1:${port}/api/v1/health`)
        .then((response) => response.ok)
        .catch(() => false);
    for (let attempt = 0; attempt < 150 && !(/password: \S+/.test(output) && (await healthy())); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const email = output.match(/email: +(\S+)/)?.[1];
    const password = output.match(/password: (\S+)/)?.[1];
    expect(password, output).toBeDefined();
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { user: { role: string } } };
    expect(body.data.user.role).toBe('admin');
    expect(response.headers.get('set-cookie')).toContain('HttpOnly');
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
