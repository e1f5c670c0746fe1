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

interface Leaf extends FolderEntry {
  hash: Uint8Array;
}

interface Shard {
  slots: (Leaf | Shard | undefined)[];
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
 * lookup: a third of a 10,000-token export's CPU. Here each name is hashed once and the tree built in place;
 * the shape does not depend on the order of insertion (a slot holds an entry when it is the only one with
 * that hash prefix, a shard otherwise), so the blocks are the same.
 */
export async function shardedFolder(
  entries: readonly FolderEntry[],
  onBlock: ShardBlockSink,
): Promise<{ cid: CID; dagByteLength: number } | undefined> {
  const root: Shard = { slots: new Array(FANOUT) };
  const encoder = new TextEncoder();
  for (const entry of entries) {
    const hash = murmur364.encode(encoder.encode(entry.name));
    if (!(hash instanceof Uint8Array)) throw new Error('murmur3 is expected to hash synchronously');
    const leaf: Leaf = { name: entry.name, cid: entry.cid, dagByteLength: entry.dagByteLength, hash };
    if (!insert(root, leaf, 0)) return undefined;
  }
  return writeShard(root, onBlock);
}

/** Puts `leaf` in `shard` at `depth`; false when it would need a level past the first hash frame. */
function insert(shard: Shard, leaf: Leaf, depth: number): boolean {
  if (depth >= HASH_LEVELS) return false;
  const slot = leaf.hash[depth]!;
  const there = shard.slots[slot];
  if (there === undefined) {
    shard.slots[slot] = leaf;
    return true;
  }
  if ('slots' in there) return insert(there, leaf, depth + 1);
  if (there.name === leaf.name) throw new Error(`the folder has two entries named ${leaf.name}`);
  const below: Shard = { slots: new Array(FANOUT) };
  shard.slots[slot] = below;
  return insert(below, there, depth + 1) && insert(below, leaf, depth + 1);
}

async function writeShard(
  shard: Shard,
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
    if ('slots' in there) {
      const below = await writeShard(there, onBlock);
      links.push({ name: prefix, cid: below.cid, dagByteLength: below.dagByteLength });
    } else {
      links.push({ name: `${prefix}${there.name}`, cid: there.cid, dagByteLength: there.dagByteLength });
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
