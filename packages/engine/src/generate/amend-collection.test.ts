import { cp, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, writeLayersFolder } from '../../test/support/layer-fixtures.ts';
import { NotEnoughCombinationsError } from '../errors/sample-errors.ts';
import { importLayersFolder } from '../import/import-layers-folder.ts';
import { createFolderSink } from '../output/folder-sink.ts';
import { PlanAmendmentError } from '../sample/amend-plan.ts';
import { generateCollection } from './generate-collection.ts';
import { rewriteMetadata } from './rewrite-metadata.ts';

let work: Awaited<ReturnType<typeof tempDir>>;
let layersDir: string;

beforeAll(async () => {
  work = await tempDir();
  // 3 × 3 × 4 = 36 combinations, 3 of them excluded by the rule: 33 valid.
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
    description: 'Test collection',
    size,
    width: 16,
    height: 16,
    seed: 'fixed',
    layers: await importLayersFolder({ dir: layersDir }),
    rules: ['L1/T0 excludes L2/T3'],
  };
}

/** Every token's image and metadata bytes, by edition. */
async function tokens(dir: string): Promise<Map<number, { image: string; metadata: string }>> {
  const files = new Map<number, { image: string; metadata: string }>();
  for (const name of await readdir(path.join(dir, 'images'))) {
    const edition = Number.parseInt(name, 10);
    files.set(edition, {
      image: (await readFile(path.join(dir, 'images', name))).toString('base64'),
      metadata: await readFile(path.join(dir, 'metadata', `${edition}.json`), 'utf8'),
    });
  }
  return files;
}

function traitsOf(metadata: string): string {
  const token = JSON.parse(metadata) as { attributes: { trait_type: string; value: string }[] };
  return token.attributes.map((attribute) => `${attribute.trait_type}=${attribute.value}`).join(',');
}

async function allMetadata(dir: string): Promise<{ name: string; attributes: unknown[] }[]> {
  return JSON.parse(await readFile(path.join(dir, '_metadata.json'), 'utf8'));
}

