import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, traitPixels, writeLayersFolder } from '../../test/support/layer-fixtures.ts';
import {
  AssetCorruptError,
  AssetUnreadableError,
  UnsupportedAssetTypeError,
} from '../errors/asset-errors.ts';
import { GenerationCancelledError, OutputConflictError } from '../errors/generate-errors.ts';
import { NotEnoughCombinationsError } from '../errors/sample-errors.ts';
import { importLayersFolder } from '../import/import-layers-folder.ts';
import { createFolderSink } from '../output/folder-sink.ts';
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

async function specFor(size: number, extra: Record<string, unknown> = {}) {
  return {
    name: 'Loom',
    description: 'Test collection',
    size,
    width: 16,
    height: 16,
    seed: 'fixed',
    layers: await importLayersFolder({ dir: layersDir }),
    rules: ['L1/T0 excludes L2/T3'],
    output: {
      baseUri: 'ipfs://base',
      extraMetadata: { artist: 'Ada' },
      solana: { sellerFeeBasisPoints: 500, creators: [{ address: 'Abc', share: 100 }] },
    },
    ...extra,
  };
}

async function snapshot(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const sub of ['images', 'metadata', 'solana']) {
    for (const name of (await readdir(path.join(dir, sub))).filter((file) => !file.endsWith('.partial')))
      files.set(`${sub}/${name}`, (await readFile(path.join(dir, sub, name))).toString('base64'));
  }
  files.set('_metadata.json', (await readFile(path.join(dir, '_metadata.json'))).toString('base64'));
  return files;
}

