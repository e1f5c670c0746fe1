import type { Writable } from 'node:stream';
import * as UnixFS from '@ipld/unixfs';
import { withMaxChunkSize } from '@ipld/unixfs/file/chunker/fixed';
import { withWidth } from '@ipld/unixfs/file/layout/balanced';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { tokenPaths } from '../metadata/collection-metadata.ts';
import { readAhead } from '../output/read-ahead.ts';
import {
  CollectionFilesError,
  type CollectionSource,
  readCollectionFile,
  readTokenImage,
  readTokenMetadata,
  tokenAnimationPath,
} from './collection-files.ts';
import { type FolderEntry, shardedFolder } from './hamt.ts';

type Block = UnixFS.Block;

/** Largest file stored as one raw block (ipfs-car's chunk size). */
const CHUNK_BYTES = 1024 * 1024;

/** Where the collection lives on IPFS: the folder of images, and the folder of metadata pointing at it. */
export interface IpfsCids {
  /** CIDv1 of the folder `1.png … N.png` (an animated collection's `N.webp|gif|mp4` beside each). */
  imagesCid: string;
  /**
   * CIDv1 of the folder `1.json … N.json` whose `image` is `ipfs://<imagesCid>/N.png` (and `animation_url`
   * `ipfs://<imagesCid>/N.webp|gif|mp4`).
   */
  metadataCid: string;
}

/**
 * `metadata/N.json` for IPFS: the same metadata with `image` = `ipfs://<imagesCid>/N.png`; an animated token's
 * `animation_url` = `ipfs://<imagesCid>/N.webp|gif|mp4`, and the poster's and animation's entries of
 * `properties.files` (Metaplex), if it has them, pointed there too. A still token's keys stay in place.
 */
export async function ipfsTokenMetadata(
  source: CollectionSource,
  imagesCid: string,
  edition: number,
): Promise<Uint8Array> {
  const metadata = await readTokenMetadata(source.files, edition);
  const image = `ipfs://${imagesCid}/${edition}.png`;
  const animation = tokenAnimationPath(metadata, edition)?.slice('images/'.length);
  if (!animation) return new TextEncoder().encode(`${JSON.stringify({ ...metadata, image }, null, 2)}\n`);
  const moved = new Map([
    [`${edition}.png`, image],
    [animation, `ipfs://${imagesCid}/${animation}`],
  ]);
  const properties = (metadata as { properties?: unknown }).properties;
  const files =
    properties && typeof properties === 'object' && Array.isArray((properties as { files?: unknown }).files)
      ? ((properties as { files: unknown[] }).files.map((file) => {
          const uri = (file as { uri?: unknown } | null)?.uri;
          const to = typeof uri === 'string' ? moved.get(uri.slice(uri.lastIndexOf('/') + 1)) : undefined;
          return to ? { ...(file as object), uri: to } : file;
        }) as unknown[])
      : undefined;
  const rewritten = {
    ...metadata,
    image,
    animation_url: moved.get(animation),
    ...(files ? { properties: { ...(properties as object), files } } : {}),
  };
  return new TextEncoder().encode(`${JSON.stringify(rewritten, null, 2)}\n`);
}

/** One file of a folder: its name and how to read its bytes. */
interface FolderFile {
  name: string;
  read(): Promise<Uint8Array>;
}

/** A token's `animation_url`, read without checking the rest of its metadata (the metadata folder does). */
async function animationLink(
  source: CollectionSource,
  edition: number,
): Promise<{ animation_url?: unknown }> {
  const where = tokenPaths(edition).metadata;
  const text = new TextDecoder().decode(await readCollectionFile(source.files, where));
  try {
    return (JSON.parse(text) as { animation_url?: unknown } | null) ?? {};
  } catch (error) {
    throw new CollectionFilesError(`${where} is not valid JSON`, where, error);
  }
}

/**
 * `N.png`, and an animated token's `N.webp|gif|mp4` after it (as its metadata's `animation_url` names), in
 * edition order; the metadata is read READ_AHEAD files at a time.
 */
async function imageFiles(source: CollectionSource): Promise<FolderFile[]> {
  const animations: (string | undefined)[] = [];
  const all = editions(source.size);
  const links = readAhead(all.length, READ_AHEAD, async (index) =>
    tokenAnimationPath(await animationLink(source, all[index]!), all[index]!),
  );
  for await (const animation of links) animations.push(animation);
  return all.flatMap((edition, index) => {
    const poster = { name: `${edition}.png`, read: () => readTokenImage(source.files, edition) };
    const animation = animations[index];
    if (!animation) return [poster];
    return [
      poster,
      { name: animation.slice('images/'.length), read: () => readCollectionFile(source.files, animation) },
    ];
  });
}

