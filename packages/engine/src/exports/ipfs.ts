import { Writable } from 'node:stream';
import { type Block, CAREncoderStream, createDirectoryEncoderStream, type FileLike } from 'ipfs-car';
import { tokenPaths } from '../metadata/collection-metadata.ts';
import { type CollectionSource, readTokenImage, readTokenMetadata } from './collection-files.ts';

/** Where the collection lives on IPFS: the folder of images, and the folder of metadata pointing at it. */
export interface IpfsCids {
  /** CIDv1 of the folder `1.png … N.png`. */
  imagesCid: string;
  /** CIDv1 of the folder `1.json … N.json` whose `image` is `ipfs://<imagesCid>/N.png`. */
  metadataCid: string;
}

/** `metadata/N.json` for IPFS: the same metadata with `image` = `ipfs://<imagesCid>/N.png`. */
export async function ipfsTokenMetadata(
  source: CollectionSource,
  imagesCid: string,
  edition: number,
): Promise<Uint8Array> {
  const metadata = await readTokenMetadata(source.files, edition);
  return new TextEncoder().encode(
    `${JSON.stringify({ ...metadata, image: `ipfs://${imagesCid}/${edition}.png` }, null, 2)}\n`,
  );
}

/**
 * The folders packed exactly as `ipfs-car pack <folder>` packs them (UnixFS, raw leaves, 1 MiB
 * chunks, HAMT sharding past 1,000 entries), so the CIDs match what ipfs-car and IPFS pinning
 * services compute. Each file is read when the encoder reaches it.
 */
function imageFiles(source: CollectionSource): FileLike[] {
  return editions(source.size).map((edition) => ({
    name: `${edition}.png`,
    stream: () => lazyStream(() => readTokenImage(source.files, edition)),
  }));
}

function metadataFiles(source: CollectionSource, imagesCid: string): FileLike[] {
  return editions(source.size).map((edition) => ({
    name: tokenPaths(edition).metadata.slice('metadata/'.length),
    stream: () => lazyStream(() => ipfsTokenMetadata(source, imagesCid, edition)),
  }));
}

/** The CIDs of both folders, without writing anything. */
export async function computeIpfsCids(source: CollectionSource): Promise<IpfsCids> {
  const imagesCid = await rootOf(imageFiles(source));
  const metadataCid = await rootOf(metadataFiles(source, imagesCid));
  return { imagesCid, metadataCid };
}

/** Writes the CAR of the images folder to `output` and returns its root CID. */
export function writeImagesCar(source: CollectionSource, output: NodeJS.WritableStream): Promise<string> {
  return writeCar(() => imageFiles(source), output);
}

/** Writes the CAR of the IPFS metadata folder (pointing at `imagesCid`) and returns its root CID. */
export function writeMetadataCar(
  source: CollectionSource,
  imagesCid: string,
  output: NodeJS.WritableStream,
): Promise<string> {
  return writeCar(() => metadataFiles(source, imagesCid), output);
}

/**
 * A CAR header names its root, which is known only once every block is encoded; instead of seeking
 * back (impossible in a blob store or an HTTP response), the folder is encoded twice: once for the
 * root, once into the CAR.
 */
async function writeCar(files: () => FileLike[], output: NodeJS.WritableStream): Promise<string> {
  const root = await rootBlockCid(files());
  const car = new CAREncoderStream([root]);
  const sink = Writable.toWeb(output as Writable) as WritableStream<Uint8Array>;
  await createDirectoryEncoderStream(files()).pipeThrough(car).pipeTo(sink);
  const written = car.finalBlock?.cid.toString();
  if (written !== root.toString()) throw new Error(`CAR root ${written} differs from the computed ${root}`);
  return root.toString();
}

async function rootOf(files: FileLike[]): Promise<string> {
  return (await rootBlockCid(files)).toString();
}

/** The encoder emits the root block last. */
async function rootBlockCid(files: FileLike[]): Promise<Block['cid']> {
  let last: Block['cid'] | undefined;
  await createDirectoryEncoderStream(files).pipeTo(
    new WritableStream<Block>({
      write(block) {
        last = block.cid;
      },
    }),
  );
  if (!last) throw new Error('the folder encoded to no blocks');
  return last;
}

function lazyStream(read: () => Promise<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async pull(controller) {
      controller.enqueue(await read());
      controller.close();
    },
  });
}

function editions(size: number): number[] {
  return Array.from({ length: size }, (_, index) => index + 1);
}
