// `npm run bench` (animated memory case): peak RSS of an animated job of 100 tokens against one of 2,000,
// each in a fresh process (four GIF layers of 4 frames at 24², animated WebP out, two render threads).
// Frames stream from disk into ffmpeg per token, so nothing should grow with the collection: the run
// fails (exit 1) when the 2,000-token job's peak passes the 100-token job's by 40 MiB or more.
// Usage: node --import tsx bench/animated-memory.bench.ts [--large 2000] [--small 100]
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { animatedFixture, type Rgba } from '../test/support/animated-fixtures.ts';

const { values } = parseArgs({
  options: { small: { type: 'string', default: '100' }, large: { type: 'string', default: '2000' } },
});
const job = fileURLToPath(new URL('../test/support/animated-job.ts', import.meta.url));
const LIMIT_MIB = 40;

const work = await mkdtemp(path.join(tmpdir(), 'layerloom-bench-animated-memory-'));
try {
  // Four layers of 6, 6, 6 and 10 GIFs: 2,160 combinations, enough for 2,000 unique tokens.
  const layers = [];
  for (let layer = 0; layer < 4; layer++) {
    const traits = [];
    for (let trait = 0; trait < (layer === 3 ? 10 : 6); trait++) {
      const colours: Rgba[] = Array.from({ length: 4 }, (_, frame) => [
        (trait * 40 + frame * 50) % 256,
        (layer * 70 + frame * 30) % 256,
        (trait * layer * 25) % 256,
        255,
      ]);
      const file = path.join(work, `L${layer}-T${trait}.gif`);
      await writeFile(file, await animatedFixture('gif', 24, colours, 80, layer === 0 ? 'full' : 'right'));
      traits.push({ name: `T${trait}`, asset: file });
    }
    layers.push({ name: `L${layer}`, traits });
  }
  const layersFile = path.join(work, 'layers.json');
  await writeFile(layersFile, JSON.stringify(layers));

  const run = async (count: number) => {
    const out = path.join(work, `out-${count}`);
    const started = performance.now();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', job, layersFile, String(count), out],
      { maxBuffer: 1 << 20 },
    );
    const seconds = (performance.now() - started) / 1000;
    const result = JSON.parse(stdout) as { size: number; maxRssKiB: number };
    const animations = (await readdir(path.join(out, 'images'))).filter((name) => name.endsWith('.webp'));
    if (result.size !== count || animations.length !== count)
      throw new Error(`the ${count}-token job made ${animations.length} animations`);
    await rm(out, { recursive: true, force: true });
    console.log(
      `${count} animated tokens: peak RSS ${(result.maxRssKiB / 1024).toFixed(0)} MiB, ${seconds.toFixed(0)} s (load ${loadavg()[0]!.toFixed(1)})`,
    );
    return result.maxRssKiB / 1024;
  };
  const small = await run(Number(values.small));
  const large = await run(Number(values.large));
  const growth = large - small;
  console.log(`animated memory: growth ${growth.toFixed(0)} MiB (limit < ${LIMIT_MIB} MiB)`);
  if (growth >= LIMIT_MIB) process.exitCode = 1;
} finally {
  await rm(work, { recursive: true, force: true });
}
