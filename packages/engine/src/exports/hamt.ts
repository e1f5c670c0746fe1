import * as UnixFS from '@ipld/unixfs';
import { murmur364 } from '@multiformats/murmur3';
import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';

/** dag-pb, the codec of UnixFS folder blocks. */
const DAG_PB = 0x70;
/** Slots per shard (ipfs-car's and Kubo's HAMT fanout): one byte of the name's hash per level. */
const FANOUT = 256;
/** Levels one murmur3-x64-64 hash covers (8 bytes); deeper needs the next hash frame (see `shardedFolder`). */
const HASH_LEVELS = 8;

/** A folder entry: its name, and its link as the folder records it. */
export interface FolderEntry {
  name: string;
  cid: CID;
  dagByteLength: number;
}

/**
 * A folder's links, by index: a store may keep them flat (100,000 CID objects are a large part of an
 * export's memory) and make each CID only when its shard is written.
 */
export interface FolderLinks {
  readonly count: number;
  name(index: number): string;
  cid(index: number): CID;
  dagByteLength(index: number): number;
}

/** Links over an array of entries. */
export function linksOf(entries: readonly FolderEntry[]): FolderLinks {
  return {
    count: entries.length,
    name: (index) => entries[index]!.name,
    cid: (index) => entries[index]!.cid,
    dagByteLength: (index) => entries[index]!.dagByteLength,
  };
}

/** Bytes of a name's hash: murmur3-x64-64. */
const HASH_BYTES = 8;

/** A slot: empty, a shard, or the index of the one entry whose hash prefix leads there. */
interface Shard {
  slots: (number | Shard | undefined)[];
}

/** Receives each block: its CID and its bytes. */
export type ShardBlockSink = (cid: CID, bytes: Uint8Array) => Promise<void> | void;

/**
 * The blocks of a HAMT-sharded UnixFS folder, exactly as @ipld/unixfs's sharded directory writer (and so
 * ipfs-car) encodes them, handed to `onBlock` in its order (each shard after the shards below it, in slot
 * order; the root last), and the root's link; or undefined when two names share all 64 bits of their hash,
 * which the caller leaves to @ipld/unixfs.
 *
 * The library's persistent map hashes each name again at every level it visits, for every insertion and
 * lookup: a third of a 10,000-token export's CPU. Here each name is hashed once (the hashes kept in one
 * buffer, the tree's leaves as entry indexes) and the tree built in place; the shape does not depend on the
 * order of insertion (a slot holds an entry when it is the only one with that hash prefix, a shard
 * otherwise), so the blocks are the same.
 */
export async function shardedFolder(
  links: FolderLinks,
  onBlock: ShardBlockSink,
): Promise<{ cid: CID; dagByteLength: number } | undefined> {
  const root: Shard = { slots: new Array(FANOUT) };
  const encoder = new TextEncoder();
  const hashes = new Uint8Array(links.count * HASH_BYTES);
  for (let index = 0; index < links.count; index++) {
    const hash = murmur364.encode(encoder.encode(links.name(index)));
    if (!(hash instanceof Uint8Array)) throw new Error('murmur3 is expected to hash synchronously');
    hashes.set(hash, index * HASH_BYTES);
    if (!insert(root, index, 0, hashes, links)) return undefined;
  }
  return writeShard(root, links, onBlock);
}

/** Puts entry `leaf` in `shard` at `depth`; false when it would need a level past the first hash frame. */
function insert(shard: Shard, leaf: number, depth: number, hashes: Uint8Array, links: FolderLinks): boolean {
  if (depth >= HASH_LEVELS) return false;
  const slot = hashes[leaf * HASH_BYTES + depth]!;
  const there = shard.slots[slot];
  if (there === undefined) {
    shard.slots[slot] = leaf;
    return true;
  }
  if (typeof there !== 'number') return insert(there, leaf, depth + 1, hashes, links);
  if (links.name(there) === links.name(leaf)) {
    throw new Error(`the folder has two entries named ${links.name(leaf)}`);
  }
  const below: Shard = { slots: new Array(FANOUT) };
  shard.slots[slot] = below;
  return insert(below, there, depth + 1, hashes, links) && insert(below, leaf, depth + 1, hashes, links);
}

async function writeShard(
  shard: Shard,
  entries: FolderLinks,
  onBlock: ShardBlockSink,
): Promise<{ cid: CID; dagByteLength: number }> {
  const links: FolderEntry[] = [];
  // Which slots are used, as @perma/map writes it: slot i is bit i % 8 of byte 31 - i / 8, leading zero bytes left out.
  const bitfield = new Uint8Array(FANOUT / 8);
  for (let slot = 0; slot < FANOUT; slot++) {
    const there = shard.slots[slot];
    if (there === undefined) continue;
    bitfield[bitfield.length - 1 - (slot >> 3)]! |= 1 << (slot & 7);
    const prefix = slot.toString(16).toUpperCase().padStart(2, '0');
    if (typeof there !== 'number') {
      const below = await writeShard(there, entries, onBlock);
      links.push({ name: prefix, cid: below.cid, dagByteLength: below.dagByteLength });
    } else {
      links.push({
        name: `${prefix}${entries.name(there)}`,
        cid: entries.cid(there),
        dagByteLength: entries.dagByteLength(there),
      });
    }
  }
  let used = 0;
  while (used < bitfield.length && bitfield[used] === 0) used++;
  const bytes = UnixFS.encode({
    type: UnixFS.NodeType.HAMTShard,
    bitfield: bitfield.subarray(used),
    fanout: FANOUT,
    hashType: murmur364.code,
    entries: links,
  } as unknown as Parameters<typeof UnixFS.encode>[0]);
  const cid = CID.createV1(DAG_PB, await sha256.digest(bytes));
  await onBlock(cid, bytes);
  return { cid, dagByteLength: links.reduce((sum, link) => sum + link.dagByteLength, bytes.byteLength) };
}
