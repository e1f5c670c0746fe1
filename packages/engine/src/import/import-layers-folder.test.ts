import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/support/layer-fixtures.ts';
import {
  InvalidTraitFileNameError,
  LayersFolderError,
  UnsupportedAssetTypeError,
} from '../errors/asset-errors.ts';
import { EmptyLayerError, UnknownLayerError } from '../errors/spec-errors.ts';
import { importLayersFolder } from './import-layers-folder.ts';

let work: Awaited<ReturnType<typeof tempDir>>;
beforeEach(async () => {
  work = await tempDir();
});
afterEach(async () => work.remove());

async function file(relative: string): Promise<void> {
  const full = path.join(work.dir, relative);
  await mkdir(path.dirname(full), { recursive: true });
  await sharp({ create: { width: 2, height: 2, channels: 4, background: '#ff000080' } })
    .png()
    .toFile(full);
}

describe('importLayersFolder', () => {
  it('reads weights from names, orders by numeric prefix and skips non-images', async () => {
    await file('10_Hat/Crown#2.5.png');
    await file('10_Hat/Cap.png');
    await file('2_Background/Blue#70.png');
    await writeFile(path.join(work.dir, '2_Background', '.DS_Store'), '');
    await writeFile(path.join(work.dir, '2_Background', 'notes.txt'), 'x');
    const layers = await importLayersFolder({ dir: work.dir });
    expect(layers.map((layer) => layer.name)).toEqual(['Background', 'Hat']);
    expect(layers[1]!.traits.map(({ name, weight }) => ({ name, weight }))).toEqual([
      { name: 'Cap', weight: 1 },
      { name: 'Crown', weight: 2.5 },
    ]);
    expect(layers[0]!.traits[0]!.asset.path).toBe(path.join(work.dir, '2_Background', 'Blue#70.png'));
  });

  it('follows an explicit order and falls back to alphabetical order', async () => {
    await file('Eyes/A.png');
    await file('Body/B.png');
    expect((await importLayersFolder({ dir: work.dir })).map((layer) => layer.name)).toEqual([
      'Body',
      'Eyes',
    ]);
    expect(
      (await importLayersFolder({ dir: work.dir, order: ['Eyes', 'Body'] })).map((layer) => layer.name),
    ).toEqual(['Eyes', 'Body']);
    await expect(importLayersFolder({ dir: work.dir, order: ['Hat'] })).rejects.toThrow(UnknownLayerError);
  });

  it('names the bad file, layer or folder', async () => {
    await expect(importLayersFolder({ dir: path.join(work.dir, 'none') })).rejects.toThrow(LayersFolderError);
    await mkdir(path.join(work.dir, 'Empty'));
    await expect(importLayersFolder({ dir: work.dir })).rejects.toThrow(
      new EmptyLayerError(
        'Empty',
        `folder ${path.join(work.dir, 'Empty')} has no PNG, JPEG, GIF or WebP files`,
      ),
    );
    await file('Empty/Bad#heavy.png');
    await expect(importLayersFolder({ dir: work.dir })).rejects.toThrow(InvalidTraitFileNameError);
    await rm(path.join(work.dir, 'Empty', 'Bad#heavy.png'));
    await writeFile(path.join(work.dir, 'Empty', 'Logo.svg'), '<svg/>');
    await expect(importLayersFolder({ dir: work.dir })).rejects.toThrow(UnsupportedAssetTypeError);
  });
});
