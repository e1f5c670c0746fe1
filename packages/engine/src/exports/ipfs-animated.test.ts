import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { animatedFixture, type Rgba } from '../../test/support/animated-fixtures.ts';
import { tempDir } from '../../test/support/layer-fixtures.ts';
import { generateCollection } from '../generate/generate-collection.ts';
import { createFolderSink } from '../output/folder-sink.ts';
import type { CollectionSource } from './collection-files.ts';
import { computeIpfsCids, ipfsTokenMetadata, writeImagesCar, writeMetadataCar } from './ipfs.ts';

const run = promisify(execFile);
const ipfsCar = (...args: string[]) =>
  run(process.execPath, [
    path.join(path.dirname(createRequire(import.meta.url).resolve('ipfs-car/package.json')), 'bin.js'),
    ...args,
  ]);

const RED: Rgba = [255, 0, 0, 255];
const BLUE: Rgba = [0, 0, 255, 255];
const GREEN: Rgba = [0, 255, 0, 255];
const SIZE = 16;

let work: Awaited<ReturnType<typeof tempDir>>;
let out: string;
let source: CollectionSource;

beforeAll(async () => {
  work = await tempDir();
  await writeFile(path.join(work.dir, 'a.gif'), await animatedFixture('gif', SIZE, [RED, BLUE], 100));
  await writeFile(path.join(work.dir, 'b.gif'), await animatedFixture('gif', SIZE, [GREEN, BLUE], 100));
  out = path.join(work.dir, 'out');
  const result = await generateCollection({
    spec: {
      name: 'Motion',
      size: 2,
      width: SIZE,
      height: SIZE,
      seed: 'ipfs',
      layers: [
        {
          name: 'Back',
          traits: [
            { name: 'A', asset: 'a.gif' },
            { name: 'B', asset: 'b.gif' },
          ],
        },
      ],
      output: {
        baseUri: 'https://cdn.example/images',
        animation: { format: 'webp', fps: 10 },
        solana: { sellerFeeBasisPoints: 0, creators: [{ address: 'Abc', share: 100 }] },
      },
    },
    baseDir: work.dir,
    sink: createFolderSink(out),
    threads: 1,
  });
  const files = createFolderSink(out);
  source = { files, size: result.size };
}, 120_000);
afterAll(async () => work?.remove());

it("exports an animated collection's posters and animations in the IPFS images folder, as ipfs-car packs it", async () => {
  expect((await readdir(path.join(out, 'images'))).sort()).toEqual(['1.png', '1.webp', '2.png', '2.webp']);
  const cids = await computeIpfsCids(source);
  // The same folder (posters and animations) packed by ipfs-car has the same root.
  const { stdout } = await ipfsCar(
    'pack',
    path.join(out, 'images'),
    '--output',
    path.join(work.dir, 'ref.car'),
  );
  expect(stdout.trim()).toBe(cids.imagesCid);

  const car = path.join(work.dir, 'images.car');
  const stream = createWriteStream(car);
  expect(await writeImagesCar(source, stream)).toBe(cids.imagesCid);
  await finished(stream);
  // Unpacked, the CAR holds every poster and animation with the generator's bytes.
  const unpacked = path.join(work.dir, 'unpacked');
  await ipfsCar('unpack', car, '--output', unpacked);
  expect((await readdir(unpacked)).sort()).toEqual(['1.png', '1.webp', '2.png', '2.webp']);
  for (const name of ['1.png', '1.webp', '2.png', '2.webp']) {
    expect(
      Buffer.compare(
        await readFile(path.join(unpacked, name)),
        await readFile(path.join(out, 'images', name)),
      ),
      name,
    ).toBe(0);
  }

  // The IPFS metadata points `image` and `animation_url` into that folder, and its folder's CID is ipfs-car's.
  const ipfsMetadata = path.join(work.dir, 'ipfs-metadata');
  await mkdir(ipfsMetadata);
  for (const edition of [1, 2]) {
    const bytes = await ipfsTokenMetadata(source, cids.imagesCid, edition);
    const json = JSON.parse(new TextDecoder().decode(bytes));
    const hosted = JSON.parse(await readFile(path.join(out, 'metadata', `${edition}.json`), 'utf8'));
    expect(hosted.animation_url).toBe(`https://cdn.example/images/${edition}.webp`);
    expect(json).toEqual({
      ...hosted,
      image: `ipfs://${cids.imagesCid}/${edition}.png`,
      animation_url: `ipfs://${cids.imagesCid}/${edition}.webp`,
    });
    await writeFile(path.join(ipfsMetadata, `${edition}.json`), bytes);
  }
  const packed = await ipfsCar('pack', ipfsMetadata, '--output', path.join(work.dir, 'ref-metadata.car'));
  expect(packed.stdout.trim()).toBe(cids.metadataCid);
  const metadataCar = createWriteStream(path.join(work.dir, 'metadata.car'));
  expect(await writeMetadataCar(source, cids.imagesCid, metadataCar)).toBe(cids.metadataCid);
  await finished(metadataCar);
}, 120_000);

it("points Metaplex metadata's poster and animation files at the IPFS images folder", async () => {
  // Solana metadata (relative `N.png` / `N.webp`) read where the engine reads token metadata.
  const solana: CollectionSource = {
    files: { read: (where) => source.files.read(where.replace(/^metadata\//, 'solana/')) },
    size: source.size,
  };
  const json = JSON.parse(new TextDecoder().decode(await ipfsTokenMetadata(solana, 'bafyimages', 2)));
  expect(json.image).toBe('ipfs://bafyimages/2.png');
  expect(json.animation_url).toBe('ipfs://bafyimages/2.webp');
  expect(json.properties.files).toEqual([
    { uri: 'ipfs://bafyimages/2.png', type: 'image/png' },
    { uri: 'ipfs://bafyimages/2.webp', type: 'image/webp' },
  ]);
  expect(json.properties.creators).toEqual([{ address: 'Abc', share: 100 }]);
});
