// `npm run bench`: generation throughput against the PNG-encode limit on this machine.
// Usage: node --import tsx bench/generate.bench.ts [--sizes 512,1024] [--count N] [--threads 1,2] [--compression balanced] [--record]
// Without --count, each size renders about ten seconds' worth (1,000 tokens at 512², 300 at 1024²), so the
// rate once running is measured past the workers' warm-up. Each size runs once per render thread count
// (default 1, 2, 4 and the core count) and prints the CPU accounting: CPU seconds per image and cores busy
// (CPU time / wall time, of the whole process from the job's start: every thread, libuv's pool included),
// which should be the thread count.
// Every run's output (images and metadata, in edition order) is hashed: the runs of a size must agree (the
// same bytes whatever the thread count and libuv's pool size), and the images must equal the digest
// recorded in bench/output-digests.json for that size, count and compression; the bench exits 1 when
// either fails.
// `--record` writes the digests of this run's settings there instead: a deliberate new baseline, when a
// change to the encoder's settings changes bytes on purpose (say so in the commit).
// Memory: the peak RSS of each run, and how much each added render thread adds (the least-squares
// slope of peak RSS over the thread counts); the bench exits 1 when that is over 20 MiB per thread.
// CPU: cores busy (CPU time / wall time) says what the job used, but on a shared machine wall time
// stretches with the load. "alone" is what cores busy would be if each render thread never waited
// for a core: the process's CPU time over its busiest threads' (CPU per render thread), which does
// not move with the load; the work the main thread does beside the render threads (plan, reports,
// garbage collection) shows as its excess over the thread count.
// The largest thread count also runs with UV_THREADPOOL_SIZE=1: nothing of a token's path may wait on
// libuv's pool, so it should render at the rate of the default pool (≥ 90 %; printed, not a failure,
// as wall time on a shared machine moves with the load).
// A full 10,000-token job at 1024² (time and peak RSS; the encode limit is measured on the first 200 images):
//   npm run build -w @layerloom/engine && node --import tsx bench/generate.bench.ts --sizes 1024 --count 10000
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { makeFixtureLayers } from '../scripts/make-fixture-layers.ts';
import type { Compression } from '../src/spec/collection-spec.ts';

// The built engine (what production runs: plain .js workers, no TypeScript loader); `npm run bench` builds first.
const distUrl = new URL('../dist/index.js', import.meta.url).href;
const { generateCollection, importLayersFolder, createFolderSink, encodePng } = (await import(
  distUrl
)) as typeof import('../src/index.ts');

/** libpng's and canvas's default encoder (zlib level 6, adaptive filters): the reference for file sizes. */
const REFERENCE_PNG = { compressionLevel: 6, adaptiveFiltering: true } as const;

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '512,1024' },
    count: { type: 'string' },
    compression: { type: 'string', default: 'small' },
    'encode-sample': { type: 'string', default: '200' },
    threads: { type: 'string' },
    child: { type: 'string' },
    dir: { type: 'string' },
    record: { type: 'boolean', default: false },
  },
});
/** Tokens rendered at a size: `--count`, or about ten seconds' worth. */
const countFor = (size: number): number =>
  values.count !== undefined ? Number(values.count) : size <= 512 ? 1_000 : 300;
const compression = values.compression as Compression;
/** Render thread counts to run: `--threads`, or 1, 2, 4 and the core count. */
const threadCounts = [
  ...new Set(
    (values.threads?.split(',').map(Number) ?? [1, 2, 4, availableParallelism()]).filter(
      (threads) => Number.isInteger(threads) && threads > 0,
    ),
  ),
].sort((a, b) => a - b);

async function fixture(size: number): Promise<string> {
  const dir = path.join(tmpdir(), `layerloom-bench-layers-${size}`);
  if (!existsSync(path.join(dir, '.done'))) {
    await rm(dir, { recursive: true, force: true });
    await makeFixtureLayers({ dir, size });
    await import('node:fs/promises').then((fs) => fs.writeFile(path.join(dir, '.done'), ''));
  }
  return dir;
}

/**
 * CPU seconds of each thread of this process (from /proc, Linux) between `start` and `stop`: from
 * the first finished token to the last, while the render threads are all alive. Unlike cores busy,
 * how that CPU time is spread over threads does not depend on other work on a shared machine: a
 * job that keeps N cores busy does nearly all of its work on N threads.
 */
