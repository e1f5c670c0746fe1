// `node --import tsx packages/engine/bench/quality.bench.ts`: how long the layer quality check
// (`layerloom check`, GET /projects/{id}/quality) takes for 10 layers × 30 traits of 1024² art, once each
// image's analysis is kept (computed once per upload), and what that analysis costs per image.
// Target: the check under 2 s.
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeFixtureLayers } from '../scripts/make-fixture-layers.ts';
import { checkLayerQuality, importLayersFolder, type TraitAnalysis } from '../src/index.ts';

const SOURCE = 1024;
const LAYERS = 10;
const TRAITS = 30;
const RUNS = 5;

const dir = path.join(tmpdir(), `layerloom-bench-quality-${SOURCE}-${LAYERS}x${TRAITS}`);
if (!existsSync(path.join(dir, '.done'))) {
  await rm(dir, { recursive: true, force: true });
  await makeFixtureLayers({ dir, size: SOURCE, layers: LAYERS, traits: TRAITS });
  await writeFile(path.join(dir, '.done'), '');
}
const layers = await importLayersFolder({ dir });
const spec = { name: 'Quality bench', size: 1000, width: SOURCE, height: SOURCE, layers };
const kept = new Map<string, TraitAnalysis>();
const cache = {
  get: (key: string) => kept.get(key),
  set: (key: string, analysis: TraitAnalysis) => void kept.set(key, analysis),
};

let started = performance.now();
const first = await checkLayerQuality({ spec, cache });
const cold = performance.now() - started;
const times: number[] = [];
for (let run = 0; run < RUNS; run++) {
  started = performance.now();
  await checkLayerQuality({ spec, cache });
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const warm = times[Math.floor(RUNS / 2)]!;
console.log(`Quality check of ${LAYERS} layers × ${TRAITS} traits at ${SOURCE}²:`);
console.log(
  `  first check (analyses every image): ${Math.round(cold)} ms, ${(cold / first.analysed).toFixed(1)} ms per image`,
);
console.log(
  `  with analyses kept (median of ${RUNS}): ${Math.round(warm)} ms (target ≤ 2000 ms), ${first.findings.length} findings`,
);
if (warm > 2000) process.exitCode = 1;
