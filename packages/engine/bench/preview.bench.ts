// `npm run bench`: how long one preview takes (the Generate NFT screen's Preview button), from encoded
// trait files to PNG bytes, for 6 layers × 8 traits of 1024² art. Target: under 300 ms.
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeFixtureLayers } from '../scripts/make-fixture-layers.ts';

const distUrl = new URL('../dist/index.js', import.meta.url).href;
const { importLayersFolder, renderPreview } = (await import(distUrl)) as typeof import('../src/index.ts');

const SOURCE = 1024;
const RUNS = 15;

const dir = path.join(tmpdir(), `layerloom-bench-layers-${SOURCE}`);
if (!existsSync(path.join(dir, '.done'))) {
  await rm(dir, { recursive: true, force: true });
  await makeFixtureLayers({ dir, size: SOURCE });
  await writeFile(path.join(dir, '.done'), '');
}
const layers = await importLayersFolder({ dir });
const spec = { name: 'Preview bench', size: 1, width: SOURCE, height: SOURCE, seed: 'preview', layers };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

console.log(
  `Preview of ${layers.length} layers from ${SOURCE}² trait files (median of ${RUNS}, each a new seed):`,
);
for (const size of [1024, 512, 256]) {
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const preview = await renderPreview({ spec, seed: `run-${run}`, width: size, height: size });
    times.push(performance.now() - started);
    bytes = preview.png.length;
  }
  console.log(
    `  ${String(size).padStart(4)}²  ${median(times).toFixed(0).padStart(4)} ms (fastest ${Math.min(...times).toFixed(0)} ms), ${(bytes / 1024).toFixed(0)} KiB`,
  );
}