function threadCpu(): { start(): void; stop(): number[] } {
  const read = (): Map<string, number> => {
    const seconds = new Map<string, number>();
    if (!existsSync('/proc/self/task')) return seconds;
    for (const tid of readdirSync('/proc/self/task')) {
      try {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        seconds.set(tid, (Number(fields[11]) + Number(fields[12])) / 100); // clock ticks (USER_HZ 100)
      } catch {
        // The thread has just ended.
      }
    }
    return seconds;
  };
  let first = new Map<string, number>();
  let last: number[] = [];
  return {
    start() {
      first = read();
    },
    stop() {
      last = [...read()].map(([tid, seconds]) => seconds - (first.get(tid) ?? 0));
      return last.filter((seconds) => seconds > 0).sort((a, b) => b - a);
    },
  };
}

/** Child mode "generate": one job in a fresh process, so peak RSS is the job's own. */
async function childGenerate(size: number, out: string): Promise<void> {
  const count = countFor(size);
  const layers = await importLayersFolder({ dir: await fixture(size) });
  const cpuNow = (): number => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1e6;
  };
  const started = performance.now();
  // The job's CPU time, from where its wall time starts: not this child's start-up (Node, the
  // TypeScript loader, this file), which is the bench's and not the engine's.
  const startCpu = cpuNow();
  let firstDone = 0;
  let lastDone = 0;
  let firstCpu = 0;
  let lastCpu = 0;
  const perThreadCpu = threadCpu();
  let perThread: number[] = [];
  await generateCollection({
    spec: {
      name: 'Bench',
      size: count,
      width: size,
      height: size,
      seed: 'bench',
      layers,
      output: { compression },
    },
    sink: createFolderSink(out),
    threads: Number(values.threads),
    onProgress: ({ done }) => {
      if (done === 1 && firstDone === 0) {
        firstDone = performance.now();
        firstCpu = cpuNow();
        perThreadCpu.start();
      }
      if (done === count && lastDone === 0) {
        lastDone = performance.now();
        lastCpu = cpuNow();
        perThread = perThreadCpu.stop();
      }
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const usage = process.resourceUsage();
  // CPU time of the whole job (every thread): unlike wall time, barely moved by other work on a shared machine.
  const cpuSeconds = cpuNow() - startCpu;
  const steadySeconds = (lastDone - firstDone) / 1000;
  const setupSeconds = (firstDone - started) / 1000;
  process.stdout.write(
    JSON.stringify({
      seconds,
      steadySeconds,
      setupSeconds,
      cpuSeconds,
      steadyCpuSeconds: lastCpu - firstCpu,
      perThread,
      maxRssKiB: usage.maxRSS,
    }),
  );
}

/**
 * Child mode "encode": only PNG-encode the same final images on all cores — `same` exactly as the engine
 * encodes them (its `encodePng`, same settings), `level6` as an RGBA level-6 adaptive encoder (libpng's and
 * canvas's defaults) writes them, the size reference.
 */
async function childEncode(size: number, out: string): Promise<void> {
  // A sample is enough for a rate, and keeps a 10,000-token run from holding every image in memory.
  const files = (await readdir(path.join(out, 'images')))
    .filter((file) => file.endsWith('.png'))
    .slice(0, Number(values['encode-sample']));
  const raws = await Promise.all(
    files.map(async (file) =>
      sharp(await readFile(path.join(out, 'images', file)))
        .ensureAlpha()
        .raw()
        .toBuffer(),
    ),
  );
  const encodeAll = async (
    encode: (raw: Buffer) => Promise<{ length: number }>,
  ): Promise<{ seconds: number; bytes: number }> => {
    let next = 0;
    let bytes = 0;
    const started = performance.now();
    const worker = async (): Promise<void> => {
      while (next < raws.length) {
        const raw = raws[next++]!;
        const encoded = await encode(raw);
        bytes += encoded.length;
      }
    };
    await Promise.all(Array.from({ length: availableParallelism() }, worker));
    return { seconds: (performance.now() - started) / 1000, bytes };
  };
  sharp.concurrency(1);
  const same = await encodeAll((raw) => encodePng(raw, size, size, compression));
  const level6 = await encodeAll((raw) =>
    sharp(raw, { raw: { width: size, height: size, channels: 4 } })
      .png(REFERENCE_PNG)
      .toBuffer(),
  );
  process.stdout.write(JSON.stringify({ same, level6, images: raws.length }));
}

function child(
  mode: string,
  size: number,
  out: string,
  threads = 1,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, unknown> {
  const count = countFor(size);
  const self = fileURLToPath(import.meta.url);
  const output = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      self,
      '--child',
      mode,
      '--sizes',
      String(size),
      '--count',
      String(count),
      '--compression',
      compression,
      '--encode-sample',
      values['encode-sample'],
      '--threads',
      String(threads),
      '--dir',
      out,
    ],
    { encoding: 'utf8', maxBuffer: 1 << 20, env },
  );
  return JSON.parse(output) as Record<string, unknown>;
}

/** What a generate child reports. */
interface Generated {
  seconds: number;
  steadySeconds: number;
  setupSeconds: number;
  cpuSeconds: number;
  steadyCpuSeconds: number;
  perThread: number[];
  maxRssKiB: number;
}

/** One run's figures, for the table that ends each size. */
interface Row {
  label: string;
  rate: number;
  steady: number;
  cpuPerImage: number;
  coresBusy: number;
  /** Cores busy were each render thread never kept waiting (see the header). */
  coresAlone: number;
  threads: number;
  rssMiB: number;
  bytesPerImage: number;
}

/** How much peak RSS may grow per added render thread (issue 29), MiB. */
const RSS_PER_THREAD_MIB = 20;

/** Least-squares slope of `[threads, MiB]` points. */
function rssPerThread(points: [number, number][]): number {
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / points.length;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
  let covariance = 0;
  let variance = 0;
  for (const [x, y] of points) {
    covariance += (x - meanX) * (y - meanY);
    variance += (x - meanX) ** 2;
  }
  return covariance / variance;
}

/** The recorded image digests (`--record` writes them): size, count and compression → SHA-256. */
const DIGESTS_FILE = fileURLToPath(new URL('./output-digests.json', import.meta.url));

async function readDigests(): Promise<Record<string, string>> {
  return existsSync(DIGESTS_FILE)
    ? (JSON.parse(await readFile(DIGESTS_FILE, 'utf8')) as Record<string, string>)
    : {};
}

/**
 * SHA-256 of every image, and of every metadata file, in edition order, each file preceded by its
 * name and length. The images' digest is the one recorded (the engine's rendering and encoding); the
 * metadata's only has to agree between runs, so a change to what metadata holds is not taken for one
 * of the renderer's.
 */
async function outputDigest(
  out: string,
  count: number,
): Promise<{ images: string; metadata: string; imageBytes: number }> {
  const images = createHash('sha256');
  const metadata = createHash('sha256');
  let imageBytes = 0;
  for (let edition = 1; edition <= count; edition++) {
    for (const [file, hash] of [
      [`images/${edition}.png`, images],
      [`metadata/${edition}.json`, metadata],
    ] as const) {
      const bytes = await readFile(path.join(out, file));
      if (hash === images) imageBytes += bytes.length;
      hash.update(`${file} ${bytes.length}\n`);
      hash.update(bytes);
    }
  }
  return { images: images.digest('hex'), metadata: metadata.digest('hex'), imageBytes };
}

async function main(): Promise<void> {
  const sizes = values.sizes.split(',').map(Number);
  if (values.child) {
    const size = sizes[0]!;
    if (values.child === 'generate') await childGenerate(size, values.dir!);
    else await childEncode(size, values.dir!);
    return;
  }
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
  console.log(
    `Layerloom engine bench: 6 layers × 8 traits (gradients, texture, transparency), compression "${compression}", ${availableParallelism()} cores, load average ${load} (1, 5, 15 min)\n`,
  );
  const digests = await readDigests();
  const problems: string[] = [];
  for (const size of sizes) {
    const count = countFor(size);
    await fixture(size);
    const mib = (value: number): string => (value / 1024 / 1024).toFixed(3);
    console.log(`${size}×${size}, ${count} tokens:`);
    let encoded: { limit: number; level6: number; level6Bytes: number } | undefined;
    const rows: Row[] = [];
    const seen = new Map<string, string[]>();
    const largest = threadCounts[threadCounts.length - 1]!;
    // The largest thread count runs a second time with one libuv pool thread.
    const runs = [
      ...threadCounts.map((threads) => ({ threads, pool: undefined as number | undefined })),
      { threads: largest, pool: 1 },
    ];
    for (const { threads, pool } of runs) {
      const out = await mkdtemp(path.join(tmpdir(), 'layerloom-bench-out-'));
      const label =
        pool === undefined ? `--threads ${threads}` : `--threads ${threads}, UV_THREADPOOL_SIZE=${pool}`;
      try {
        const env = pool === undefined ? process.env : { ...process.env, UV_THREADPOOL_SIZE: String(pool) };
        const generated = child('generate', size, out, threads, env) as unknown as Generated;
        const output = await outputDigest(out, count);
        const bytes = output.imageBytes;
        const both = `${output.images} ${output.metadata}`;
        seen.set(both, [...(seen.get(both) ?? []), label]);
        if (!encoded) {
          const encode = child('encode', size, out) as {
            same: { seconds: number; bytes: number };
            level6: { seconds: number; bytes: number };
            images: number;
          };
          encoded = {
            limit: encode.images / encode.same.seconds,
            level6: encode.images / encode.level6.seconds,
            level6Bytes: encode.level6.bytes / encode.images,
          };
        }
        const rate = count / generated.seconds;
        const steady = (count - 1) / generated.steadySeconds;
        // Once running: every thread's CPU time over the mean of the `threads` busiest (the render threads').
        const threadTotal = generated.perThread.reduce((sum, value) => sum + value, 0);
        const busiest = generated.perThread.slice(0, threads).reduce((sum, value) => sum + value, 0);
        const coresAlone = busiest > 0 ? (threadTotal / busiest) * threads : Number.NaN;
        rows.push({
          label,
          rate,
          steady,
          cpuPerImage: (generated.cpuSeconds / count) * 1000,
          coresBusy: generated.cpuSeconds / generated.seconds,
          coresAlone,
          threads,
          rssMiB: generated.maxRssKiB / 1024,
          bytesPerImage: bytes / count,
        });
        console.log(`  ${label}`);
        console.log(
          `    generate           ${rate.toFixed(1)} images/s overall (${generated.seconds.toFixed(1)} s for ${count}), ${steady.toFixed(1)} once running`,
        );
        console.log(
          `    first image after  ${generated.setupSeconds.toFixed(1)} s (plan, decode every asset once, start workers)`,
        );
        console.log(
          `    CPU per image      ${((generated.cpuSeconds / count) * 1000).toFixed(1)} ms, all threads, setup included (${((generated.steadyCpuSeconds / (count - 1)) * 1000).toFixed(1)} ms once running)`,
        );
        console.log(
          `    cores busy         ${(generated.cpuSeconds / generated.seconds).toFixed(2)} overall, ${(generated.steadyCpuSeconds / generated.steadySeconds).toFixed(2)} once running (CPU time / wall time)`,
        );
        console.log(
          `    cores busy alone   ${coresAlone.toFixed(2)} once running, were each render thread never kept waiting for a core (CPU time / the ${threads} busiest threads' mean)`,
        );
        const working = generated.perThread.filter((value) => value >= threadTotal * 0.05);
        console.log(
          `    CPU by thread      ${working.length} threads did ≥ 5 % of the work once running, each: ${working.map((value) => `${((value / threadTotal) * 100).toFixed(0)} %`).join(', ')} (of ${generated.perThread.length} threads)`,
        );
        console.log(`    peak RSS           ${(generated.maxRssKiB / 1024).toFixed(0)} MiB`);
        console.log(
          `    bytes per image    ${mib(bytes / count)} MiB (RGBA level-6 adaptive: ${mib(encoded.level6Bytes)} MiB, ${((bytes / count / encoded.level6Bytes) * 100).toFixed(1)} %)`,
        );
        console.log(
          `    rendering / limit  ${((steady / encoded.limit) * 100).toFixed(0)} % of the encode limit`,
        );
        console.log(
          `    output digests     images ${output.images.slice(0, 16)}…, metadata ${output.metadata.slice(0, 16)}…`,
        );
      } finally {
        await rm(out, { recursive: true, force: true });
      }
    }
    console.log(
      `  encode limit         ${encoded!.limit.toFixed(1)} images/s (same PNG settings, all cores, encoding only); RGBA level-6 adaptive ${encoded!.level6.toFixed(1)} images/s`,
    );
    console.log(
      `\n  ${'run'.padEnd(36)} ${'img/s'.padStart(6)} ${'steady'.padStart(7)} ${'CPU ms/img'.padStart(11)} ${'cores busy'.padStart(11)} ${'alone'.padStart(6)} ${'peak RSS'.padStart(9)} ${'MiB/img'.padStart(8)}`,
    );
    for (const row of rows) {
      console.log(
        `  ${row.label.padEnd(36)} ${row.rate.toFixed(1).padStart(6)} ${row.steady.toFixed(1).padStart(7)} ${row.cpuPerImage.toFixed(1).padStart(11)} ${row.coresBusy.toFixed(2).padStart(11)} ${row.coresAlone.toFixed(2).padStart(6)} ${`${row.rssMiB.toFixed(0)} MiB`.padStart(9)} ${mib(row.bytesPerImage).padStart(8)}`,
      );
    }
    // Memory per added render thread: the least-squares slope of peak RSS over the default pool's runs.
    const byThreads = rows.slice(0, threadCounts.length);
    if (byThreads.length >= 2) {
      const slope = rssPerThread(byThreads.map((row) => [row.threads, row.rssMiB]));
      console.log(
        `  peak RSS per added render thread: ${slope.toFixed(1)} MiB (least squares over ${byThreads.map((row) => row.threads).join(', ')} threads; at most ${RSS_PER_THREAD_MIB})`,
      );
      if (slope > RSS_PER_THREAD_MIB) {
        problems.push(
          `${size}x${size}: peak RSS grows by ${slope.toFixed(1)} MiB per added render thread (at most ${RSS_PER_THREAD_MIB})`,
        );
      }
    }
    const overhead = byThreads.filter((row) => row.coresAlone > row.threads + 0.2);
    if (overhead.length > 0) {
      console.log(
        `  over the thread count by more than 0.2 core: ${overhead.map((row) => `${row.label} (${row.coresAlone.toFixed(2)})`).join(', ')} — work beside the render threads`,
      );
    }
    const withPool = rows[threadCounts.length - 1]!;
    const onePool = rows[threadCounts.length]!;
    const poolShare = onePool.steady / withPool.steady;
    console.log(
      `  UV_THREADPOOL_SIZE=1 at ${largest} threads: ${(poolShare * 100).toFixed(0)} % of the default pool's rate once running (${(onePool.cpuPerImage / withPool.cpuPerImage).toFixed(2)}× its CPU per image)${poolShare < 0.9 ? ' — under 90 %: check the load, or what of a token waits on the pool' : ''}`,
    );
    // Determinism: every run of this size wrote the same bytes, and they are the recorded ones.
    const key = `${size}x${size} ${count} ${compression}`;
    if (seen.size > 1) {
      problems.push(
        `${key}: runs wrote different bytes: ${[...seen.values()].map((labels) => labels.join(' + ')).join(' | ')}`,
      );
    }
    const digest = [...seen.keys()][0]!.split(' ')[0]!;
    if (values.record) {
      digests[key] = digest;
      await writeFile(DIGESTS_FILE, `${JSON.stringify(digests, null, 2)}\n`);
      console.log(`  image digest recorded for ${key}: ${digest}\n`);
    } else if (digests[key] === undefined) {
      console.log(`  no image digest recorded for ${key} (run with --record to keep this one)\n`);
    } else if (digests[key] !== digest) {
      problems.push(`${key}: image digest ${digest} is not the recorded ${digests[key]}`);
      console.log(`  OUTPUT CHANGED: not the recorded bytes for ${key}\n`);
    } else {
      console.log(`  output identical to the recorded bytes for ${key}\n`);
    }
  }
  if (problems.length > 0) {
    console.error(
      `Bytes, determinism or memory per thread failed:\n${problems.map((problem) => `  ${problem}`).join('\n')}`,
    );
    process.exitCode = 1;
  }
}

await main();
