import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCoverLayers } from '../../test/support/cover-layers.ts';
import { tempDir } from '../../test/support/layer-fixtures.ts';
import { finishCollection } from '../generate/finish-collection.ts';
import { generateCollection } from '../generate/generate-collection.ts';
import { importLayersFolder } from '../import/import-layers-folder.ts';
import { createFolderSink } from '../output/folder-sink.ts';
import { listLookAlikes } from './list-look-alikes.ts';
import { COLLECTION_LOOKS_FILE, readCollectionLooks } from './looks-files.ts';
import { LooksNotDistinctError } from './make-looks-distinct.ts';

let work: Awaited<ReturnType<typeof tempDir>>;
let layersDir: string;

beforeAll(async () => {
  work = await tempDir();
  layersDir = await writeCoverLayers(work.dir);
});
afterAll(async () => work.remove());

async function coverSpec(size: number, extra: Record<string, unknown> = {}) {
  return {
    name: 'Curtains',
    size,
    width: 64,
    height: 64,
    seed: 'curtain call',
    layers: await importLayersFolder({ dir: layersDir }),
    ...extra,
  };
}

/** Every file of an output, by path, as base64. */
async function files(dir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    found.set(path.relative(dir, full), (await readFile(full)).toString('base64'));
  }
  return found;
}

describe('look-alike tokens', () => {
  it('finds the tokens that differ only under a full-canvas cover, with the traits collectors cannot see', async () => {
    const dir = path.join(work.dir, 'plain');
    const sink = createFolderSink(dir);
    const seen: number[] = [];
    await generateCollection({
      spec: await coverSpec(12),
      sink,
      threads: 2,
      onToken: (t) => seen.push(t.edition),
    });
    expect(seen).toHaveLength(12);
    const looks = await readCollectionLooks(sink, 12);
    expect(looks).toHaveLength(12);
    const report = await listLookAlikes({ files: sink, size: 12 });
    expect(report.available).toBe(true);
    expect(report.groups.length).toBeGreaterThan(0);
    for (const group of report.groups) {
      expect(group.kind).toBe('identical');
      expect(group.differingTraits).toEqual(['Background']);
      const metadata = await Promise.all(
        group.tokens.map(async (token) =>
          JSON.parse(await readFile(path.join(dir, 'metadata', `${token.edition}.json`), 'utf8')),
        ),
      );
      // Same cover and badge, another background: what the metadata claims and the image hides.
      for (const token of metadata) {
        expect(token.attributes).toContainEqual({ trait_type: 'Cover', value: 'Curtain' });
      }
      expect(new Set(group.tokens.map((token) => token.differences[0]!.value)).size).toBe(
        group.tokens.length,
      );
    }
    // Tokens without the curtain all look different.
    const grouped = new Set(report.groups.flatMap((group) => group.tokens.map((token) => token.edition)));
    expect(grouped.size).toBeLessThan(12);
  });

  it('writes the same looks file when the collection is rendered in ranges and finished', async () => {
    const dir = path.join(work.dir, 'ranges');
    const sink = createFolderSink(dir);
    const spec = await coverSpec(12);
    await generateCollection({ spec, sink, threads: 1, editions: { first: 1, last: 5 } });
    await generateCollection({ spec, sink, threads: 1, editions: { first: 6, last: 12 } });
    await finishCollection({ sink, size: 12 });
    expect(await readFile(path.join(dir, COLLECTION_LOOKS_FILE), 'utf8')).toBe(
      await readFile(path.join(work.dir, 'plain', COLLECTION_LOOKS_FILE), 'utf8'),
    );
  });

  it('with "Every token looks different", rerolls the look-alikes and gives the same collection from the same seed', async () => {
    const first = path.join(work.dir, 'distinct-1');
    const second = path.join(work.dir, 'distinct-2');
    const spec = await coverSpec(12, { distinctLooks: true });
    const result = await generateCollection({ spec, sink: createFolderSink(first), threads: 2 });
    await generateCollection({ spec, sink: createFolderSink(second), threads: 1 });
    expect(result.lookRerolls).toBeGreaterThan(0);
    const report = await listLookAlikes({ files: createFolderSink(first), size: 12 });
    expect(report.groups).toEqual([]);
    // At most one token per badge under the curtain: the others show their backgrounds.
    const curtains = result.plan.tokens.filter(
      (token) => token.kind === 'generated' && token.traits[1] === 0,
    );
    expect(curtains.length).toBeLessThanOrEqual(3);
    expect(await files(second)).toEqual(await files(first));
  });

  it('resumes a collection with "Every token looks different" from its kept rerolls', async () => {
    const dir = path.join(work.dir, 'distinct-1');
    const result = await generateCollection({
      spec: await coverSpec(12, { distinctLooks: true }),
      sink: createFolderSink(dir),
      threads: 1,
    });
    expect(result).toMatchObject({ rendered: 0, resumed: 12 });
  });

  it('keeps every token distinct through a reroll of some tokens, the same files as a whole run with that reroll', async () => {
    const dir = path.join(work.dir, 'distinct-1');
    const spec = await coverSpec(12, { distinctLooks: true });
    const amendments = [{ kind: 'reroll' as const, editions: [2, 7], derivation: 'user:1' }];
    // Rendering only the rerolled tokens also renders any token whose look reroll changed with them.
    await generateCollection({ spec, sink: createFolderSink(dir), threads: 2, amendments, only: [2, 7] });
    expect((await listLookAlikes({ files: createFolderSink(dir), size: 12 })).groups).toEqual([]);
    const whole = path.join(work.dir, 'distinct-rerolled');
    await generateCollection({ spec, sink: createFolderSink(whole), threads: 2, amendments });
    const written = await files(dir);
    const expected = await files(whole);
    for (const name of [...expected.keys()].filter(
      (name) => /^(images|metadata)\//.test(name) || name === '_metadata.json',
    )) {
      expect(written.get(name), name).toBe(expected.get(name));
    }
  });

  it('says plainly when the layers cannot give every token its own look', async () => {
    // 15 looks exist; 20 tokens cannot each have one.
    const dir = path.join(work.dir, 'too-many');
    const error = await generateCollection({
      spec: await coverSpec(20, { distinctLooks: true }),
      sink: createFolderSink(dir),
      threads: 2,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LooksNotDistinctError);
    expect((error as Error).message).toMatch(
      /^Every token cannot look different: \d+ tokens? still looks? like another \(#\d+ looks like #\d+/,
    );
    expect((error as Error).message).toContain('turn off “Every token looks different”');
    // Nothing written: the output stays empty.
    expect(await files(dir).catch(() => new Map())).toEqual(new Map());
  });
});
