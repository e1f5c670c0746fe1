// `npm run bench` (animated case): 6 layers at 512², 24 frames per token, WebP and MP4 output.
// Reports tokens/s, output bytes, peak RSS of the job's process, and the time ffmpeg's encoder alone
// takes on the same frames (decoded back from a sample of the job's animations, encoded with the same
// arguments on as many processes as the job has render threads); the target is total ≤ 1.5 × encode.
// Usage: node --import tsx bench/animated.bench.ts [--count 200] [--formats webp,mp4] [--size 512]
// The memory run of a large job: node --import tsx bench/animated.bench.ts --count 2000
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import sharp from 'sharp';
import { encoderArguments } from '../src/render/animation-encoder.ts';
import { encodeFrames } from '../test/support/animated-fixtures.ts';

const distUrl = new URL('../dist/index.js', import.meta.url).href;
const { generateCollection, createFolderSink } = (await import(distUrl)) as typeof import('../src/index.ts');

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '200' },
    formats: { type: 'string', default: 'webp,mp4' },
    size: { type: 'string', default: '512' },
    'encode-sample': { type: 'string', default: '24' },
    child: { type: 'string' },
    dir: { type: 'string' },
  },
});
const size = Number(values.size);
const count = Number(values.count);
const FRAMES = 24;
const FPS = 12;
const LAYERS = 6;
const TRAITS = 3;

/** A moving disc per frame (its own colour per layer and trait) on transparency; the bottom layer is opaque. */
function frameStrip(layer: number, trait: number): Buffer {
  const strip = Buffer.alloc(size * size * 4 * FRAMES);
  const radius = size / (4 + layer);
  for (let frame = 0; frame < FRAMES; frame++) {
    const angle = (2 * Math.PI * frame) / FRAMES + layer;
    const cx = size / 2 + Math.cos(angle) * size * 0.25;
    const cy = size / 2 + Math.sin(angle) * size * 0.25;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const i = ((frame * size + y) * size + x) * 4;
        const inside = (x - cx) ** 2 + (y - cy) ** 2 < radius ** 2;
        if (layer > 0 && !inside) continue;
        strip[i] = (60 * trait + x + frame * 3) % 256;
        strip[i + 1] = (90 * layer + y) % 256;
        strip[i + 2] = inside ? 255 - 40 * trait : (x ^ y) & 255;
        strip[i + 3] = 255;
      }
    }
  }
  return strip;
}

/** The fixture: the bottom layer as MP4, the others alternately animated WebP and GIF (cached in tmp). */
async function fixture(): Promise<Record<string, unknown>[]> {
  const dir = path.join(tmpdir(), `layerloom-bench-animated-${size}`);
  const layers = [];
  for (let layer = 0; layer < LAYERS; layer++) {
    const traits = [];
    for (let trait = 0; trait < TRAITS; trait++) {
      const ext = layer === 0 ? 'mp4' : layer % 2 ? 'webp' : 'gif';
      const file = path.join(dir, `L${layer}-T${trait}.${ext}`);
      if (!existsSync(file)) {
        await mkdir(dir, { recursive: true });
        await writeFile(
          file,
          await encodeFrames(ext, frameStrip(layer, trait), size, FRAMES, Math.round(1000 / FPS)),
        );
      }
      traits.push({ name: `T${trait}`, asset: file });
    }
    layers.push({ name: `L${layer}`, traits });
  }
  return layers;
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/**
 * CPU seconds of this process (all its threads) and of its children it has waited for (the job's
 * ffmpeg processes), from /proc: unlike wall time, not inflated by other work on a shared machine.
 */
function cpuSeconds(): { own: number; children: number } {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14-17 of proc(5) (utime, stime, cutime, cstime) are 11-14 after the command name.
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number) as [number, number, number, number];
  return { own: (utime + stime) / CLOCK_TICKS, children: (cutime + cstime) / CLOCK_TICKS };
}

/** Child "generate": one job in a fresh process, so peak RSS is the job's own. */
async function childGenerate(format: string, out: string): Promise<void> {
  const layers = await fixture();
  const started = performance.now();
  await generateCollection({
    spec: {
      name: 'Bench',
      size: count,
      width: size,
      height: size,
      seed: 'bench',
      layers,
      output: { animation: { format, fps: FPS } },
    },
    sink: createFolderSink(out),
    animationLimits: { maxFrames: 600, maxSeconds: 60 },
  });
  const seconds = (performance.now() - started) / 1000;
  const usage = process.resourceUsage();
  const cpu = cpuSeconds();
  process.stdout.write(
    JSON.stringify({
      seconds,
      maxRssKiB: usage.maxRSS,
      cpuSeconds: cpu.own + cpu.children,
      ffmpegCpu: cpu.children,
    }),
  );
}

