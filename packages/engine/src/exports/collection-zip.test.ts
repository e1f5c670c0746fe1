import { createWriteStream } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { afterEach, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { writeTestCollection } from '../../test/support/write-test-collection.ts';
import { writeCollectionZip } from './collection-zip.ts';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Every entry of a ZIP file with its bytes and compression method (0 store, 8 deflate). */
function readZip(file: string): Promise<Map<string, { data: Buffer; method: number }>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, { data: Buffer; method: number }>();
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
            entries.set(entry.fileName, { data: Buffer.concat(parts), method: entry.compressionMethod });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

it('zips images (stored), metadata, _metadata.json, rarity.json and extras, byte for byte', async () => {
  const { dir, source } = await writeTestCollection([
    { color: [255, 0, 0], attributes: [{ trait_type: 'Hat', value: 'Cap' }] },
    { color: [0, 0, 255], attributes: [{ trait_type: 'Hat', value: 'Crown' }] },
  ]);
  folders.push(dir);
  const file = path.join(dir, 'collection.zip');
  const output = createWriteStream(file);
  await writeCollectionZip(source, output, {
    extras: [{ name: 'collage.png', data: new Uint8Array([1, 2, 3]) }],
  });
  await finished(output);

  const entries = await readZip(file);
  expect([...entries.keys()]).toEqual([
    'images/1.png',
    'images/2.png',
    'metadata/1.json',
    'metadata/2.json',
    '_metadata.json',
    'rarity.json',
    'collage.png',
  ]);
  expect(entries.get('images/2.png')?.method).toBe(0);
  expect(entries.get('metadata/1.json')?.method).toBe(8);
  expect(entries.get('images/2.png')?.data.equals(await readFile(path.join(dir, 'images/2.png')))).toBe(true);
  expect(entries.get('metadata/2.json')?.data.toString()).toBe(
    await readFile(path.join(dir, 'metadata/2.json'), 'utf8'),
  );
  const all = JSON.parse(entries.get('_metadata.json')!.data.toString());
  expect(all.map((token: { name: string }) => token.name)).toEqual(['Test #1', 'Test #2']);
  const rarity = JSON.parse(entries.get('rarity.json')!.data.toString());
  expect(rarity.traits.Hat).toEqual({ Cap: { count: 1, share: 0.5 }, Crown: { count: 1, share: 0.5 } });
  expect([...entries.get('collage.png')!.data]).toEqual([1, 2, 3]);
});

it('fails naming the missing file, and the output gets no complete archive', async () => {
  const { dir, source } = await writeTestCollection([{ color: [0, 0, 0], attributes: [] }]);
  folders.push(dir);
  const file = path.join(dir, 'broken.zip');
  await expect(writeCollectionZip({ ...source, size: 2 }, createWriteStream(file))).rejects.toThrow(
    'Cannot read images/2.png',
  );
  await expect(readZip(file)).rejects.toThrow();
});

it("zips an animated collection's animations beside their posters", async () => {
  const { dir, source } = await writeTestCollection([
    { color: [255, 0, 0], attributes: [{ trait_type: 'Hat', value: 'Cap' }] },
    { color: [0, 0, 255], attributes: [{ trait_type: 'Hat', value: 'Crown' }] },
  ]);
  folders.push(dir);
  // Token 2 is animated: its metadata links images/2.mp4.
  const metadataFile = path.join(dir, 'metadata/2.json');
  const metadata = JSON.parse(await readFile(metadataFile, 'utf8'));
  await writeFile(metadataFile, JSON.stringify({ ...metadata, animation_url: 'ipfs://x/2.mp4' }));
  await writeFile(path.join(dir, 'images/2.mp4'), new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112]));
  const file = path.join(dir, 'collection.zip');
  const output = createWriteStream(file);
  await writeCollectionZip(source, output);
  await finished(output);
  const entries = await readZip(file);
  expect([...entries.keys()].filter((name) => name.startsWith('images/'))).toEqual([
    'images/1.png',
    'images/2.png',
    'images/2.mp4',
  ]);
  expect(entries.get('images/2.mp4')?.method).toBe(0);
});
