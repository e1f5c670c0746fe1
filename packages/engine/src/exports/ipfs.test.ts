import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import { CAREncoderStream, createDirectoryEncoderStream } from 'ipfs-car';
import type { CID } from 'multiformats/cid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTestCollection } from '../../test/support/write-test-collection.ts';
import type { CollectionSource } from './collection-files.ts';
import { computeIpfsCids, ipfsTokenMetadata, writeImagesCar, writeMetadataCar } from './ipfs.ts';

const run = promisify(execFile);
const ipfsCarBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve('ipfs-car/package.json')),
  'bin.js',
);

/** The CAR ipfs-car's library writes for files `1.png … N.png` in that order (what this module used to call). */
async function ipfsCarLibraryCar(files: Uint8Array[]): Promise<Buffer> {
  const entries = () =>
    files.map((bytes, index) => ({ name: `${index + 1}.png`, stream: () => new Blob([bytes]).stream() }));
  let root: CID | undefined;
  await createDirectoryEncoderStream(entries()).pipeTo(
    new WritableStream({
      write(block) {
        root = block.cid as CID;
      },
    }),
  );
  const chunks: Uint8Array[] = [];
  await createDirectoryEncoderStream(entries())
    .pipeThrough(new CAREncoderStream([root!]))
    .pipeTo(new WritableStream({ write: (chunk) => void chunks.push(chunk) }));
  return Buffer.concat(chunks);
}

/** Packs a folder with the ipfs-car CLI into `car` and returns the root CID it prints. */
async function ipfsCarPack(folder: string, car: string): Promise<string> {
  const { stdout } = await run(process.execPath, [ipfsCarBin, 'pack', folder, '--output', car]);
  return stdout.trim();
}

async function writeIpfsMetadataFolder(source: CollectionSource, imagesCid: string, folder: string) {
  await mkdir(folder, { recursive: true });
  for (let edition = 1; edition <= source.size; edition++) {
    await writeFile(
      path.join(folder, `${edition}.json`),
      await ipfsTokenMetadata(source, imagesCid, edition),
    );
  }
}

describe.each([
  ['a small collection', 12],
  // Past 1,000 entries ipfs-car shards the folder (HAMT): the CIDs must still agree.
  ['a sharded folder', 1_005],
])('IPFS CIDs of %s', (_, size) => {
  let dir: string;
  let source: CollectionSource;

  beforeAll(async () => {
    const colors = [
      [250, 10, 10],
      [10, 250, 10],
      [10, 10, 250],
    ] as const;
    ({ dir, source } = await writeTestCollection(
      Array.from({ length: size }, (_, index) => ({
        color: colors[index % 3]!,
        attributes: [{ trait_type: 'Colour', value: `c${index % 3}` }],
      })),
      4,
    ));
  }, 120_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('equal what ipfs-car computes for the same folders, and the CARs carry those roots', async () => {
    const cids = await computeIpfsCids(source);
    expect(cids.imagesCid).toMatch(/^bafy/);
    expect(await ipfsCarPack(path.join(dir, 'images'), path.join(dir, 'reference-images.car'))).toBe(
      cids.imagesCid,
    );
    await writeIpfsMetadataFolder(source, cids.imagesCid, path.join(dir, 'ipfs-metadata'));
    expect(await ipfsCarPack(path.join(dir, 'ipfs-metadata'), path.join(dir, 'reference-metadata.car'))).toBe(
      cids.metadataCid,
    );

    const imagesCar = createWriteStream(path.join(dir, 'images.car'));
    expect(await writeImagesCar(source, imagesCar)).toBe(cids.imagesCid);
    await finished(imagesCar);
    const metadataCar = createWriteStream(path.join(dir, 'metadata.car'));
    expect(await writeMetadataCar(source, cids.imagesCid, metadataCar)).toBe(cids.metadataCid);
    await finished(metadataCar);
    // Block for block what ipfs-car's own encoder writes for the same files in the same order.
    const imageBytes = await Promise.all(
      Array.from({ length: size }, (_, index) => readFile(path.join(dir, 'images', `${index + 1}.png`))),
    );
    expect(
      Buffer.compare(await readFile(path.join(dir, 'images.car')), await ipfsCarLibraryCar(imageBytes)),
    ).toBe(0);
    const knownRoot = createWriteStream(path.join(dir, 'images-known-root.car'));
    expect(await writeImagesCar(source, knownRoot, cids.imagesCid)).toBe(cids.imagesCid);
    await finished(knownRoot);
    expect(
      Buffer.compare(
        await readFile(path.join(dir, 'images-known-root.car')),
        await readFile(path.join(dir, 'images.car')),
      ),
    ).toBe(0);
    const { stdout } = await run(process.execPath, [ipfsCarBin, 'roots', path.join(dir, 'images.car')]);
    expect(stdout.trim()).toBe(cids.imagesCid);
    const listed = await run(process.execPath, [ipfsCarBin, 'ls', path.join(dir, 'metadata.car')]);
    const paths = listed.stdout.trim().split('\n');
    expect(paths[0]).toBe('.');
    expect(paths).toContain(`./${size}.json`);
    expect(paths).toHaveLength(size + 1);
  }, 120_000);
});

it('writes a CAR block for block as ipfs-car does when files span several write buffers and chunks', async () => {
  // Small files, one of 1.5 MiB (two raw chunks, each larger than a write buffer) and 300 KiB ones: the
  // buffers the CAR is written in fill, overflow and are bypassed.
  let seed = 7;
  const bytes = (length: number) =>
    Uint8Array.from({ length }, () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed >>> 24;
    });
  const files = [bytes(3000), bytes(1_536 * 1024), bytes(300 * 1024), bytes(10), bytes(300 * 1024), bytes(5)];
  const source: CollectionSource = {
    files: {
      read: async (where) =>
        where.startsWith('metadata/')
          ? new TextEncoder().encode('{"name":"Still","image":"x","attributes":[]}')
          : files[Number(/(\d+)\.png$/.exec(where)![1]) - 1]!,
    },
    size: files.length,
  };
  const chunks: Uint8Array[] = [];
  const output = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  const root = await writeImagesCar(source, output);
  const reference = await ipfsCarLibraryCar(files);
  expect(Buffer.compare(Buffer.concat(chunks), reference)).toBe(0);
  expect(chunks.length).toBeLessThan(10); // written in a few buffers, not two writes per block
  expect(root).toMatch(/^bafy/);
});

it('points IPFS metadata at the images folder and keeps everything else', async () => {
  const { dir, source } = await writeTestCollection([
    { color: [1, 2, 3], attributes: [{ trait_type: 'A', value: 'b' }] },
  ]);
  const json = JSON.parse(new TextDecoder().decode(await ipfsTokenMetadata(source, 'bafyimages', 1)));
  expect(json).toMatchObject({
    name: 'Test #1',
    image: 'ipfs://bafyimages/1.png',
    attributes: [{ trait_type: 'A', value: 'b' }],
  });
  await rm(dir, { recursive: true, force: true });
});
