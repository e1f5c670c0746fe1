import { createHash } from 'node:crypto';
import type { Writable } from 'node:stream';
import * as UnixFS from '@ipld/unixfs';
import { withMaxChunkSize } from '@ipld/unixfs/file/chunker/fixed';
import { withWidth } from '@ipld/unixfs/file/layout/balanced';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import * as Digest from 'multiformats/hashes/digest';
import { sha256 } from 'multiformats/hashes/sha2';
import { tokenPaths } from '../metadata/collection-metadata.ts';
import { readAhead } from '../output/read-ahead.ts';
import {
  CollectionFilesError,
  type CollectionSource,
  readCollectionFile,
  readTokenImage,
  readTokenMetadataAsWritten,
  tokenAnimationPath,
} from './collection-files.ts';
import { type FolderLinks, shardedFolder } from './hamt.ts';

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
 * `properties.files` (Metaplex), if it has them, pointed there too. Every key stays where the exported file has
 * it, written as the export writes JSON, so the folder can be rebuilt from
 * the ZIP byte for byte.
 */
export async function ipfsTokenMetadata(
  source: CollectionSource,
  imagesCid: string,
  edition: number,
): Promise<Uint8Array> {
  const metadata = await readTokenMetadataAsWritten(source.files, edition);
  const image = `ipfs://${imagesCid}/${edition}.png`;
  const animation = tokenAnimationPath(metadata, edition)?.slice('images/'.length);
  const moved = new Map([[`${edition}.png`, image]]);
  if (animation) moved.set(animation, `ipfs://${imagesCid}/${animation}`);
  const properties = (metadata as { properties?: unknown }).properties;
  // Metaplex metadata lists its files (`N.png`, the animation) again: a still token's poster moves too.
  const files =
    properties && typeof properties === 'object' && Array.isArray((properties as { files?: unknown }).files)
      ? ((properties as { files: unknown[] }).files.map((file) => {
          const uri = (file as { uri?: unknown } | null)?.uri;
          const to = typeof uri === 'string' ? moved.get(uri.slice(uri.lastIndexOf('/') + 1)) : undefined;
          return to ? { ...(file as object), uri: to } : file;
        }) as unknown[])
      : undefined;
  if (!animation && !files) {
    return new TextEncoder().encode(`${JSON.stringify({ ...metadata, image }, null, 2)}\n`);
  }
  const rewritten = {
    ...metadata,
    image,
    ...(animation ? { animation_url: moved.get(animation) } : {}),
    ...(files ? { properties: { ...(properties as object), files } } : {}),
  };
  return new TextEncoder().encode(`${JSON.stringify(rewritten, null, 2)}\n`);
}

/**
 * The files of a folder, in order: their names, and how to read each one's bytes. An index rather than an
 * object with a closure per file: at 100,000 tokens those add up.
 */
