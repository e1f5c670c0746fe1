import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, writeLayersFolder } from '../../test/support/layer-fixtures.ts';
import {
  CollectionIncompleteError,
  EditionRangeError,
  GenerationCancelledError,
} from '../errors/generate-errors.ts';
import { importLayersFolder } from '../import/import-layers-folder.ts';
import { createFolderSink } from '../output/folder-sink.ts';
import { finishCollection } from './finish-collection.ts';
import { type GenerationProgress, generateCollection } from './generate-collection.ts';

let work: Awaited<ReturnType<typeof tempDir>>;
let layersDir: string;

beforeAll(async () => {
  work = await tempDir();
  layersDir = await writeLayersFolder(work.dir, [
    [1, 1, 1],
    [3, 2, 1],
    [1, 1, 1, 1],
  ]);
});
afterAll(async () => work.remove());

async function specFor(size: number) {
  return {
    name: 'Loom',
    description: 'Ranges',
    size,
    width: 16,
    height: 16,
    seed: 'chunks',
    layers: await importLayersFolder({ dir: layersDir }),
    output: {
      baseUri: 'ipfs://base',
      shuffle: true,
      solana: { sellerFeeBasisPoints: 0, creators: [{ address: 'Abc', share: 100 }] },
    },
  };
}

/** SHA-256 of every file under `dir` (temporary `.partial` files aside), by relative path. */
async function hashes(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, full)] = createHash('sha256')
      .update(await readFile(full))
      .digest('hex');
  }
  return files;
}

describe('generateCollection in edition ranges, then finishCollection', () => {
  it('gives the same files, byte for byte, as one whole run, with ranges rendered at the same time', async () => {
    const whole = path.join(work.dir, 'whole');
    await generateCollection({ spec: await specFor(23), sink: createFolderSink(whole), threads: 2 });
    const split = path.join(work.dir, 'split');
    const progress: GenerationProgress[][] = [[], [], []];
    const ranges = [
      { first: 1, last: 8 },
      { first: 9, last: 16 },
      { first: 17, last: 23 },
    ];
    const results = await Promise.all(
      ranges.map(async (editions, index) =>
        generateCollection({
          spec: await specFor(23),
          sink: createFolderSink(split),
          threads: 1,
          editions,
          onProgress: (p) => progress[index]!.push(p),
        }),
      ),
    );
    expect(results.map((result) => result.rendered)).toEqual([8, 8, 7]);
    expect(results.every((result) => result.size === 23)).toBe(true);
    expect(progress.map((reports) => reports.at(-1))).toMatchObject([
      { done: 8, total: 8 },
      { done: 8, total: 8 },
      { done: 7, total: 7 },
    ]);
    // Until the final step, the collection file is not there.
    await expect(readFile(path.join(split, '_metadata.json'))).rejects.toThrow();
    await finishCollection({ sink: createFolderSink(split), size: 23 });
    const expected = await hashes(whole);
    // The job file, per token its image, metadata, Solana metadata and look, the looks file, _metadata.json.
    expect(Object.keys(expected)).toHaveLength(1 + 23 * 4 + 1 + 1);
    expect(await hashes(split)).toEqual(expected);
  });

  it('resumes a range from its last finished token after a cancel', async () => {
    const out = path.join(work.dir, 'resumed-range');
    const controller = new AbortController();
    await expect(
      generateCollection({
        spec: await specFor(23),
        sink: createFolderSink(out),
        threads: 1,
        editions: { first: 5, last: 20 },
        signal: controller.signal,
        onProgress: (p) => {
          if (p.done >= 4) controller.abort();
        },
      }),
    ).rejects.toBeInstanceOf(GenerationCancelledError);
    const finished = (await readdir(path.join(out, 'metadata'))).length;
    expect(finished).toBeGreaterThanOrEqual(4);
    expect(finished).toBeLessThan(16);
    const resumed = await generateCollection({
      spec: await specFor(23),
      sink: createFolderSink(out),
      threads: 1,
      editions: { first: 5, last: 20 },
    });
    expect(resumed).toMatchObject({ rendered: 16 - finished, resumed: finished });
    expect((await readdir(path.join(out, 'metadata'))).sort((a, b) => parseInt(a) - parseInt(b))).toEqual(
      Array.from({ length: 16 }, (_, index) => `${index + 5}.json`),
    );
  });

  it('refuses to finish while a token is missing, writing no collection file', async () => {
    const out = path.join(work.dir, 'incomplete');
    await generateCollection({
      spec: await specFor(10),
      sink: createFolderSink(out),
      threads: 1,
      editions: { first: 1, last: 10 },
    });
    await rm(path.join(out, 'images', '7.png'));
    const finishing = finishCollection({ sink: createFolderSink(out), size: 10 });
    await expect(finishing).rejects.toBeInstanceOf(CollectionIncompleteError);
    await expect(finishing).rejects.toThrow('1 token(s) are not rendered yet (first: #7)');
    await expect(readFile(path.join(out, '_metadata.json'))).rejects.toThrow();
  });

  it('refuses a range outside the collection before writing anything', async () => {
    const out = path.join(work.dir, 'bad-range');
    for (const editions of [
      { first: 0, last: 3 },
      { first: 5, last: 4 },
      { first: 8, last: 11 },
    ]) {
      await expect(
        generateCollection({ spec: await specFor(10), sink: createFolderSink(out), editions }),
      ).rejects.toBeInstanceOf(EditionRangeError);
    }
    await expect(readdir(out)).rejects.toThrow();
  });
});
