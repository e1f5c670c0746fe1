// `npm run bench` (second part): the exports over a 10,000-token collection, each in its own process so
// its peak memory is its own. Prints time and peak RSS per export.
// Usage: node --import tsx bench/exports.bench.ts [--count 10000] [--size 256]
import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';

const distUrl = new URL('../dist/index.js', import.meta.url).href;
const engine = (await import(distUrl)) as typeof import('../src/index.ts');

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '10000' },
    size: { type: 'string', default: '256' },
    child: { type: 'string' },
    dir: { type: 'string' },
  },
});
const count = Number(values.count);
const size = Number(values.size);

/** A collection folder of `count` distinct-looking PNGs (a few hundred distinct images, reused). */
async function fixture(): Promise<string> {
  const dir = path.join(tmpdir(), `layerloom-bench-collection-${count}-${size}`);
  if (existsSync(path.join(dir, '.done'))) return dir;
  await mkdir(path.join(dir, 'images'), { recursive: true });
  await mkdir(path.join(dir, 'metadata'), { recursive: true });
  const variants: Buffer[] = [];
  for (let v = 0; v < 256; v++) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="hsl(${(v * 37) % 360},60%,70%)"/><circle cx="${size / 2}" cy="${size / 2}" r="${size / 3}" fill="hsl(${(v * 91) % 360},70%,40%)"/><rect x="${((v % 7) * size) / 8}" y="${size / 5}" width="${size / 4}" height="${size / 10}" fill="#222"/></svg>`;
    variants.push(await sharp(Buffer.from(svg)).png().toBuffer());
  }
  for (let edition = 1; edition <= count; edition++) {
    await writeFile(path.join(dir, 'images', `${edition}.png`), variants[edition % variants.length]!);
    const metadata = {
      name: `Bench #${edition}`,
      description: 'bench',
      image: `https://example.com/${edition}.png`,
      edition,
      attributes: [
        { trait_type: 'Background', value: `B${edition % 13}` },
        { trait_type: 'Body', value: `C${edition % 7}` },
        { trait_type: 'Eyes', value: `E${(edition * 31) % 17}` },
      ],
    };
    await writeFile(path.join(dir, 'metadata', `${edition}.json`), JSON.stringify(metadata, null, 2));
  }
  await writeFile(path.join(dir, '.done'), '');
  return dir;
}

const discard = () => new Writable({ write: (_chunk, _encoding, callback) => callback() });

async function runChild(name: string, dir: string) {
  const source = { files: engine.createFolderSink(dir), size: count };
  const started = performance.now();
  if (name === 'rarity') await engine.computeRarity(source);
  if (name === 'collage')
    await pipeline(
      engine.createCollage(source, { tile: 32 }),
      createWriteStream(path.join(dir, 'collage.png')),
    );
  if (name === 'gif') await pipeline(engine.createPreviewGif(source, { count: 100 }), discard());
  if (name === 'zip') await engine.writeCollectionZip(source, discard());
  if (name === 'car') {
    // As the server does: the CIDs first (kept), then each CAR in one pass with its known root.
    const { imagesCid, metadataCid } = await engine.computeIpfsCids(source);
    await engine.writeImagesCar(source, discard(), imagesCid);
    await engine.writeMetadataCar(source, imagesCid, discard(), metadataCid);
  }
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(JSON.stringify({ seconds, peakRssMiB: process.resourceUsage().maxRSS / 1024 }));
}

if (values.child) {
  await runChild(values.child, values.dir!);
} else {
  const dir = await fixture();
  console.log(`Exports of ${count} tokens (${size}×${size} PNG), each in its own process:`);
  const labels: Record<string, string> = {
    rarity: 'rarity report',
    collage: 'collage, every token at 32 px',
    gif: 'preview GIF, 100 frames',
    zip: 'ZIP of everything',
    car: 'IPFS CIDs + both CARs',
  };
  for (const name of Object.keys(labels)) {
    const output = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
        '--child',
        name,
        '--dir',
        dir,
        '--count',
        String(count),
        '--size',
        String(size),
      ],
      { encoding: 'utf8' },
    );
    const { seconds, peakRssMiB } = JSON.parse(output) as { seconds: number; peakRssMiB: number };
    console.log(
      `  ${labels[name]!.padEnd(32)} ${seconds.toFixed(1).padStart(6)} s   peak RSS ${peakRssMiB.toFixed(0)} MiB`,
    );
  }
}