function metadataFiles(source: CollectionSource, imagesCid: string): FolderFile[] {
  return editions(source.size).map((edition) => ({
    name: tokenPaths(edition).metadata.slice('metadata/'.length),
    read: () => ipfsTokenMetadata(source, imagesCid, edition),
  }));
}

/** The CIDs of both folders, without writing anything. */
export async function computeIpfsCids(source: CollectionSource): Promise<IpfsCids> {
  const imagesCid = (await encodeFolder(await imageFiles(source))).toString();
  const metadataCid = (await encodeFolder(metadataFiles(source, imagesCid))).toString();
  return { imagesCid, metadataCid };
}

/**
 * Writes the CAR of the images folder to `output`, ends it, and returns its root CID. With `imagesCid` (from
 * `computeIpfsCids`) the folder is read once instead of twice; it is checked against the written root. Each
 * token's metadata is read first, for the animation its `animation_url` names.
 */
export async function writeImagesCar(
  source: CollectionSource,
  output: NodeJS.WritableStream,
  imagesCid?: string,
): Promise<string> {
  return writeCar(await imageFiles(source), output, imagesCid);
}

/**
 * Writes the CAR of the IPFS metadata folder (pointing at `imagesCid`) and returns its root CID; with
 * `metadataCid` known, the folder is read once.
 */
export function writeMetadataCar(
  source: CollectionSource,
  imagesCid: string,
  output: NodeJS.WritableStream,
  metadataCid?: string,
): Promise<string> {
  return writeCar(metadataFiles(source, imagesCid), output, metadataCid);
}

/** ipfs-car's settings (`ipfs-car pack`): raw leaves, 1 MiB chunks, balanced DAG of width 1,024. */
const SETTINGS = UnixFS.configure({
  fileChunkEncoder: raw,
  smallFileEncoder: raw,
  chunker: withMaxChunkSize(CHUNK_BYTES),
  fileLayout: withWidth(1024),
});
/** ipfs-car shards a folder of more than this many entries (HAMT). */
const SHARD_THRESHOLD = 1000;
/** Files read ahead of the one being encoded: reads overlap (a blob store may be remote), memory stays bounded. */
const READ_AHEAD = 16;

/** Size of the buffers a CAR's blocks are gathered into before they are written. */
const BATCH_BYTES = 256 * 1024;

/** Receives each block: its CID (as bytes) and its bytes. */
type BlockSink = (cid: { bytes: Uint8Array }, bytes: Uint8Array) => Promise<void> | void;

/**
 * Encodes a folder as `ipfs-car pack` does and returns its root CID, handing every block to `onBlock`
 * in ipfs-car's order (each file's blocks, then the folder's, the root last). A file of one chunk —
 * every token image under 1 MiB, every metadata file — is its own raw block: hashed with one SHA-256
 * over the bytes as read and handed on as they are, without ipfs-car's per-file streams and copies.
 * Larger files go through @ipld/unixfs's file writer, as in ipfs-car.
 */
async function encodeFolder(files: FolderFile[], onBlock: BlockSink = () => undefined): Promise<CID> {
  // Each file's link as the folder records it (`contentByteLength` only matters to @ipld/unixfs's writer).
  const entries: (FolderEntry & { contentByteLength: number })[] = [];
  let index = 0;
  for await (const bytes of readAhead(files.length, READ_AHEAD, (next) => files[next]!.read())) {
    const name = files[index++]!.name;
    if (bytes.length > 0 && bytes.length <= CHUNK_BYTES) {
      const cid = CID.createV1(raw.code, await sha256.digest(bytes));
      await onBlock(cid, bytes);
      entries.push({ name, cid, contentByteLength: bytes.length, dagByteLength: bytes.length });
    } else {
      const link = await encodeLargeFile(bytes, onBlock);
      entries.push({
        name,
        cid: CID.decode(link.cid.bytes),
        contentByteLength: link.contentByteLength,
        dagByteLength: link.dagByteLength,
      });
    }
  }
  if (entries.length > SHARD_THRESHOLD) {
    const root = await shardedFolder(entries, onBlock);
    if (root) return root.cid;
  }
  // A plain folder (or, past 2^64 hash prefixes in common, a sharded one) by @ipld/unixfs's writer; its
  // blocks arrive through the writer's stream.
  const { readable, writable } = new TransformStream<Block, Block>({}, UnixFS.withCapacity());
  const view = UnixFS.createWriter({ writable, settings: SETTINGS });
  const forwarding = readable.pipeTo(
    new WritableStream({ write: (block) => onBlock(block.cid, block.bytes) }),
  );
  forwarding.catch(() => undefined);
  const folder =
    entries.length <= SHARD_THRESHOLD
      ? UnixFS.createDirectoryWriter(view)
      : UnixFS.createShardedDirectoryWriter(view);
  for (const { name, ...link } of entries) folder.set(name, link);
  const root = await folder.close();
  await view.close();
  await forwarding;
  return CID.decode(root.cid.bytes);
}

