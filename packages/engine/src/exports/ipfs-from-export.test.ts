import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { tempDir, writeLayersFolder } from '../../test/support/layer-fixtures.ts';
import { generateCollection } from '../generate/generate-collection.ts';
import { importLayersFolder } from '../import/import-layers-folder.ts';
import { createFolderSink } from '../output/folder-sink.ts';
import { writeCollectionZip } from './collection-zip.ts';
import { computeIpfsCids } from './ipfs.ts';

const run = promisify(execFile);
const ipfsCarBin = path.join(
  path.dirname(createRequire(import.meta.url).resolve('ipfs-car/package.json')),
  'bin.js',
);

let work: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  work = await tempDir();
});
afterAll(async () => work.remove());

/** Writes every file of a ZIP under `into`, as unzip would. */
function unzip(file: string, into: string): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const target = path.join(into, entry.fileName);
          mkdir(path.dirname(target), { recursive: true })
            .then(() => finished(stream.pipe(createWriteStream(target))))
            .then(() => zip.readEntry(), reject);
        });
      });
      zip.readEntry();
    });
  });
}

/** `ipfs-car pack <folder> --no-wrap`, as the README says: the root CID it prints. */
async function pack(folder: string): Promise<string> {
  const { stdout } = await run(process.execPath, [
    ipfsCarBin,
    'pack',
    folder,
    '--no-wrap',
    '--output',
    `${folder}.car`,
  ]);
  return stdout.trim();
}

it('gives the CIDs a creator rebuilds from the ZIP with ipfs-car, as the README says', async () => {
  const layers = await writeLayersFolder(work.dir, [
    [1, 1, 1],
    [2, 1],
  ]);
  const out = path.join(work.dir, 'collection');
  await generateCollection({
    spec: {
      name: 'Loom',
      description: 'Rebuilt from its export',
      size: 5,
      width: 16,
      height: 16,
      seed: 'zip',
      layers: await importLayersFolder({ dir: layers }),
    },
    sink: createFolderSink(out),
    threads: 1,
  });
  const source = { files: createFolderSink(out), size: 5 };
  const zipFile = path.join(work.dir, 'collection.zip');
  const output = createWriteStream(zipFile);
  await writeCollectionZip(source, output);
  await finished(output);
  const unzipped = path.join(work.dir, 'unzipped');
  await unzip(zipFile, unzipped);

  const cids = await computeIpfsCids(source);
  expect(await pack(path.join(unzipped, 'images'))).toBe(cids.imagesCid);
  // The README's recipe: each metadata/N.json with its image at ipfs://<imagesCid>/N.png, nothing else changed.
  const rebuilt = path.join(work.dir, 'ipfs-metadata');
  await mkdir(rebuilt);
  for (let edition = 1; edition <= 5; edition++) {
    const metadata = JSON.parse(await readFile(path.join(unzipped, 'metadata', `${edition}.json`), 'utf8'));
    expect(Object.keys(metadata).slice(0, 3)).toEqual(['name', 'description', 'image']);
    metadata.image = `ipfs://${cids.imagesCid}/${edition}.png`;
    await writeFile(path.join(rebuilt, `${edition}.json`), `${JSON.stringify(metadata, null, 2)}\n`);
  }
  expect(await pack(rebuilt)).toBe(cids.metadataCid);
}, 120_000);