describe('amending a generated collection', () => {
  it('rerolls every unlocked token: locked tokens stay byte-identical, rerolled ones change, all stay unique and valid, the same reroll gives the same bytes', async () => {
    const out = path.join(work.dir, 'reroll');
    await generateCollection({ spec: await specFor(12), sink: createFolderSink(out), threads: 2 });
    const before = await tokens(out);
    const locked = [2, 5, 9];
    const rerolled = [...before.keys()].filter((edition) => !locked.includes(edition));
    const copy = path.join(work.dir, 'reroll-copy');
    await cp(out, copy, { recursive: true });

    const amendments = [{ kind: 'reroll' as const, editions: rerolled, derivation: 'first' }];
    const result = await generateCollection({
      spec: await specFor(12),
      sink: createFolderSink(out),
      threads: 2,
      amendments,
      only: rerolled,
    });
    expect(result.rendered).toBe(9);
    const after = await tokens(out);
    expect(after.size).toBe(12);
    for (const edition of locked) expect(after.get(edition)).toEqual(before.get(edition));
    for (const edition of rerolled) {
      expect(traitsOf(after.get(edition)!.metadata)).not.toBe(traitsOf(before.get(edition)!.metadata));
    }
    const shown = [...after.values()].map((token) => traitsOf(token.metadata));
    expect(new Set(shown).size).toBe(12);
    for (const traits of shown) expect(traits.includes('L1=T0') && traits.includes('L2=T3')).toBe(false);
    const summary = await allMetadata(out);
    expect(summary.map((token) => traitsOf(JSON.stringify(token)))).toEqual(
      [...after.keys()].sort((a, b) => a - b).map((edition) => traitsOf(after.get(edition)!.metadata)),
    );

    await generateCollection({
      spec: await specFor(12),
      sink: createFolderSink(copy),
      threads: 1,
      amendments,
      only: rerolled,
    });
    expect(await tokens(copy)).toEqual(after);

    // A second reroll of the same tokens draws from its own stream: new combinations again.
    const again = await generateCollection({
      spec: await specFor(12),
      sink: createFolderSink(out),
      threads: 2,
      amendments: [...amendments, { kind: 'reroll', editions: [1], derivation: 'second' }],
      only: [1],
    });
    expect(again.rendered).toBe(1);
    const third = await tokens(out);
    expect(traitsOf(third.get(1)!.metadata)).not.toBe(traitsOf(after.get(1)!.metadata));
    expect(third.get(2)).toEqual(after.get(2));
  });

  it('grows a collection: the first batch stays byte-identical, every token of both batches is unique, and asking past the valid combinations fails at once', async () => {
    const out = path.join(work.dir, 'grow');
    await generateCollection({ spec: await specFor(12), sink: createFolderSink(out), threads: 2 });
    const first = await tokens(out);
    const added = Array.from({ length: 10 }, (_, index) => 13 + index);
    const result = await generateCollection({
      spec: await specFor(12),
      sink: createFolderSink(out),
      threads: 2,
      amendments: [{ kind: 'grow', count: 10, derivation: 'more' }],
      only: added,
    });
    expect(result).toMatchObject({ size: 22, rendered: 10 });
    const grown = await tokens(out);
    expect(grown.size).toBe(22);
    for (const [edition, token] of first) expect(grown.get(edition)).toEqual(token);
    expect(new Set([...grown.values()].map((token) => traitsOf(token.metadata))).size).toBe(22);
    const summary = await allMetadata(out);
    expect(summary).toHaveLength(22);
    expect(summary[21]).toMatchObject({ name: 'Loom #22' });

    // 33 valid combinations, 22 taken: 12 more cannot be unique.
    await expect(
      generateCollection({
        spec: await specFor(12),
        sink: createFolderSink(out),
        amendments: [
          { kind: 'grow', count: 10, derivation: 'more' },
          { kind: 'grow', count: 12, derivation: 'too-many' },
        ],
        only: [23],
      }),
    ).rejects.toThrow(NotEnoughCombinationsError);
    expect((await tokens(out)).size).toBe(22);
  });

  it('rewrites the metadata with edits after a growth, leaving every image as it is', async () => {
    const out = path.join(work.dir, 'edit');
    const amendments = [{ kind: 'grow' as const, count: 2, derivation: 'g' }];
    await generateCollection({ spec: await specFor(6), sink: createFolderSink(out), threads: 2 });
    await generateCollection({
      spec: await specFor(6),
      sink: createFolderSink(out),
      amendments,
      only: [7, 8],
    });
    const before = await tokens(out);
    const edits = {
      namePattern: 'Woven {edition} of {collection}',
      description: 'Edited',
      externalUrl: null,
      backgroundColor: 'ffffff',
      attributes: [{ trait_type: 'Artist', value: 'Ada' }],
      renames: [{ traitType: 'L0', from: 'T0', to: 'Zero' }],
    };
    await rewriteMetadata({ spec: await specFor(6), sink: createFolderSink(out), amendments, edits });
    const after = await tokens(out);
    for (const [edition, token] of before) expect(after.get(edition)!.image).toBe(token.image);
    const summary = await allMetadata(out);
    expect(summary).toHaveLength(8);
    expect(summary[7]).toMatchObject({
      name: 'Woven 8 of Loom',
      description: 'Edited',
      background_color: 'ffffff',
    });
    const values = summary.flatMap((token) => token.attributes as { trait_type: string; value: string }[]);
    expect(values.some((attribute) => attribute.trait_type === 'L0' && attribute.value === 'T0')).toBe(false);
    expect(values.filter((attribute) => attribute.trait_type === 'Artist')).toHaveLength(8);
  });

  it('refuses to reroll an edition the collection does not have', async () => {
    await expect(
      generateCollection({
        spec: await specFor(4),
        sink: createFolderSink(path.join(work.dir, 'missing')),
        amendments: [{ kind: 'reroll', editions: [5], derivation: 'x' }],
        only: [5],
      }),
    ).rejects.toThrow(PlanAmendmentError);
  });
});
