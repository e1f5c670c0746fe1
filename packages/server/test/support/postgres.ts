import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

const INSTALL_HINT =
  'PostgreSQL is required for the integration tests. Install it with: apt-get install -y postgresql';

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0] === undefined) throw new Error(INSTALL_HINT);
  return join(root, versions[0], 'bin');
}

/** A throwaway PostgreSQL server on loopback, owned by the test run. */
export interface TestPostgres {
  /** Connection URL of the server's `postgres` database (superuser `layerloom`, trust auth on loopback). */
  url: string;
  stop(): void;
}

/**
 * Starts a fresh PostgreSQL cluster in a temp folder on a free loopback port. As root it runs the
 * server as the `postgres` user (initdb refuses root). Throws with the apt-get line when PostgreSQL is missing.
 */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'layerloom-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) => {
    const full = join(bin, command);
    return asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' })
      : execFileSync(full, args, { stdio: 'pipe' });
  };
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const port = await freePort();
  run('initdb', ['-D', join(dir, 'data'), '-U', 'layerloom', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  try {
    run('pg_ctl', ['-D', join(dir, 'data'), '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  } catch (error) {
    throw new Error(`PostgreSQL did not start (log in ${join(dir, 'log')})`, { cause: error });
  }
  return {
    url: `postgres://layerloom@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
