// `layerloom generate` as a user runs it (the built CLI, with its reports), timed from outside:
// whole-run wall time, when the last token was written (its progress line, N/N, printed), what was left
// after it (_metadata.json, rarity.json, collage.png, preview.gif), and the process's CPU time and peak RSS as
// /usr/bin/time measures them. Each run is repeated and the median printed (the machine may be shared).
// Usage: npm run build -w @layerloom/engine &&
//   node --import tsx bench/generate-cli.bench.ts [--size 1024] [--count 1600] [--threads 1,2] [--runs 3]
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { makeFixtureLayers } from '../scripts/make-fixture-layers.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1024' },
    count: { type: 'string', default: '1600' },
    threads: { type: 'string', default: '1,2' },
    runs: { type: 'string', default: '3' },
  },
});
const size = Number(values.size);
const count = Number(values.count);
const cli = fileURLToPath(new URL('../bin/layerloom.js', import.meta.url));

interface Run {
  wall: number;
  lastToken: number;
  cpu: number;
  rssMiB: number;
}

async function fixture(): Promise<string> {
  const dir = path.join(tmpdir(), `layerloom-bench-layers-${size}`);
  if (!existsSync(path.join(dir, '.done'))) {
    await rm(dir, { recursive: true, force: true });
    await makeFixtureLayers({ dir, size });
    await writeFile(path.join(dir, '.done'), '');
  }
  return dir;
}

async function run(layers: string, threads: number): Promise<Run> {
  const out = await mkdtemp(path.join(tmpdir(), 'layerloom-bench-cli-'));
  const times = path.join(out, '..', `${path.basename(out)}.time`);
  try {
    const argv = [
      'generate',
      layers,
      '--count',
      String(count),
      '--width',
      String(size),
      '--height',
      String(size),
    ];
    const started = performance.now();
    let lastToken = 0;
    const child = spawn(
      '/usr/bin/time',
      [
        '-f',
        '%e %U %S %M',
        '-o',
        times,
        process.execPath,
        cli,
        ...argv,
        '--seed',
        'bench',
        '--threads',
        String(threads),
        '--out',
        out,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk;
    });
    // Progress goes to stderr, a line every 10 % when it is not a terminal: the last one is the last token.
    let progress = '';
    child.stderr.on('data', (chunk: Buffer) => {
      progress += chunk;
      if (lastToken === 0 && progress.includes(`${count}/${count} (100%)`)) lastToken = performance.now();
    });
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const wall = (performance.now() - started) / 1000;
    if (status !== 0) throw new Error(`layerloom generate exited with ${status}:\n${text}`);
    const [, user, system, maxKiB] = (await readFile(times, 'utf8')).trim().split(/\s+/).map(Number);
    return { wall, lastToken: (lastToken - started) / 1000, cpu: user! + system!, rssMiB: maxKiB! / 1024 };
  } finally {
    await rm(out, { recursive: true, force: true });
    await rm(times, { force: true });
  }
}

const median = (numbers: number[]): number => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const layers = await fixture();
console.log(
  `layerloom generate: ${count} tokens at ${size}², 6 layers × 8 traits, reports on, median of ${values.runs} runs`,
);
for (const threads of values.threads.split(',').map(Number)) {
  const runs: Run[] = [];
  const loads: number[] = [];
  for (let index = 0; index < Number(values.runs); index++) {
    runs.push(await run(layers, threads));
    loads.push(loadavg()[0]!);
  }
  const wall = median(runs.map((r) => r.wall));
  const tail = median(runs.map((r) => r.wall - r.lastToken));
  console.log(`  --threads ${threads}`);
  console.log(
    `    wall               ${wall.toFixed(1)} s (${(count / wall).toFixed(1)} images/s), runs ${runs.map((r) => r.wall.toFixed(1)).join(' / ')}`,
  );
  console.log(
    `    after last token   ${tail.toFixed(2)} s, ${((tail / wall) * 100).toFixed(1)} % of the run (${runs.map((r) => (r.wall - r.lastToken).toFixed(2)).join(' / ')})`,
  );
  console.log(`    CPU per image      ${((median(runs.map((r) => r.cpu)) / count) * 1000).toFixed(1)} ms`);
  console.log(
    `    cores busy         ${median(runs.map((r) => r.cpu / r.wall)).toFixed(2)} (CPU time / wall time)`,
  );
  console.log(`    peak RSS           ${median(runs.map((r) => r.rssMiB)).toFixed(0)} MiB`);
  console.log(
    `    load average       ${loads.map((load) => load.toFixed(1)).join(' / ')} (1 min, after each run)`,
  );
}
