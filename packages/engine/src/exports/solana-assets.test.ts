import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { tempDir, writeLayersFolder } from '../../test/support/layer-fixtures.ts';
import { generateCollection } from '../generate/generate-collection.ts';
import { importLayersFolder } from '../import/import-layers-folder.ts';
import { createFolderSink } from '../output/folder-sink.ts';
import type { CollectionSource } from './collection-files.ts';
import { computeIpfsCids, computeSolanaMetadataCid, writeSolanaMetadataCar } from './ipfs.ts';
import { writeSolanaAssetsZip } from './solana-assets.ts';

let work: Awaited<ReturnType<typeof tempDir>>;
let source: CollectionSource;
let withoutSolana: CollectionSource;

const creators = [
  { address: '7nE1GmnMmDKiycFkpHF7mKtxt356FQzVonZqBWsTWZNf', share: 70 },
  { address: 'PanbgtcTiZ2PveV96t2FHSffiLHXXjMuhvoabUUKKm8', share: 30 },
];

beforeAll(async () => {
  work = await tempDir();
  const layers = await importLayersFolder({
    dir: await writeLayersFolder(work.dir, [
      [1, 1],
      [1, 1, 1],
    ]),
  });
  const generate = async (folder: string, solana: boolean) => {
    const sink = createFolderSink(path.join(work.dir, folder));
    await generateCollection({
      spec: {
        name: 'Loom',
        description: 'Woven cats',
        size: 3,
        width: 16,
        height: 16,
        seed: 'solana',
        layers,
        output: solana
          ? {
              solana: {
                symbol: 'LOOM',
                sellerFeeBasisPoints: 750,
                externalUrl: 'https://loom.example',
                creators,
              },
            }
          : {},
      },
      sink,
    });
    return { files: sink, size: 3 };
  };
  source = await generate('solana', true);
  withoutSolana = await generate('plain', false);
});
afterAll(async () => work.remove());

function readZip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Buffer>();
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const parts: Buffer[] = [];
          stream.on('data', (part: Buffer) => parts.push(part));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

it("zips Sugar's assets folder: 0.png/0.json … numbered from 0, then collection.png and collection.json", async () => {
  const file = path.join(work.dir, 'assets.zip');
  const output = createWriteStream(file);
  await writeSolanaAssetsZip(source, output, { collection: { name: 'Loom', description: 'Woven cats' } });
  await finished(output);
  const entries = await readZip(file);
  expect([...entries.keys()]).toEqual([
    'assets/0.png',
    'assets/0.json',
    'assets/1.png',
    'assets/1.json',
    'assets/2.png',
    'assets/2.json',
    'assets/collection.png',
    'assets/collection.json',
  ]);
  // Asset N − 1 is token N: its image bytes and its Metaplex JSON, renamed to sit beside it.
  expect(entries.get('assets/2.png')).toEqual(
    await readFile(path.join(work.dir, 'solana', 'images', '3.png')),
  );
  const token = JSON.parse(entries.get('assets/2.json')!.toString());
  const written = JSON.parse(await readFile(path.join(work.dir, 'solana', 'solana', '3.json'), 'utf8'));
  expect(token).toEqual({
    ...written,
    image: '2.png',
    properties: { ...written.properties, files: [{ uri: '2.png', type: 'image/png' }] },
  });
  expect(token).toMatchObject({
    name: 'Loom #3',
    symbol: 'LOOM',
    seller_fee_basis_points: 750,
    external_url: 'https://loom.example',
    properties: { category: 'image', creators },
  });
  expect(token.attributes.length).toBeGreaterThan(0);
  expect(JSON.parse(entries.get('assets/collection.json')!.toString())).toEqual({
    name: 'Loom',
    symbol: 'LOOM',
    description: 'Woven cats',
    seller_fee_basis_points: 750,
    image: 'collection.png',
    external_url: 'https://loom.example',
    attributes: [],
    properties: { files: [{ uri: 'collection.png', type: 'image/png' }], category: 'image', creators },
  });
  expect(entries.get('assets/collection.png')).toEqual(entries.get('assets/0.png'));
});

it('refuses, naming the file, a collection generated without Solana metadata', async () => {
  const output = new PassThrough();
  output.resume();
  await expect(
    writeSolanaAssetsZip(withoutSolana, output, { collection: { name: 'Loom', description: '' } }),
  ).rejects.toThrow(
    'Cannot read solana/1.json: the collection was generated without Solana (Metaplex) metadata',
  );
});

it('puts the Solana metadata on IPFS in its own folder, pointing at the images folder', async () => {
  const { imagesCid, metadataCid } = await computeIpfsCids(source);
  const solanaCid = await computeSolanaMetadataCid(source, imagesCid);
  expect(solanaCid).not.toBe(metadataCid);
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const root = await writeSolanaMetadataCar(source, imagesCid, output);
  expect(root).toBe(solanaCid);
  const car = Buffer.concat(chunks).toString('latin1');
  // Raw leaves: each token's JSON is in the CAR as written, its image and files at ipfs://<images>/N.png.
  expect(car).toContain(`"image": "ipfs://${imagesCid}/2.png"`);
  expect(car).toContain(`"uri": "ipfs://${imagesCid}/3.png"`);
  expect(car).toContain('"seller_fee_basis_points": 750');
});
