import * as UnixFS from '@ipld/unixfs';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { describe, expect, it } from 'vitest';
import { type FolderEntry, linksOf, shardedFolder } from './hamt.ts';

/** The blocks (CID, bytes) and root of the same folder written by @ipld/unixfs's sharded directory writer. */
async function libraryShards(entries: FolderEntry[]) {
  const blocks: [string, Uint8Array][] = [];
  const { readable, writable } = new TransformStream<UnixFS.Block, UnixFS.Block>({}, UnixFS.withCapacity());
  const view = UnixFS.createWriter({ writable });
  const collecting = readable.pipeTo(
    new WritableStream({ write: (block) => void blocks.push([block.cid.toString(), block.bytes]) }),
  );
  const folder = UnixFS.createShardedDirectoryWriter(view);
  // In another order than ours: the shape must not depend on it.
  for (const { name, cid, dagByteLength } of [...entries].reverse()) {
    folder.set(name, { cid, contentByteLength: dagByteLength, dagByteLength });
  }
  const root = await folder.close();
  await view.close();
  await collecting;
  return { blocks, root: root.cid.toString(), dagByteLength: root.dagByteLength };
}

describe('shardedFolder', () => {
  it('writes the blocks and root @ipld/unixfs (ipfs-car) writes, in its order, also for nested shards', async () => {
    // 4,000 names: about 16 per first-level slot, so second- and some third-level shards.
    const entries: FolderEntry[] = [];
    for (let edition = 1; edition <= 4000; edition++) {
      const bytes = new TextEncoder().encode(`token ${edition}`);
      entries.push({
        name: `${edition}.${edition % 2 ? 'png' : 'json'}`,
        cid: CID.createV1(raw.code, await sha256.digest(bytes)),
        dagByteLength: bytes.length + edition,
      });
    }
    const blocks: [string, Uint8Array][] = [];
    const root = await shardedFolder(
      linksOf(entries),
      (cid, bytes) => void blocks.push([cid.toString(), bytes]),
    );
    const reference = await libraryShards(entries);
    expect(blocks.length).toBeGreaterThan(257); // the root, 256 first-level shards and deeper ones
    expect(blocks.map(([cid]) => cid)).toEqual(reference.blocks.map(([cid]) => cid));
    blocks.forEach(([, bytes], index) => {
      expect(Buffer.compare(bytes, reference.blocks[index]![1]), `block ${index}`).toBe(0);
    });
    expect(root?.cid.toString()).toBe(reference.root);
    expect(root?.dagByteLength).toBe(reference.dagByteLength);
  });

  it('refuses two entries of the same name', async () => {
    const cid = CID.createV1(raw.code, await sha256.digest(new Uint8Array(1)));
    const twice = [1, 2, 1].map((edition) => ({ name: `${edition}.png`, cid, dagByteLength: 1 }));
    await expect(shardedFolder(linksOf(twice), () => undefined)).rejects.toThrow('two entries named 1.png');
  });
});
