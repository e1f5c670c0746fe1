import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { verifyStorageMarker } from '../src/modules/health/storage-marker.ts';
import { createS3BlobStore } from '../src/storage/s3-blob-store.ts';
import { freePort } from './support/free-port.ts';
import { startS3Server, type TestS3 } from './support/s3-server.ts';
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
): Promise<{ code: number | null; output: string; stderr: string }> {
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
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
    stderr += chunk;
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, output, stderr });
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

  it('refuses to start with S3 settings half set, in one line', async () => {
    const { code, output } = await run('server', { S3_BUCKET: 'layerloom-files' });
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      'Invalid configuration: S3_BUCKET needs S3_REGION (us-east-1 for MinIO and most S3-compatible servers)',
    );
    const stray = await run('server', { S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(stray.code).toBe(1);
    expect(stray.output.trim()).toBe(
      'Invalid configuration: S3_ENDPOINT is set but S3_BUCKET is not (set S3_BUCKET to keep blobs in S3, or unset S3_* to keep them in DATA_DIR/blobs)',
    );
  }, 40_000);

  describe('a DATABASE_URL that parses but cannot be used', () => {
    const postgresUrl = () => new URL(inject('postgresUrl'));

    it('stops a web node and a worker in one line when nothing listens there', async () => {
      const port = await freePort();
      const line = `Invalid configuration: DATABASE_URL cannot be used: nothing is listening at 127.0.0.1:${port}`;
      const databaseUrl = `postgres://layerloom:secret@127.0.0.1:${port}/layerloom`;
      const web = await run('server', { DATABASE_URL: databaseUrl });
      expect(web.code).toBe(1);
      expect(web.stderr.trim()).toBe(line);
      const worker = await run('worker', { REDIS_URL: inject('redisUrl'), DATABASE_URL: databaseUrl });
      expect(worker.code).toBe(1);
      expect(worker.stderr.trim()).toBe(line);
    }, 60_000);

    it('stops a web node and a worker in one line when the database or the role does not exist', async () => {
      const missing = postgresUrl();
      missing.pathname = '/layerloom_missing';
      const web = await run('server', { DATABASE_URL: missing.href });
      expect(web.code).toBe(1);
      expect(web.stderr.trim()).toBe(
        'Invalid configuration: DATABASE_URL cannot be used: database "layerloom_missing" does not exist',
      );
      const stranger = postgresUrl();
      stranger.username = 'nobody';
      const worker = await run('worker', { REDIS_URL: inject('redisUrl'), DATABASE_URL: stranger.href });
      expect(worker.code).toBe(1);
      expect(worker.stderr.trim()).toBe(
        'Invalid configuration: DATABASE_URL cannot be used: role "nobody" does not exist',
      );
    }, 60_000);
  });

  describe('a worker on S3', () => {
    let s3: TestS3;
    let web: TestApp;
    beforeAll(async () => {
      s3 = await startS3Server();
      web = await createTestApp('postgres', {
        REDIS_URL: inject('redisUrl'),
        PROCESS_JOBS: 'false',
        ...s3.env,
        S3_PREFIX: 'installation-a',
      });
    });
    afterAll(async () => {
      await web?.close();
      await s3?.stop();
    });

    it('reads the marker a web node wrote in the bucket', async () => {
      const blobs = createS3BlobStore({
        bucket: s3.bucket,
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        prefix: 'installation-a',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      await expect(
        verifyStorageMarker({ db: web.app.database.db, blobs, location: blobs.location }),
      ).resolves.toMatchObject({ id: expect.any(String) });
      blobs.close?.();
    });

    it('refuses to take jobs from another folder of the bucket and says which settings to share', async () => {
      const { database } = web.app.config;
      const { code, output } = await run('worker', {
        REDIS_URL: inject('redisUrl'),
        DATABASE_URL: database.kind === 'postgres' ? database.url : '',
        ...s3.env,
        S3_PREFIX: 'installation-b',
      });
      expect(code).toBe(1);
      // Node 20 also prints the AWS SDK's notice that its releases after January 2027 need Node 22.
      expect(output.trim().split('\n').at(-1)).toBe(
        `Refusing to take jobs: this worker cannot read what web nodes write (s3://${s3.bucket}/installation-b/system/marker.json is missing); give workers the same S3_BUCKET, S3_PREFIX, S3_ENDPOINT and keys as the web nodes`,
      );
      expect(output).not.toMatch(/\n\s+at /);
    }, 40_000);

    it('refuses to take jobs when the bucket cannot be reached, in one line', async () => {
      const { database } = web.app.config;
      const { code, output } = await run('worker', {
        REDIS_URL: inject('redisUrl'),
        DATABASE_URL: database.kind === 'postgres' ? database.url : '',
        ...s3.env,
        S3_BUCKET: 'no-such-bucket',
      });
      expect(code).toBe(1);
      expect(output.trim().split('\n').at(-1)).toMatch(
        /^Refusing to take jobs: the blob store s3:\/\/no-such-bucket cannot be read \(.+\); give workers the same S3_BUCKET/,
      );
      expect(output).not.toMatch(/\n\s+at /);
    }, 40_000);
  });

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
