import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { CollectionSource } from '../exports/collection-files.ts';
import { ipfsTokenMetadata, writeImagesCar, writeMetadataCar } from '../exports/ipfs.ts';

/** The CIDs of a collection packed for IPFS. */
export interface IpfsFolder {
  imagesCid: string;
  metadataCid: string;
}

/** Writes `images.car`, `metadata.car` and the IPFS metadata (`image: ipfs://<images CID>/N.png`) as `metadata/` into `out`. */
export async function writeIpfsFolder(source: CollectionSource, out: string): Promise<IpfsFolder> {
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
  return { imagesCid, metadataCid };
}

async function writeCarFile(file: string, write: (stream: NodeJS.WritableStream) => Promise<string>) {
  const stream = createWriteStream(file);
  const cid = await write(stream);
  if (!stream.writableFinished) await finished(stream);
  return cid;
}
