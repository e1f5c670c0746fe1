import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { ipfsTokenMetadata, writeImagesCar, writeMetadataCar } from '../../exports/ipfs.ts';
import { openCollectionFolder } from '../collection-folder.ts';
import type { CliCommand } from '../command.ts';
import { parseFlags } from '../parse-flags.ts';

const usage = `Usage: layerloom car <outDir> [--out DIR]

Packs the collection for IPFS: images.car (the images folder), metadata.car (metadata whose
image is ipfs://<images CID>/N.png) and that metadata as a folder, and prints both CIDs.
The CIDs are the ones "ipfs-car pack" and pinning services compute for the same folders.

Options:
  --out DIR    where to write (default <outDir>/ipfs)`;

/** `layerloom car`: IPFS CIDs and CAR files. */
export const command: CliCommand = {
  name: 'car',
  summary: 'Pack images and metadata as IPFS CAR files and print their CIDs',
  usage,
  async run(argv, io) {
    const { values, positionals } = parseFlags(argv, { out: { type: 'string' } });
    const { dir, source } = await openCollectionFolder(positionals);
    const out = path.resolve(values.out ?? path.join(dir, 'ipfs'));
    await mkdir(path.join(out, 'metadata'), { recursive: true });
    const imagesCid = await writeCarFile(path.join(out, 'images.car'), (stream) =>
      writeImagesCar(source, stream),
    );
    for (let edition = 1; edition <= source.size; edition++) {
      await writeFile(
        path.join(out, 'metadata', `${edition}.json`),
        await ipfsTokenMetadata(source, imagesCid, edition),
      );
    }
    const metadataCid = await writeCarFile(path.join(out, 'metadata.car'), (stream) =>
      writeMetadataCar(source, imagesCid, stream),
    );
    io.stdout.write(
      `images:   ${imagesCid}\nmetadata: ${metadataCid}\nWrote ${path.join(out, 'images.car')}, ${path.join(out, 'metadata.car')} and ${path.join(out, 'metadata')}/\nToken URIs: ipfs://${metadataCid}/N.json\n`,
    );
  },
};

async function writeCarFile(file: string, write: (stream: NodeJS.WritableStream) => Promise<string>) {
  const stream = createWriteStream(file);
  const cid = await write(stream);
  if (!stream.writableFinished) await finished(stream);
  return cid;
}