interface FolderFiles {
  readonly names: readonly string[];
  read(index: number): Promise<Uint8Array>;
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
async function imageFiles(source: CollectionSource): Promise<FolderFiles> {
  const names: string[] = [];
  // What each file is: a token's edition (its image) or the path of its animation.
  const what: (number | string)[] = [];
  const animations = readAhead(source.size, READ_AHEAD, async (index) =>
    tokenAnimationPath(await animationLink(source, index + 1), index + 1),
  );
  let edition = 0;
  for await (const animation of animations) {
    edition += 1;
    names.push(`${edition}.png`);
    what.push(edition);
    if (animation) {
      names.push(animation.slice('images/'.length));
      what.push(animation);
    }
  }
  return {
    names,
    read: (index) => {
      const file = what[index]!;
      return typeof file === 'number'
        ? readTokenImage(source.files, file)
        : readCollectionFile(source.files, file);
    },
  };
}

function metadataFiles(source: CollectionSource, imagesCid: string): FolderFiles {
  return {
    names: Array.from({ length: source.size }, (_, index) =>
      tokenPaths(index + 1).metadata.slice('metadata/'.length),
    ),
    read: (index) => ipfsTokenMetadata(source, imagesCid, index + 1),
  };
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

/**
 * The collection read with its Solana (Metaplex) metadata, `solana/N.json`, where the ERC-721 folder's
 * `metadata/N.json` is: the same rewriting points its `image`, `animation_url` and `properties.files` at IPFS.
 */
function solanaSource(source: CollectionSource): CollectionSource {
  return {
    size: source.size,
    files: { read: (where) => source.files.read(where.replace(/^metadata\//, 'solana/')) },
  };
}

/**
 * CIDv1 of the folder of Solana (Metaplex) metadata, `1.json … N.json`, whose `image` and `properties.files`
 * point at `ipfs://<imagesCid>/N.png` (and the token's animation there).
 */
export async function computeSolanaMetadataCid(source: CollectionSource, imagesCid: string): Promise<string> {
  return (await encodeFolder(metadataFiles(solanaSource(source), imagesCid))).toString();
}

/** Writes the CAR of the Solana metadata folder (see `computeSolanaMetadataCid`) and returns its root CID. */
export function writeSolanaMetadataCar(
  source: CollectionSource,
  imagesCid: string,
  output: NodeJS.WritableStream,
  solanaMetadataCid?: string,
): Promise<string> {
  return writeCar(metadataFiles(solanaSource(source), imagesCid), output, solanaMetadataCid);
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

/** Size of the buffers a CAR's small blocks are gathered into before they are written. */
const BATCH_BYTES = 256 * 1024;
/** Blocks from this size on are written on their own. */
const DIRECT_BYTES = 16 * 1024;

/** Receives each block: its CID's bytes and its bytes, both only for the call (copy to keep). */
type BlockSink = (cid: Uint8Array, bytes: Uint8Array) => Promise<void> | void;

/** Bytes of a SHA-256 digest: every link of these folders is one. */
const DIGEST_BYTES = 32;

/**
 * A folder's links, kept flat: each entry's codec, SHA-256 digest and sizes in shared arrays, its CID
 * made only when a folder block is written. As objects (a CID with its multihash and byte views) they were
 * about a kilobyte a token, most of what an export of 100,000 tokens held.
 */
class FlatLinks implements FolderLinks {
  count = 0;
  private readonly names: string[] = [];
  private readonly codecs: Uint8Array;
  private readonly digests: Uint8Array;
  private readonly dagSizes: Float64Array;
  private readonly contentSizes: Float64Array;

  constructor(capacity: number) {
    this.codecs = new Uint8Array(capacity);
    this.digests = new Uint8Array(capacity * DIGEST_BYTES);
    this.dagSizes = new Float64Array(capacity);
    this.contentSizes = new Float64Array(capacity);
  }

  add(name: string, codec: number, digest: Uint8Array, dagByteLength: number, contentByteLength: number) {
    const index = this.count++;
    this.names.push(name);
    this.codecs[index] = codec;
    this.digests.set(digest, index * DIGEST_BYTES);
    this.dagSizes[index] = dagByteLength;
    this.contentSizes[index] = contentByteLength;
  }

  name(index: number): string {
    return this.names[index]!;
  }

  cid(index: number): CID {
    const at = index * DIGEST_BYTES;
    return CID.createV1(
      this.codecs[index]!,
      Digest.create(sha256.code, this.digests.slice(at, at + DIGEST_BYTES)),
    );
  }

  dagByteLength(index: number): number {
    return this.dagSizes[index]!;
  }

  contentByteLength(index: number): number {
    return this.contentSizes[index]!;
  }
}

/** The bytes of the CIDv1 of a raw block with this SHA-256 digest. */
function rawCidBytes(digest: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(4 + DIGEST_BYTES);
  bytes.set([0x01, raw.code, sha256.code, DIGEST_BYTES]);
  bytes.set(digest, 4);
  return bytes;
}

/**
 * Encodes a folder as `ipfs-car pack` does and returns its root CID, handing every block to `onBlock`
 * (when given) in ipfs-car's order (each file's blocks, then the folder's, the root last). A file of one
 * chunk — every token image under 1 MiB, every metadata file — is its own raw block: hashed with one
 * SHA-256 over the bytes as read and handed on as they are, without ipfs-car's per-file streams and
 * copies. Larger files go through @ipld/unixfs's file writer, as in ipfs-car.
 */
async function encodeFolder(files: FolderFiles, onBlock?: BlockSink): Promise<CID> {
  const count = files.names.length;
  const links = new FlatLinks(count);
  let index = 0;
  for await (const bytes of readAhead(count, READ_AHEAD, (next) => files.read(next))) {
    const name = files.names[index++]!;
    if (bytes.length > 0 && bytes.length <= CHUNK_BYTES) {
      const digest = createHash('sha256').update(bytes).digest();
      if (onBlock) await onBlock(rawCidBytes(digest), bytes);
      links.add(name, raw.code, digest, bytes.length, bytes.length);
    } else {
      const link = await encodeLargeFile(bytes, onBlock);
      if (link.cid.multihash.code !== sha256.code) throw new Error(`${name}: not a SHA-256 CID`);
      links.add(name, link.cid.code, link.cid.multihash.digest, link.dagByteLength, link.contentByteLength);
    }
  }
  const forward = (cid: { bytes: Uint8Array }, bytes: Uint8Array) => onBlock?.(cid.bytes, bytes);
  if (count > SHARD_THRESHOLD) {
    const root = await shardedFolder(links, forward);
    if (root) return root.cid;
  }
  // A plain folder (or, past 2^64 hash prefixes in common, a sharded one) by @ipld/unixfs's writer; its
  // blocks arrive through the writer's stream.
  const { readable, writable } = new TransformStream<Block, Block>({}, UnixFS.withCapacity());
  const view = UnixFS.createWriter({ writable, settings: SETTINGS });
  const forwarding = readable.pipeTo(
    new WritableStream({ write: (block) => forward(block.cid, block.bytes) }),
  );
  forwarding.catch(() => undefined);
  const folder =
    count <= SHARD_THRESHOLD ? UnixFS.createDirectoryWriter(view) : UnixFS.createShardedDirectoryWriter(view);
  for (let entry = 0; entry < count; entry++) {
    folder.set(links.name(entry), {
      cid: links.cid(entry),
      contentByteLength: links.contentByteLength(entry),
      dagByteLength: links.dagByteLength(entry),
    });
  }
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
  onBlock: BlockSink | undefined,
): ReturnType<UnixFS.FileWriterView['close']> {
  const { readable, writable } = new TransformStream<Block, Block>({}, UnixFS.withCapacity());
  const view = UnixFS.createWriter({ writable, settings: SETTINGS });
  const forwarding = readable.pipeTo(
    new WritableStream({ write: (block) => onBlock?.(block.cid.bytes, block.bytes) }),
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
  files: FolderFiles,
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
  // Small blocks (metadata files, folder shards) and every block's head are gathered into buffers of about
  // BATCH_BYTES before they are written: one stream write each cost more than hashing them. A larger block
  // (a token's image) is written as it was read, not copied.
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
    if (bytes.length >= DIRECT_BYTES) {
      await flush();
      await write(bytes);
      return;
    }
    if (filled + bytes.length > BATCH_BYTES) await flush();
    batch.set(bytes, filled);
    filled += bytes.length;
  };
  try {
    await add(carHeader(root));
    const written = await encodeFolder(files, async (cid, bytes) => {
      await add(concat(varint(cid.length + bytes.length), cid));
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
