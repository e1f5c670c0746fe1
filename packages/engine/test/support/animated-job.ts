// One animated generation in its own process, for memory measurements (bench/animated-memory.bench.ts):
// prints the job's peak RSS.
// Usage: node --import tsx test/support/animated-job.ts <layers.json> <count> <outDir>
import { readFile } from 'node:fs/promises';
import { generateCollection } from '../../src/generate/generate-collection.ts';
import { createFolderSink } from '../../src/output/folder-sink.ts';

const [layersFile, count, out] = process.argv.slice(2) as [string, string, string];
const layers = JSON.parse(await readFile(layersFile, 'utf8'));
const result = await generateCollection({
  spec: {
    name: 'Memory',
    size: Number(count),
    width: 24,
    height: 24,
    seed: 'memory',
    layers,
    output: { animation: { format: 'webp', fps: 12 } },
  },
  sink: createFolderSink(out),
  threads: 2,
});
process.stdout.write(JSON.stringify({ size: result.size, maxRssKiB: process.resourceUsage().maxRSS }));
