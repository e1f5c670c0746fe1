// `npm run bench:workers -w @layerloom/server`: how much a second worker adds to one large generation.
// Starts PostgreSQL and Redis, then generates the same 2,000-token 512² collection with one worker
// process, then with two (each limited to one render thread, RENDER_THREADS=1, chunks of the default
// size), in three rounds (BENCH_ROUNDS) of one run of each, and prints the wall time of each from the
// request to "ready", each round's ratio and their median (target ≥ 1.7×). A report, not a test: the
// figures depend on how busy the machine is, which it prints too.
//
// One render thread is not one core: the thread composites the next token while libuv's pool encodes
// the last one (render-worker.ts), so a lone worker with RENDER_THREADS=1 keeps ~1.6 cores busy. On a
// two-core machine a second worker could then add only the remaining ~0.4 core, which says nothing of
// how the work is shared. So, where `taskset` exists and there is a core per worker, each worker is
// pinned to a core of its own, as if each ran on its own one-core machine (the web node, PostgreSQL
// and Redis stay unpinned, and share the cores with the workers).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import sharp from 'sharp';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { App } from '../src/types.ts';
import { multipartFiles } from '../test/support/multipart.ts';
import { startPostgres } from '../test/support/postgres.ts';
import { startRedis } from '../test/support/redis.ts';
import { createUserAndLogin } from '../test/support/users.ts';

const SIZE = Number(process.env.BENCH_TOKENS ?? 2000);
const PIXELS = Number(process.env.BENCH_PIXELS ?? 512);
const TARGET = 1.7;

/** Five layers of 6, 6, 6, 4 and 3 traits: 2,592 combinations. */
const layers = [
  { name: 'Background', count: 6, shape: 'square' },
  { name: 'Body', count: 6, shape: 'circle' },
  { name: 'Eyes', count: 6, shape: 'eyes' },
  { name: 'Hat', count: 4, shape: 'bar' },
  { name: 'Badge', count: 3, shape: 'dot' },
];

function svg(shape: string, trait: number): Buffer {
  const s = PIXELS;
  const color = `hsl(${(trait * 57 + shape.length * 31) % 360}, 70%, ${40 + trait * 5}%)`;
  const body: Record<string, string> = {
    square: `<rect width="${s}" height="${s}" fill="${color}"/><circle cx="${s / 4}" cy="${s / 5}" r="${s / 9}" fill="white" fill-opacity="0.3"/>`,
    circle: `<ellipse cx="${s / 2}" cy="${(s * 3) / 5}" rx="${s / 3}" ry="${s / 2.6}" fill="${color}"/>`,
    eyes: `<circle cx="${s * 0.4}" cy="${s / 2}" r="${s / 16}" fill="${color}"/><circle cx="${s * 0.6}" cy="${s / 2}" r="${s / 16}" fill="${color}"/>`,
    bar: `<rect x="${s / 4}" y="${s / 8}" width="${s / 2}" height="${s / 7}" rx="${s / 30}" fill="${color}"/>`,
    dot: `<circle cx="${(s * 4) / 5}" cy="${(s * 4) / 5}" r="${s / 12}" fill="${color}" stroke="black" stroke-width="${s / 100}"/>`,
  };
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}">${body[shape]}</svg>`,
  );
}

async function createProject(app: App, cookie: string): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/projects',
    headers: { cookie },
    payload: {
      name: 'Bench',
      description: 'Workers bench',
      collectionSize: SIZE,
      width: PIXELS,
      height: PIXELS,
    },
  });
  if (created.statusCode !== 201) throw new Error(`create project: ${created.body}`);
  const id: string = created.json().data.project.id;
  const patched = await app.inject({
    method: 'PATCH',
    url: `/api/v1/projects/${id}`,
    headers: { cookie },
    payload: { seed: 'bench', layers: layers.map((layer) => ({ name: layer.name })) },
  });
  const ids: { id: string }[] = patched.json().data.project.layers;
  for (const [index, layer] of layers.entries()) {
    const files = await Promise.all(
      Array.from({ length: layer.count }, async (_, trait) => ({
        filename: `T${trait}.png`,
        bytes: await sharp(svg(layer.shape, trait)).png().toBuffer(),
      })),
    );
    const body = multipartFiles(files);
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/layers/${ids[index]!.id}/traits`,
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
    if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.body}`);
  }
  return id;
}

const postgres = await startPostgres();
const redis = await startRedis();
const dataDir = mkdtempSync(join(tmpdir(), 'layerloom-bench-workers-'));
const children: ChildProcess[] = [];
const env = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  DATABASE_URL: postgres.url,
  REDIS_URL: redis.url,
};
// The web node queues and reports; it runs no job.
const web = await buildApp({
  config: loadConfig({ ...env, LOG_LEVEL: 'silent', PROCESS_JOBS: 'false' }),
  logger: false,
});

// Workers run the built code when there is one (`npm run build`), as in production: compiling the
// sources on the fly in every process and render thread costs time and, on a crowded machine, can fail.
const builtWorkerPath = new URL('../dist/worker.js', import.meta.url).pathname;
const builtWorker = existsSync(builtWorkerPath) ? builtWorkerPath : undefined;