describe('generateCollection', () => {
  it('writes images, OpenSea and Solana metadata and _metadata.json, byte-identical for the same spec and seed', async () => {
    const out1 = path.join(work.dir, 'out1');
    const out2 = path.join(work.dir, 'out2');
    const progress: GenerationProgress[] = [];
    const result = await generateCollection({
      spec: await specFor(12),
      sink: createFolderSink(out1),
      threads: 2,
      onProgress: (p) => progress.push(p),
    });
    await generateCollection({ spec: await specFor(12), sink: createFolderSink(out2), threads: 1 });
    // A sink that cannot stage files gets the images as bytes from the workers: the same files.
    const out3 = path.join(work.dir, 'out3');
    const { stage: _stage, commit: _commit, ...bytesOnly } = createFolderSink(out3);
    await generateCollection({ spec: await specFor(12), sink: bytesOnly, threads: 2 });
    expect(result.rendered).toBe(12);
    expect(progress.at(-1)).toMatchObject({ done: 12, total: 12 });
    const first = await snapshot(out1);
    expect(first.size).toBe(37);
    expect(await snapshot(out2)).toEqual(first);
    expect(await snapshot(out3)).toEqual(first);

    const meta = JSON.parse(await readFile(path.join(out1, 'metadata/3.json'), 'utf8'));
    expect(meta).toMatchObject({
      name: 'Loom #3',
      description: 'Test collection',
      image: 'ipfs://base/3.png',
      edition: 3,
      artist: 'Ada',
    });
    expect(meta.dna).toMatch(/^[0-9a-f]{40}$/);
    expect(meta.attributes.map((a: { trait_type: string }) => a.trait_type)).toEqual(['L0', 'L1', 'L2']);
    const all = JSON.parse(await readFile(path.join(out1, '_metadata.json'), 'utf8'));
    expect(all).toHaveLength(12);
    expect(all[2]).toEqual(meta);
    const dnas = new Set(all.map((token: { dna: string }) => token.dna));
    expect(dnas.size).toBe(12);
    for (const token of all) {
      const traits = Object.fromEntries(
        token.attributes.map((a: { trait_type: string; value: string }) => [a.trait_type, a.value]),
      );
      expect(traits.L1 === 'T0' && traits.L2 === 'T3').toBe(false);
    }
    const solana = JSON.parse(await readFile(path.join(out1, 'solana/1.json'), 'utf8'));
    expect(solana).toMatchObject({
      seller_fee_basis_points: 500,
      properties: {
        files: [{ uri: '1.png', type: 'image/png' }],
        creators: [{ address: 'Abc', share: 100 }],
      },
    });
    const image = await sharp(path.join(out1, 'images/1.png')).metadata();
    expect([image.width, image.height, image.format]).toEqual([16, 16, 'png']);
  });

  it('resumes after cancellation, ignores half-written files and ends identical to an uninterrupted run', async () => {
    const reference = path.join(work.dir, 'reference');
    await generateCollection({ spec: await specFor(20), sink: createFolderSink(reference), threads: 2 });
    const out = path.join(work.dir, 'resumed');
    const controller = new AbortController();
    await expect(
      generateCollection({
        spec: await specFor(20),
        sink: createFolderSink(out),
        threads: 1,
        signal: controller.signal,
        onProgress: (p) => {
          if (p.done >= 5) controller.abort();
        },
      }),
    ).rejects.toBeInstanceOf(GenerationCancelledError);
    const finished = (await readdir(path.join(out, 'metadata'))).length;
    expect(finished).toBeGreaterThanOrEqual(5);
    expect(finished).toBeLessThan(20);
    // A crash mid-write leaves only a temporary file; and a token whose image vanished is not finished.
    await writeFile(path.join(out, 'images', '19.png.abc.partial'), 'half');
    await rm(path.join(out, 'images', '2.png'));
    const result = await generateCollection({
      spec: await specFor(20),
      sink: createFolderSink(out),
      threads: 2,
    });
    expect(result.rendered).toBe(20 - finished + 1);
    expect(await snapshot(out)).toEqual(await snapshot(reference));
    await expect(
      generateCollection({ spec: await specFor(20, { seed: 'other' }), sink: createFolderSink(out) }),
    ).rejects.toBeInstanceOf(OutputConflictError);
  });

  it('fails before rendering when the size exceeds the valid combinations, naming the exact count', async () => {
    const out = path.join(work.dir, 'too-many');
    await expect(
      generateCollection({ spec: await specFor(34), sink: createFolderSink(out) }),
    ).rejects.toThrow(new NotEnoughCombinationsError(34, 33n, ''));
    await expect(readdir(out)).rejects.toThrow();
  });

  it('names corrupt, unsupported and missing images before writing anything', async () => {
    const bad = path.join(work.dir, 'bad');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(bad, { recursive: true });
    const png = path.join(bad, 'broken.png');
    await writeFile(
      png,
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40, 7)]),
    );
    const svg = path.join(bad, 'vector.png');
    await writeFile(svg, '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const spec = async (asset: string) => {
      const base = await specFor(2);
      base.layers[2]!.traits[1]!.asset = { path: asset };
      return base;
    };
    const out = path.join(work.dir, 'bad-out');
    await expect(generateCollection({ spec: await spec(png), sink: createFolderSink(out) })).rejects.toThrow(
      AssetCorruptError,
    );
    await expect(generateCollection({ spec: await spec(png), sink: createFolderSink(out) })).rejects.toThrow(
      `${png} (L2/T1)`,
    );
    await expect(generateCollection({ spec: await spec(svg), sink: createFolderSink(out) })).rejects.toThrow(
      UnsupportedAssetTypeError,
    );
    await expect(
      generateCollection({ spec: await spec(path.join(bad, 'gone.png')), sink: createFolderSink(out) }),
    ).rejects.toThrow(AssetUnreadableError);
    await expect(readdir(out)).rejects.toThrow();
  });

  it('renders layer configurations in their own order, 1-of-1s with their own image and attributes, and scales other-size assets', async () => {
    const out = path.join(work.dir, 'configured');
    // A 1-of-1 drawn at 32 px for a 16 px collection, and a hat trait drawn at 8 px.
    const special = path.join(work.dir, 'special.png');
    await sharp(traitPixels(32, 0, 5), { raw: { width: 32, height: 32, channels: 4 } })
      .png()
      .toFile(special);
    const smallHat = path.join(work.dir, 'small-hat.png');
    await sharp(traitPixels(8, 2, 1), { raw: { width: 8, height: 8, channels: 4 } })
      .png()
      .toFile(smallHat);
    const spec = await specFor(8, {
      rules: [],
      configurations: [
        { name: 'plain', size: 3, layers: ['L0', 'L1'] },
        { name: 'hatted', size: 4, layers: ['L0', 'L2', 'L1'] },
      ],
      oneOfOnes: [
        {
          name: 'The Special One',
          asset: { path: special },
          attributes: [{ trait_type: 'Special', value: 'Gold' }],
        },
      ],
    });
    spec.layers[2]!.traits = [{ ...spec.layers[2]!.traits[0]!, name: 'Small', asset: { path: smallHat } }];
    await generateCollection({ spec, sink: createFolderSink(out), threads: 2 });
    const all: { name: string; edition: number; attributes: { trait_type: string; value: string }[] }[] =
      JSON.parse(await readFile(path.join(out, '_metadata.json'), 'utf8'));
    const types = all.map((token) => token.attributes.map((a) => a.trait_type).join(','));
    expect(types.filter((t) => t === 'L0,L1')).toHaveLength(3);
    // Attributes follow the collection's layer order; drawing follows the configuration's.
    expect(types.filter((t) => t === 'L0,L1,L2')).toHaveLength(4);
    const one = all.find((token) => token.name === 'The Special One')!;
    expect(one.edition).toBe(8);
    expect(one.attributes).toEqual([{ trait_type: 'Special', value: 'Gold' }]);

    const raw = (file: string) => sharp(file).ensureAlpha().raw().toBuffer();
    const worst = (a: Buffer, b: Buffer) => {
      expect(a.length).toBe(b.length);
      let max = 0;
      for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!));
      return max;
    };
    const resized = (file: string) =>
      sharp(file).resize(16, 16, { fit: 'fill', kernel: 'lanczos3' }).ensureAlpha().png().toBuffer();
    expect(
      worst(
        await raw(path.join(out, 'images/8.png')),
        await sharp(await resized(special))
          .raw()
          .toBuffer(),
      ),
    ).toBeLessThanOrEqual(2);

    // A hatted token equals libvips "over" of its layers in configuration order (L0, hat, L1), the hat scaled up.
    const hatted = all.find((token) => token.attributes.length === 3)!;
    const file = (layer: string): string => {
      const value = hatted.attributes.find((a) => a.trait_type === layer)!.value;
      const asset = spec.layers.find((l) => l.name === layer)!.traits.find((t) => t.name === value)!.asset;
      return (asset as { path: string }).path;
    };
    const expected = await sharp(file('L0'))
      .composite([{ input: await resized(smallHat) }, { input: file('L1') }])
      .ensureAlpha()
      .raw()
      .toBuffer();
    expect(worst(await raw(path.join(out, `images/${hatted.edition}.png`)), expected)).toBeLessThanOrEqual(2);
  });
});
