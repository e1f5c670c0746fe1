import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { CollectionSource } from '../exports/collection-files.ts';
import { writeCollectionZip } from '../exports/collection-zip.ts';
import { type GenerateReports, startGenerateReports } from './generate-reports.ts';
import { type IpfsFolder, writeIpfsFolder } from './write-ipfs-folder.ts';

/** Which outputs besides images and metadata `layerloom generate` writes. */
export interface GenerateExtrasParameters {
  dir: string;
  source: CollectionSource;
  /** rarity.json, collage.png and preview.gif. */
  reports: boolean;
  /** The reports, when they were started while the collection rendered (else they are built here). */
  started?: GenerateReports;
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
    const names = await (parameters.started ?? startGenerateReports(dir)).finish(source.size);
    written.push(...names);
    // Small files (a banner of 100 tiles, a 20-frame GIF): they go into the ZIP as they are.
    if (parameters.zip) {
      for (const name of names.filter((name) => name !== 'rarity.json'))
        extras.push({ name, data: await readFile(path.join(dir, name)) });
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
