// Test support: writes a small generated collection (solid-colour PNGs + ERC-721 metadata) to a folder.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { CollectionSource } from '../../src/exports/collection-files.ts';
import { createFolderSink } from '../../src/output/folder-sink.ts';

export interface TestToken {
  color: readonly [number, number, number];
  attributes: { trait_type: string; value: string | number }[];
}

/** Writes `images/N.png` and `metadata/N.json` for each token into a new temp folder. */
export async function writeTestCollection(
  tokens: readonly TestToken[],
  size = 16,
): Promise<{ dir: string; source: CollectionSource }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'layerloom-exports-'));
  await mkdir(path.join(dir, 'images'));
  await mkdir(path.join(dir, 'metadata'));
  const pngs = new Map<string, Buffer>();
  for (const [index, token] of tokens.entries()) {
    const edition = index + 1;
    const key = token.color.join(',');
    let png = pngs.get(key);
    if (!png) {
      const [r, g, b] = token.color;
      png = await sharp({ create: { width: size, height: size, channels: 3, background: { r, g, b } } })
        .png()
        .toBuffer();
      pngs.set(key, png);
    }
    await writeFile(path.join(dir, 'images', `${edition}.png`), png);
    const metadata = {
      name: `Test #${edition}`,
      description: 'A test collection',
      image: `https://example.com/${edition}.png`,
      edition,
      dna: key,
      attributes: token.attributes,
    };
    await writeFile(path.join(dir, 'metadata', `${edition}.json`), `${JSON.stringify(metadata, null, 2)}\n`);
  }
  return { dir, source: { files: createFolderSink(dir), size: tokens.length } };
}
