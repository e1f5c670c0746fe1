// `npm run bench:drop -w @layerloom/server`: a popular drop's read traffic against the built server on
// loopback — hosted metadata and images, the mint page's data and live state, allowlist proofs — each
// for a few seconds with 100 connections (autocannon) after a second's warm-up. Target: ≥ 5,000
// requests/s and p99 < 50 ms per endpoint. A report, not a test: it prints a table and exits 1 when an
// endpoint misses the target.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { deployCollection } from '@layerloom/contracts';
import { startAnvil } from '@layerloom/contracts/testing';
import autocannon from 'autocannon';
import { createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { anvil as anvilChain } from 'viem/chains';

// autocannon appends every response body to a string (`body += chunk`, lib/pipelinedRequestsQueue.js) for
// an `onResponse` this bench never sets. Decoding binary bytes as UTF-8 runs at ~85 MB/s on its one client
// thread, so a 55 KB WebP capped the client, not the server, near 1,300 requests/s (a bare Fastify app
// serving the same bytes measured the same). Bodies are dropped here; bytes are still counted (addByteCount).
const BodyQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { addBody?: (data: Buffer) => void };
};
if (typeof BodyQueue.prototype.addBody !== 'function') {
  throw new Error('autocannon no longer has PipelinedRequestsQueue#addBody: review the patch above');
}
BodyQueue.prototype.addBody = () => {};

const CREATOR = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ADMIN = { email: 'bench@layerloom.test', password: 'bench-Admin-Pass-2026' };
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TARGET = { requestsPerSecond: 5000, p99Ms: 50 };

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

const anvil = await startAnvil();
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
      RPC_URL_31337: anvil.rpcUrl,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);

let cookie = '';
async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
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
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;

  // A published collection of 100 tokens, deployed and recorded, with a 1,000-wallet allowlist.
  const { project } = await call('POST', '/api/v1/projects', {
    name: 'Bench Blobs',
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
  const { publication } = await call('POST', `/api/v1/collections/${id}/publication`, {});
  const slug = publication!.slug as string;
  const wallets = Array.from(
    { length: 1000 },
    (_, index) => `0x${(index + 1).toString(16).padStart(40, '0')}`,
  );
  await call('PUT', `/api/v1/collections/${id}/allowlist`, { csv: wallets.join('\n') });
  const deployed = await deployCollection({
    publicClient: createPublicClient({ chain: anvilChain, transport: http(anvil.rpcUrl) }),
    walletClient: createWalletClient({ account: CREATOR, chain: anvilChain, transport: http(anvil.rpcUrl) }),
    collection: {
      name: 'Bench Blobs',
      symbol: 'BB',
      maxSupply: 100,
      mintPrice: parseEther('0.01'),
      maxPerWallet: 5,
      preRevealURI: `${url}/hidden.json`,
    },
  });
  await call('POST', `/api/v1/collections/${id}/deployments`, {
    chainId: 31337,
    address: deployed.address,
    deployer: CREATOR,
    transactionHash: deployed.hash,
    name: 'Bench Blobs',
    symbol: 'BB',
    maxSupply: 100,
  });

  const endpoints: [name: string, paths: string[]][] = [
    [
      'hosted metadata (100 tokens)',
      Array.from({ length: 100 }, (_, i) => `/hosted/${slug}/metadata/${i + 1}`),
    ],
    ['hosted image', [`/hosted/${slug}/images/1.png`]],
    ['mint page data', [`/api/v1/drops/${slug}`]],
    ['banner, phone (640 px)', [`/api/v1/drops/${slug}/images/collage-640.webp`]],
    ['banner, tablet (1024 px)', [`/api/v1/drops/${slug}/images/collage-1024.webp`]],
    ['banner, desktop (1600 px)', [`/api/v1/drops/${slug}/images/collage.webp`]],
    ['live sale state', [`/api/v1/drops/${slug}/state`]],
    ['allowlist proof', wallets.slice(0, 100).map((wallet) => `/api/v1/drops/${slug}/allowlist/${wallet}`)],
    ['mint page HTML', [`/mint/${slug}`]],
  ];
  // The collage banner (and its copies) is made on the page's first visit; a drop's crowd arrives after that.
  for (const name of ['collage.webp', 'collage-640.webp', 'collage-1024.webp']) {
    const banner = await fetch(`${url}/api/v1/drops/${slug}/images/${name}`);
    if (!banner.ok) throw new Error(`mint page banner ${name}: ${banner.status}`);
    console.log(`${name}: ${(await banner.arrayBuffer()).byteLength.toLocaleString('en-US')} bytes`);
  }
  const image = await fetch(`${url}/hosted/${slug}/images/1.png`);
  console.log(`hosted image: ${(await image.arrayBuffer()).byteLength.toLocaleString('en-US')} bytes`);
  console.log(
    `endpoint                        requests/s   p50 ms   p99 ms   non-2xx   (${SECONDS} s, 100 connections)`,
  );
  for (const [name, paths] of endpoints) {
    const result = await autocannon({
      url,
      connections: 100,
      duration: SECONDS,
      requests: paths.map((path) => ({ path })),
      // Sampled after a second of the same traffic, unrecorded: the first requests of each endpoint
      // compile its code paths and fill its caches, which a drop's crowd finds done.
      warmup: { connections: 100, duration: 1 },
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
  await anvil.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