/** Whether each of two workers can have a core of its own (see the top of this file). */
const pinned = spawnSync('taskset', ['--version']).status === 0 && availableParallelism() >= 2;

/** Generates the project with `count` worker processes; answers the seconds from the request to ready. */
async function run(count: number, cookie: string, projectId: string): Promise<number> {
  const workers = Array.from({ length: count }, (_, index) => {
    const node = [
      process.execPath,
      ...(builtWorker
        ? [builtWorker]
        : [
            '--conditions=@layerloom/source',
            '--import',
            'tsx',
            new URL('../src/worker.ts', import.meta.url).pathname,
          ]),
    ];
    const command = pinned ? ['taskset', '--cpu-list', String(index), ...node] : node;
    const child = spawn(command[0]!, command.slice(1), {
      env: { ...process.env, ...env, LOG_LEVEL: 'info', RENDER_THREADS: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    return { child, output: () => output };
  });
  for (const worker of workers) {
    while (!worker.output().includes('Layerloom worker is taking jobs')) await setTimeout(100);
  }
  const started = performance.now();
  const response = await web.inject({
    method: 'POST',
    url: `/api/v1/projects/${projectId}/generate`,
    headers: { cookie },
  });
  if (response.statusCode !== 202) throw new Error(`generate: ${response.body}`);
  const id: string = response.json().data.collection.id;
  for (;;) {
    const view = await web.inject({ method: 'GET', url: `/api/v1/collections/${id}`, headers: { cookie } });
    const { progress } = view.json().data.collection;
    if (progress.status === 'ready') break;
    if (progress.status !== 'generating') {
      // The workers' log lines of the failure (the user-facing message says nothing of the cause).
      for (const { output } of workers) {
        for (const line of output().split('\n')) if (/"level":(50|60)/.test(line)) console.error(line);
      }
      throw new Error(`generation ${progress.status}: ${progress.error}`);
    }
    await setTimeout(200);
  }
  const seconds = (performance.now() - started) / 1000;
  for (const { child } of workers) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  // Where the time went, from the workers' own log lines: each chunk's run, and the final step.
  const ended = workers.map(({ output }) =>
    output()
      .split('\n')
      .filter((line) => line.includes('"msg":"job succeeded"'))
      .map((line) => JSON.parse(line) as { chunkOf?: string; durationMs: number }),
  );
  const chunkSeconds = ended.map((lines) =>
    lines.filter((line) => line.chunkOf).reduce((sum, line) => sum + line.durationMs / 1000, 0),
  );
  const finalSeconds = ended.flat().find((line) => !line.chunkOf)?.durationMs ?? 0;
  console.log(
    `${count} worker(s): ${seconds.toFixed(1)} s, ${(SIZE / seconds).toFixed(1)} tokens/s; chunks per worker ${ended
      .map((lines) => lines.filter((line) => line.chunkOf).length)
      .join(
        ' + ',
      )}, busy rendering ${chunkSeconds.map((busy) => `${busy.toFixed(1)} s`).join(' + ')}, final step ${(finalSeconds / 1000).toFixed(1)} s`,
  );
  return seconds;
}

try {
  const user = await createUserAndLogin(web, { planId: 'pro' });
  const projectId = await createProject(web, user.cookie);
  console.log(
    `${SIZE} tokens of ${PIXELS}², RENDER_THREADS=1 per worker, ${pinned ? 'each worker pinned to a core of its own' : 'workers not pinned to cores (no taskset or one core)'}, ${web.config.jobs.chunkSize}-token chunks, workers from ${builtWorker ? 'the build (dist)' : 'the sources (tsx)'}; load average before: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
  // BENCH_ONLY=2 repeats just the two-worker run (to look into it); the report needs both.
  const only = process.env.BENCH_ONLY ? Number(process.env.BENCH_ONLY) : undefined;
  // Each round runs one worker then two, back to back, and the report takes the median of the rounds'
  // ratios: a shared machine's neighbours come and go within a run, less so within a round.
  const rounds = Number(process.env.BENCH_ROUNDS ?? (only ? 1 : 3));
  if (only) {
    for (let round = 0; round < rounds; round++) await run(only, user.cookie, projectId);
  } else {
    const ratios: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const one = await run(1, user.cookie, projectId);
      const two = await run(2, user.cookie, projectId);
      ratios.push(one / two);
      console.log(`round ${round + 1}: two workers ${(one / two).toFixed(2)}× faster than one`);
    }
    report(ratios);
  }
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await web.close();
  redis.stop();
  postgres.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Prints the median of the rounds' ratios against the target, and sets the exit code. */
function report(ratios: number[]): void {
  const ratio = median(ratios);
  console.log(
    `two workers are ${ratio.toFixed(2)}× faster than one, median of ${ratios.length} rounds (target ≥ ${TARGET}×); load average after: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
  process.exitCode = ratio >= TARGET ? 0 : 1;
}