/**
 * A file of several chunks, through @ipld/unixfs's file writer as in ipfs-car, on a stream of its own
 * whose blocks are all handed on before this returns: on the folder's stream they could be handed on
 * after the next files' blocks (out of ipfs-car's order), or between a block's head and bytes.
 */
async function encodeLargeFile(
  bytes: Uint8Array,
  onBlock: BlockSink,
): ReturnType<UnixFS.FileWriterView['close']> {
  const { readable, writable } = new TransformStream<Block, Block>({}, UnixFS.withCapacity());
  const view = UnixFS.createWriter({ writable, settings: SETTINGS });
  const forwarding = readable.pipeTo(
    new WritableStream({ write: (block) => onBlock(block.cid, block.bytes) }),
  );
  forwarding.catch(() => undefined);
  const file = UnixFS.createFileWriter(view);
  await file.write(bytes);
  const link = await file.close();
  await view.close();
  await forwarding;
  return link;
}

/**
 * A CAR header names its root, which is known only once every block is encoded; instead of seeking
 * back (impossible in a blob store or an HTTP response), the root is computed first unless the caller
 * knows it. Blocks are written as they are encoded: a few bytes of length and CID, then the block's
 * own bytes, never copied into one buffer.
 */
async function writeCar(
  files: FolderFile[],
  output: NodeJS.WritableStream,
  knownRoot?: string,
): Promise<string> {
  const root = knownRoot ? CID.parse(knownRoot) : await encodeFolder(files);
  const stream = output as Writable;
  let failure: Error | undefined;
  const onError = (error: Error) => {
    failure ??= error;
  };
  stream.on('error', onError);
  const write = async (bytes: Uint8Array) => {
    if (failure) throw failure;
    if (!stream.write(bytes)) {
      await new Promise<void>((resolve, reject) => {
        const done = (error?: Error) => {
          stream.off('drain', done);
          stream.off('close', done);
          stream.off('error', done);
          if (error || failure) reject(error ?? failure);
          else resolve();
        };
        stream.on('drain', done);
        stream.on('close', done);
        stream.on('error', done);
      });
    }
  };
  // Blocks are gathered into buffers of about BATCH_BYTES before they are written: a token's block is a few
  // KiB, and one stream write per block (two with its head) cost more than hashing it.
  let batch = new Uint8Array(BATCH_BYTES);
  let filled = 0;
  const flush = async () => {
    if (filled === 0) return;
    const full = batch.subarray(0, filled);
    batch = new Uint8Array(BATCH_BYTES);
    filled = 0;
    await write(full);
  };
  const add = async (bytes: Uint8Array) => {
    if (filled + bytes.length > BATCH_BYTES) await flush();
    if (bytes.length > BATCH_BYTES) await write(bytes);
    else {
      batch.set(bytes, filled);
      filled += bytes.length;
    }
  };
  try {
    await add(carHeader(root));
    const written = await encodeFolder(files, async (cid, bytes) => {
      await add(concat(varint(cid.bytes.length + bytes.length), cid.bytes));
      await add(bytes);
    });
    await flush();
    if (!written.equals(root)) throw new Error(`CAR root ${written} differs from the computed ${root}`);
    await new Promise<void>((resolve, reject) =>
      stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    return root.toString();
  } finally {
    stream.off('error', onError);
  }
}

/** The CARv1 header `{ roots: [root], version: 1 }` in DAG-CBOR (keys in canonical order), with its length. */
function carHeader(root: CID): Uint8Array {
  const link = concat(Uint8Array.of(0x00), root.bytes); // tag 42: a CID as bytes after a zero byte
  const body = concat(
    Uint8Array.of(0xa2, 0x65, ...new TextEncoder().encode('roots'), 0x81, 0xd8, 0x2a),
    cborByteStringHead(link.length),
    link,
    Uint8Array.of(0x67, ...new TextEncoder().encode('version'), 0x01),
  );
  return concat(varint(body.length), body);
}

function cborByteStringHead(length: number): Uint8Array {
  if (length < 24) return Uint8Array.of(0x40 | length);
  if (length < 256) return Uint8Array.of(0x58, length);
  return Uint8Array.of(0x59, length >> 8, length & 0xff);
}

/** Unsigned LEB128, as CAR lengths are written. */
function varint(value: number): Uint8Array {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
  return Uint8Array.from(bytes);
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function editions(size: number): number[] {
  return Array.from({ length: size }, (_, index) => index + 1);
}