/** Decodes a sample of the job's animations back to raw frames and times ffmpeg encoding them alone. */
async function encodeAlone(format: 'webp' | 'mp4', out: string): Promise<{ wall: number; cpu: number }> {
  const sample = Math.min(count, Number(values['encode-sample']));
  const raws: string[] = [];
  for (let edition = 1; edition <= sample; edition++) {
    const file = path.join(out, 'images', `${edition}.${format}`);
    const raw = `${file}.rgba`;
    if (format === 'webp') {
      await writeFile(raw, await sharp(file, { animated: true }).ensureAlpha().raw().toBuffer());
    } else {
      execFileSync('ffmpeg', [
        '-v',
        'error',
        '-i',
        file,
        '-vf',
        `crop=${size}:${size}:0:0`,
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgba',
        '-y',
        raw,
      ]);
    }
    raws.push(raw);
  }
  let next = 0;
  const cpuBefore = cpuSeconds().children;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < raws.length) {
      const raw = raws[next++]!;
      const args = encoderArguments({
        animation: { format, fps: FPS, dither: 'sierra2_4a', quality: 80 },
        width: size,
        height: size,
        file: `${raw}.${format}`,
      }).map((arg) => (arg === 'pipe:0' ? raw : arg));
      await promisify(execFile)('ffmpeg', args);
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
  return {
    wall: (performance.now() - started) / 1000 / raws.length,
    cpu: (cpuSeconds().children - cpuBefore) / raws.length,
  };
}

async function folderBytes(dir: string, ext: string): Promise<number> {
  let bytes = 0;
  for (const file of await readdir(dir))
    if (file.endsWith(ext)) bytes += (await stat(path.join(dir, file))).size;
  return bytes;
}

if (values.child) {
  await childGenerate(values.child, values.dir!);
} else {
  await fixture();
  const self = fileURLToPath(import.meta.url);
  console.log(
    `animated: ${count} tokens, ${LAYERS} layers at ${size}², ${FRAMES} frames at ${FPS} fps, ${availableParallelism()} cores`,
  );
  for (const format of values.formats.split(',') as ('webp' | 'mp4')[]) {
    const out = await mkdtemp(path.join(tmpdir(), `layerloom-bench-animated-out-`));
    try {
      const output = execFileSync(
        process.execPath,
        ['--import', 'tsx', self, ...process.argv.slice(2), '--child', format, '--dir', out],
        {
          maxBuffer: 1 << 20,
        },
      ).toString();
      const job = JSON.parse(output) as {
        seconds: number;
        maxRssKiB: number;
        cpuSeconds: number;
        ffmpegCpu: number;
      };
      const images = path.join(out, 'images');
      const animationBytes = await folderBytes(images, `.${format}`);
      const posterBytes = await folderBytes(images, '.png');
      const encode = await encodeAlone(format, out);
      const perToken = job.seconds / count;
      const cpuPerToken = job.cpuSeconds / count;
      console.log(
        `${format}: ${(count / job.seconds).toFixed(2)} tokens/s, ${job.seconds.toFixed(1)} s in all; ` +
          `${(animationBytes / count / 1024).toFixed(0)} KiB per animation + ${(posterBytes / count / 1024).toFixed(0)} KiB poster; ` +
          `peak RSS ${(job.maxRssKiB / 1024).toFixed(0)} MiB\n` +
          `  wall: ${(perToken * 1000).toFixed(0)} ms/token, ffmpeg encode alone ${(encode.wall * 1000).toFixed(0)} ms/token ` +
          `on ${availableParallelism()} processes → total/encode ${(perToken / encode.wall).toFixed(2)}× (target ≤ 1.5×)\n` +
          `  CPU:  ${(cpuPerToken * 1000).toFixed(0)} ms/token (${((job.ffmpegCpu / count) * 1000).toFixed(0)} in ffmpeg), ` +
          `encode alone ${(encode.cpu * 1000).toFixed(0)} ms/token → total/encode ${(cpuPerToken / encode.cpu).toFixed(2)}× ` +
          `(target ≤ 1.5×; load average ${loadavg()[0]!.toFixed(1)})`,
      );
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }
}
