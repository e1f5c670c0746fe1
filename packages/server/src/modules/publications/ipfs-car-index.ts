import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { CarBlockIterator, CarWriter } from '@ipld/car';
import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { CID } from 'multiformats/cid';

/** The raw codec: a block that is a file's bytes (or a chunk of them). */
const RAW = 0x55;

/**
 * What the gateway needs to answer paths inside one of a collection's IPFS folders without reading its
 * CAR again: the folder's dag-pb blocks (the directory or its HAMT shards, and the nodes of files cut
 * into chunks), and for each file its CID and the blocks on the way to it. File bytes are the
 * collection's own files, so the CAR's raw blocks are not kept.
 */
export interface CarIndex {
  root: string;
  /** dag-pb blocks by CID, base64. */
  nodes: Record<string, string>;
  /** File name → its CID and the folder blocks from the root down to it (root first). */
  files: Record<string, { cid: string; via: string[] }>;
}

/** Reads a folder's CAR once (streamed) and indexes it; throws when its root is not a folder. */
export async function indexCar(car: Readable): Promise<CarIndex> {
  const blocks = await CarBlockIterator.fromIterable(car as AsyncIterable<Uint8Array>);
  const [root] = await blocks.getRoots();
  if (!root) throw new Error('the CAR names no root');
  const nodes: Record<string, string> = {};
  for await (const { cid, bytes } of blocks) {
    if (cid.code === dagPb.code) nodes[cid.toString()] = Buffer.from(bytes).toString('base64');
  }
  const files: CarIndex['files'] = {};
  const walk = (cid: CID, via: string[]) => {
    const bytes = nodes[cid.toString()];
    if (bytes === undefined) throw new Error(`folder block ${cid} is not in the CAR`);
    const node = dagPb.decode(Buffer.from(bytes, 'base64'));
    const type = node.Data ? UnixFS.unmarshal(node.Data).type : undefined;
    const isShard = type === 'hamt-sharded-directory';
    if (type !== 'directory' && !isShard) throw new Error(`block ${cid} is not a folder`);
    const path = [...via, cid.toString()];
    for (const link of node.Links) {
      const name = link.Name ?? '';
      // In a HAMT shard a link is a two-character bucket prefix, followed by the entry's name for a leaf.
      if (isShard && name.length === 2) walk(link.Hash, path);
      else files[isShard ? name.slice(2) : name] = { cid: link.Hash.toString(), via: path };
    }
  };
  walk(root, []);
  return { root: root.toString(), nodes, files };
}

/** The bytes of a block the index holds or that are a slice of the file; undefined when neither. */
function nodeBytes(index: CarIndex, cid: CID): Uint8Array | undefined {
  const base64 = index.nodes[cid.toString()];
  return base64 === undefined ? undefined : Buffer.from(base64, 'base64');
}

/** Checks that bytes hash to the raw CID that names them (the collection's file must not have changed). */
function checkRaw(cid: CID, bytes: Uint8Array): void {
  const digest = createHash('sha256').update(bytes).digest();
  if (!Buffer.from(cid.multihash.digest).equals(digest)) throw new Error(`file bytes do not match ${cid}`);
}

/** Every block of a file's DAG in order (the node, then its chunks), given the file's bytes. */
function fileBlocks(index: CarIndex, cid: CID, file: Uint8Array): { cid: CID; bytes: Uint8Array }[] {
  if (cid.code === RAW) {
    checkRaw(cid, file);
    return [{ cid, bytes: file }];
  }
  const bytes = nodeBytes(index, cid);
  if (!bytes) throw new Error(`file node ${cid} is not in the index`);
  const node = dagPb.decode(bytes);
  const sizes = node.Data ? UnixFS.unmarshal(node.Data).blockSizes : [];
  const blocks = [{ cid, bytes }];
  let offset = 0;
  node.Links.forEach((link, position) => {
    const size = Number(sizes[position] ?? 0n);
    blocks.push(...fileBlocks(index, link.Hash, file.subarray(offset, offset + size)));
    offset += size;
  });
  return blocks;
}

/** The single block of a path (`?format=raw`): the folder's root block, or the file's top block. */
export function rawBlock(
  index: CarIndex,
  name: string | undefined,
  file?: Uint8Array,
): Uint8Array | undefined {
  if (name === undefined) return nodeBytes(index, CID.parse(index.root));
  const entry = index.files[name];
  if (!entry) return undefined;
  const cid = CID.parse(entry.cid);
  if (cid.code === RAW) {
    if (!file) return undefined;
    checkRaw(cid, file);
    return file;
  }
  return nodeBytes(index, cid);
}

/**
 * A CAR for a path to one file (trustless gateway, `dag-scope=all`): rooted at the folder, holding the
 * folder blocks down to the file and the file's whole DAG, so a client can verify it against the root.
 */
export async function pathCar(index: CarIndex, name: string, file: Uint8Array): Promise<Buffer> {
  const entry = index.files[name];
  if (!entry) throw new Error(`no file ${name} in the index`);
  const { writer, out } = CarWriter.create([CID.parse(index.root)]);
  const chunks: Uint8Array[] = [];
  const collected = (async () => {
    for await (const chunk of out) chunks.push(chunk);
  })();
  for (const via of entry.via) {
    const cid = CID.parse(via);
    const bytes = nodeBytes(index, cid);
    if (!bytes) throw new Error(`folder block ${via} is not in the index`);
    await writer.put({ cid, bytes });
  }
  for (const block of fileBlocks(index, CID.parse(entry.cid), file)) await writer.put(block);
  await writer.close();
  await collected;
  return Buffer.concat(chunks);
}
