import { createWriteStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { createCollage } from '../exports/collage.ts';
import type { CollectionSource } from '../exports/collection-files.ts';
import { writeCollectionZip } from '../exports/collection-zip.ts';
import { createPreviewGif } from '../exports/preview-gif.ts';
import { computeRarity } from '../exports/rarity-report.ts';
import { writeStreamToFile } from './collection-folder.ts';
import { type IpfsFolder, writeIpfsFolder } from './write-ipfs-folder.ts';

/** Tokens in the banner `generate` draws (the `collage` command draws any number). */
export const GENERATE_COLLAGE_COUNT = 100;

/** Which outputs besides images and metadata `layerloom generate` writes. */
export interface GenerateExtrasParameters {
  dir: string;
  source: CollectionSource;
  /** rarity.json, collage.png and preview.gif. */
  reports: boolean;
  /** collection.zip of everything. */
  zip: boolean;
  /** ipfs/: images.car, metadata.car and IPFS metadata. */
  car: boolean;
  /** Whether the collection has Solana metadata (zipped too). */
  solana: boolean;
}

/** Writes the reports, ZIP and IPFS artefacts of a generated collection into its folder; returns the file names written. */
export async function writeGenerateExtras(
  parameters: GenerateExtrasParameters,
): Promise<{ written: string[]; ipfs: IpfsFolder | undefined }> {
  const { dir, source } = parameters;
  const written: string[] = [];
  const extras: { name: string; data: Uint8Array }[] = [];
  if (parameters.reports) {
    await writeFile(
      path.join(dir, 'rarity.json'),
      `${JSON.stringify(await computeRarity(source), null, 2)}\n`,
    );
    written.push('rarity.json');
    for (const [name, chunks] of [
      ['collage.png', createCollage(source, { count: GENERATE_COLLAGE_COUNT })],
      ['preview.gif', createPreviewGif(source)],
    ] as const) {
      await writeStreamToFile(path.join(dir, name), chunks);
      written.push(name);
      // Small files (a banner of 100 tiles, a 20-frame GIF): they go into the ZIP as they are.
      if (parameters.zip) extras.push({ name, data: await readFile(path.join(dir, name)) });
    }
  }
  if (parameters.zip) {
    const output = createWriteStream(path.join(dir, 'collection.zip'));
    await writeCollectionZip(source, output, { extras, solana: parameters.solana });
    if (!output.writableFinished) await finished(output);
    written.push('collection.zip');
  }
  const ipfs = parameters.car ? await writeIpfsFolder(source, path.join(dir, 'ipfs')) : undefined;
  if (ipfs) written.push('ipfs/');
  return { written, ipfs };
}
