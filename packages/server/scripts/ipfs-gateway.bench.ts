// `npm run bench:ipfs -w @layerloom/server`: a drop published on IPFS read through this server's /ipfs/
// gateway on loopback — metadata files, an image, a path CAR, a raw block — each for a few seconds with
// 100 connections (autocannon). Target: ≥ 5,000 requests/s and p99 < 50 ms per endpoint. A report, not
// a test: it prints a table and exits 1 when an endpoint misses the target. Needs `npm run build`.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import autocannon from 'autocannon';
import { freePort } from '../test/support/free-port.ts';
import { startKuboStandIn } from '../test/support/kubo-stand-in.ts';

const ADMIN = { email: 'bench@layerloom.test', password: 'bench-Admin-Pass-2026' };
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TARGET = { requestsPerSecond: 5000, p99Ms: 50 };

const kubo = await startKuboStandIn();
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'layerloom-bench-'));
const server: ChildProcess = spawn(
  process.execPath,
  [new URL('../dist/server.js', import.meta.url).pathname],
  {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);

let cookie = '';
async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { cookie, origin: url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { data: Record<string, Record<string, unknown>> };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

let failed = false;
try {
  for (let attempt = 0; ; attempt++) {
    const healthy = await fetch(`${url}/api/v1/health/live`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) break;
    if (attempt > 300) throw new Error('the server did not start (run `npm run build` first)');
    await setTimeout(100);
  }
  const login = await fetch(`${url}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(ADMIN),
  });
  cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;

  // A collection of 100 tokens published on IPFS through the stand-in provider.
  const { project } = await call('POST', '/api/v1/projects', {
    name: 'Bench Pins',
    description: 'Read under load',
    collectionSize: 100,
    width: 256,
    height: 256,
  });
  await call('POST', `/api/v1/projects/${project!.id}/sample-layers`, {});
  const { collection } = await call('POST', `/api/v1/projects/${project!.id}/generate`);
  const id = collection!.id as string;
  for (;;) {
    const { collection: current } = await call('GET', `/api/v1/collections/${id}`);
    if ((current!.progress as { status: string }).status === 'ready') break;
    await setTimeout(200);
  }
  await call('PUT', '/api/v1/pinning-provider', { endpoint: kubo.url, token: kubo.token });
  await call('POST', `/api/v1/collections/${id}/publication/ipfs`);
  for (;;) {
    const { upload } = await call('GET', `/api/v1/collections/${id}/publication/ipfs`);
    if (upload!.status === 'succeeded') break;
    if (upload!.status === 'failed') throw new Error(`upload failed: ${upload!.error}`);
    await setTimeout(200);
  }
  const { imagesCid, metadataCid } = (await call('GET', `/api/v1/collections/${id}/ipfs`)) as unknown as {
    imagesCid: string;
    metadataCid: string;
  };

  const { publication } = await call('GET', `/api/v1/collections/${id}/publication`);
  const slug = publication!.slug as string;

  // The hosted metadata of the same collection is the baseline: the same machine, the same moment.
  const endpoints: [name: string, paths: string[]][] = [
    [
      'hosted metadata (baseline)',
      Array.from({ length: 100 }, (_, i) => `/hosted/${slug}/metadata/${i + 1}`),
    ],
    ['metadata (100 tokens)', Array.from({ length: 100 }, (_, i) => `/ipfs/${metadataCid}/${i + 1}.json`)],
    ['image', [`/ipfs/${imagesCid}/1.png`]],
    ['path CAR (?format=car)', [`/ipfs/${imagesCid}/1.png?format=car`]],
    ['raw block (?format=raw)', [`/ipfs/${imagesCid}/1.png?format=raw`]],
  ];
  console.log(
    `endpoint                        requests/s   p50 ms   p99 ms   non-2xx   (${SECONDS} s, 100 connections)`,
  );
  for (const [name, paths] of endpoints) {
    const result = await autocannon({
      url,
      connections: 100,
      duration: SECONDS,
      requests: paths.map((path) => ({ path })),
    });
    const ok = result.requests.average >= TARGET.requestsPerSecond && result.latency.p99 < TARGET.p99Ms;
    failed ||= !ok || result.non2xx > 0 || result.errors > 0;
    console.log(
      `${name.padEnd(30)} ${Math.round(result.requests.average).toString().padStart(11)} ${String(result.latency.p50).padStart(8)} ${String(result.latency.p99).padStart(8)} ${String(result.non2xx).padStart(9)}   ${ok ? 'ok' : 'below target'}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await kubo.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
