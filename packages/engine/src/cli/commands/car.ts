import path from 'node:path';
import { openCollectionFolder } from '../collection-folder.ts';
import type { CliCommand } from '../command.ts';
import { parseFlags } from '../parse-flags.ts';
import { writeIpfsFolder } from '../write-ipfs-folder.ts';

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
    const { imagesCid, metadataCid } = await writeIpfsFolder(source, out);
    io.stdout.write(
      `images:   ${imagesCid}\nmetadata: ${metadataCid}\nWrote ${path.join(out, 'images.car')}, ${path.join(out, 'metadata.car')} and ${path.join(out, 'metadata')}/\nToken URIs: ipfs://${metadataCid}/N.json\n`,
    );
  },
};
