import { createHash } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { CarReader } from '@ipld/car';
import * as dagPb from '@ipld/dag-pb';
import { writeImagesCar } from '@layerloom/engine';
import { exporter } from 'ipfs-unixfs-exporter';
import { CID } from 'multiformats/cid';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifiedCar } from '../../../test/support/kubo-stand-in.ts';
import { type CarIndex, indexCar, pathCar, rawBlock } from './ipfs-car-index.ts';

/** Distinct bytes per edition; edition 7 is larger than one 1 MiB chunk, so it becomes a file of several blocks. */
function image(edition: number): Uint8Array {
  const size = edition === 7 ? 2_500_000 : 40 + (edition % 13);
  const bytes = new Uint8Array(size);
  for (let index = 0; index < size; index++) bytes[index] = (edition * 31 + index * 7) % 251;
  return bytes;
}

async function carOf(size: number): Promise<{ car: Buffer; root: string }> {
  const source = {
    size,
    files: {
      read: async (path: string) =>
        path.startsWith('metadata/')
          ? new TextEncoder().encode('{"name":"Still","image":"x","attributes":[]}')
          : image(Number(/images\/(\d+)\.png$/.exec(path)?.[1])),
    },
  };
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const root = await writeImagesCar(source, output);
  output.end();
  return { car: Buffer.concat(chunks), root };
}

/** Resolves `root/name` from the blocks of a CAR only, as an IPFS client would, and reads the file. */
async function resolveFromCar(car: Uint8Array, root: string, name: string): Promise<Buffer> {
  const reader = await CarReader.fromBytes(car);
  const blockstore = {
    async get(cid: CID) {
      const block = await reader.get(cid);
      if (!block) throw new Error(`block ${cid} is not in the CAR`);
      return block.bytes;
    },
  };
  const entry = await exporter(`${root}/${name}`, blockstore as never);
  const parts: Uint8Array[] = [];
  for await (const part of entry.content()) parts.push(part as Uint8Array);
  return Buffer.concat(parts);
}

// 1,100 files: past 1,000 entries the folder is a HAMT-sharded directory, as ipfs-car and Kubo make it.
describe('the gateway index of a folder CAR (1,100 files, HAMT-sharded)', () => {
  let built: { car: Buffer; root: string };
  let index: CarIndex;

  beforeAll(async () => {
    built = await carOf(1100);
    index = await indexCar(Readable.from([built.car]));
  }, 60_000);

  it('names every file with its CID and keeps only folder and file-node blocks', () => {
    expect(index.root).toBe(built.root);
    expect(Object.keys(index.files)).toHaveLength(1100);
    expect(index.files['1.png']?.via[0]).toBe(built.root);
    // A sharded folder: the way to a file goes through the root shard and at least one sub-shard.
    expect(Math.max(...Object.values(index.files).map((file) => file.via.length))).toBeGreaterThan(1);
    const small = CID.parse(index.files['3.png']?.cid ?? '');
    expect(small.code).toBe(0x55);
    expect(Buffer.from(small.multihash.digest)).toEqual(createHash('sha256').update(image(3)).digest());
    expect(JSON.stringify(index).length).toBeLessThan(400_000);
  });

  it.each(['1.png', '999.png', '1100.png', '7.png'])(
    'a path CAR for %s is verifiable from the root and resolves to the file’s bytes',
    async (name) => {
      const edition = Number(name.split('.')[0]);
      const car = await pathCar(index, name, Buffer.from(image(edition)));
      const checked = await verifiedCar(car);
      expect(checked.roots).toEqual([built.root]);
      expect((await resolveFromCar(car, built.root, name)).equals(Buffer.from(image(edition)))).toBe(true);
      // Only the way to the file and the file itself, not the whole folder.
      expect(checked.blocks).toBeLessThan(8);
    },
  );

  it('a path CAR for a file of several chunks holds its node and every chunk, in order', async () => {
    const car = await pathCar(index, '7.png', Buffer.from(image(7)));
    expect((await verifiedCar(car)).roots).toEqual([built.root]);
    const reader = await CarReader.fromBytes(car);
    const fileNode = await reader.get(CID.parse(index.files['7.png']?.cid ?? ''));
    expect(fileNode).toBeDefined();
    const links = dagPb.decode(fileNode?.bytes ?? new Uint8Array()).Links;
    expect(links.length).toBe(3);
    const chunks = await Promise.all(links.map(async (link) => (await reader.get(link.Hash))?.bytes));
    // (Compared with equals: a deep toEqual over 2.5 MB takes minutes.)
    expect(
      Buffer.concat(chunks.map((chunk) => chunk ?? new Uint8Array())).equals(Buffer.from(image(7))),
    ).toBe(true);
  });

  it('answers single blocks: a small file is its own raw block, the root is the folder node', async () => {
    expect(Buffer.from(rawBlock(index, '5.png', image(5)) ?? [])).toEqual(Buffer.from(image(5)));
    const root = rawBlock(index, undefined);
    expect(
      createHash('sha256')
        .update(root ?? new Uint8Array())
        .digest(),
    ).toEqual(Buffer.from(CID.parse(built.root).multihash.digest));
    expect(rawBlock(index, 'missing.png', image(1))).toBeUndefined();
    expect(() => rawBlock(index, '5.png', image(6))).toThrow(/do not match/);
  });
});
