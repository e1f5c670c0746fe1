import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** A throwaway S3-compatible server (s3rver) on loopback with one bucket, owned by the test that started it. */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The `S3_*` and AWS key settings that point an app at it. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const INSTALL_HINT =
  's3rver is required for the S3 blob store tests. Install it with: npm install -D s3rver -w packages/server';

/**
 * Starts s3rver in a process of its own. It runs with `--openssl-legacy-provider` because s3rver 3.7
 * encrypts its ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node ≥ 17) only offers
 * through the legacy provider: without it, every listing that needs a second page fails with a 500.
 */
export async function startS3Server(bucket = 'layerloom-test'): Promise<TestS3> {
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve('s3rver');
  } catch {
    throw new Error(INSTALL_HINT);
  }
  const directory = mkdtempSync(join(tmpdir(), 'layerloom-s3-'));
  const script = `
    const S3rver = require(${JSON.stringify(entry)});
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: ${JSON.stringify(directory)},
      configureBuckets: [{ name: ${JSON.stringify(bucket)} }] });
    server.run().then((address) => console.log(JSON.stringify({ port: address.port })), (error) => {
      console.error(error); process.exit(1);
    });
    process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
    // Its stdin closes when the test process ends, however it ends: do not outlive it.
    process.stdin.on('end', () => process.exit(0));
    process.stdin.resume();
  `;
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', script], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`s3rver exited with code ${code} before listening`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
