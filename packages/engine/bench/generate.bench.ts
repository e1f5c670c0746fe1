// `npm run bench`: generation throughput against the PNG-encode limit on this machine.
// Usage: node --import tsx bench/generate.bench.ts [--sizes 512,1024] [--count N] [--threads 1,2] [--compression balanced]
// Without --count, each size renders about ten seconds' worth (1,000 tokens at 512², 300 at 1024²), so the
// rate once running is measured past the workers' warm-up. Each size runs once per render thread count
// (default 1, 2, 4 and the core count) and prints the CPU accounting: CPU seconds per image and cores busy
// (CPU time / wall time, of the whole process: every thread, libuv's pool included), which should be the
// thread count.
// A full 10,000-token job at 1024² (time and peak RSS; the encode limit is measured on the first 200 images):
//   npm run build -w @layerloom/engine && node --import tsx bench/generate.bench.ts --sizes 1024 --count 10000
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
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
  const started = performance.now();
  let firstDone = 0;
  let lastDone = 0;
  let firstCpu = 0;
  let lastCpu = 0;
  const cpuNow = (): number => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1e6;
  };
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
  const cpuSeconds = (usage.userCPUTime + usage.systemCPUTime) / 1e6;
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

function child(mode: string, size: number, out: string, threads = 1): Record<string, unknown> {
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
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  return JSON.parse(output) as Record<string, unknown>;
}

async function main(): Promise<void> {
  const sizes = values.sizes.split(',').map(Number);
  if (values.child) {
    const size = sizes[0]!;
    if (values.child === 'generate') await childGenerate(size, values.dir!);
    else await childEncode(size, values.dir!);
    return;
  }
  console.log(
    `Layerloom engine bench: 6 layers × 8 traits (gradients, texture, transparency), compression "${compression}", ${availableParallelism()} cores\n`,
  );
  for (const size of sizes) {
    const count = countFor(size);
    await fixture(size);
    const mib = (value: number): string => (value / 1024 / 1024).toFixed(3);
    console.log(`${size}×${size}, ${count} tokens:`);
    let encoded: { limit: number; level6: number; level6Bytes: number } | undefined;
    for (const threads of threadCounts) {
      const out = await mkdtemp(path.join(tmpdir(), 'layerloom-bench-out-'));
      try {
        const generated = child('generate', size, out, threads) as {
          seconds: number;
          steadySeconds: number;
          setupSeconds: number;
          cpuSeconds: number;
          steadyCpuSeconds: number;
          perThread: number[];
          maxRssKiB: number;
        };
        let bytes = 0;
        for (const file of await readdir(path.join(out, 'images')))
          bytes += (await stat(path.join(out, 'images', file))).size;
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
        console.log(`  --threads ${threads}`);
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
        const threadTotal = generated.perThread.reduce((sum, value) => sum + value, 0);
        const working = generated.perThread.filter((value) => value >= threadTotal * 0.05);
        console.log(
          `    CPU by thread      ${working.length} threads did ≥ 5 % of the work once running, each: ${working.map((value) => `${((value / threadTotal) * 100).toFixed(0)} %`).join(', ')} (of ${generated.perThread.length} threads)`,
        );
        console.log(`    peak RSS           ${(generated.maxRssKiB / 1024).toFixed(0)} MiB`);
        console.log(
          `    bytes per image    ${mib(bytes / count)} MiB (RGBA level-6 adaptive: ${mib(encoded.level6Bytes)} MiB)`,
        );
        console.log(
          `    rendering / limit  ${((steady / encoded.limit) * 100).toFixed(0)} % of the encode limit`,
        );
      } finally {
        await rm(out, { recursive: true, force: true });
      }
    }
    console.log(
      `  encode limit         ${encoded!.limit.toFixed(1)} images/s (same PNG settings, all cores, encoding only); RGBA level-6 adaptive ${encoded!.level6.toFixed(1)} images/s\n`,
    );
  }
}

await main();
