import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobNotFoundError, type BlobStore, InvalidBlobKeyError } from '../../src/storage/blob-store.ts';

/** A store for one test and how to clean up after it. */
export interface ContractStore {
  store: BlobStore;
  cleanup(): Promise<void>;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysUnder(store: BlobStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.list(prefix)) keys.push(key);
  return keys;
}

/** `count` MiB of bytes that differ from one MiB to the next, produced lazily (never held whole). */
function mebibytes(count: number, seed = 0): Readable {
  return Readable.from(
    (function* () {
      for (let index = 0; index < count; index++) yield Buffer.alloc(1024 * 1024, (index + seed) % 251);
    })(),
  );
}

function sha256(...parts: Buffer[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
}

/** A stream that sends some bytes, then fails like a dropped upload. */
function failingAfter(bytes: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) {
        this.destroy(new Error('connection reset'));
        return;
      }
      const chunk = Buffer.alloc(Math.min(1024 * 1024, bytes - sent), 7);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

/**
 * What every blob store promises (storage/blob-store.ts), run against each implementation: the local
 * folder and the S3-compatible bucket must be interchangeable for every caller.
 */
export function describeBlobStoreContract(name: string, open: () => Promise<ContractStore>): void {
  describe(`${name}: the blob store contract`, () => {
    let opened: ContractStore;
    let store: BlobStore;

    beforeEach(async () => {
      opened = await open();
      store = opened.store;
    });
    afterEach(async () => {
      await opened.cleanup();
    });

    it('stores buffers and streams and reads them back, with their size and time', async () => {
      const before = Date.now() - 5_000;
      expect(await store.put('users/u1/a.txt', Buffer.from('hello'))).toEqual({ size: 5 });
      expect(
        await store.put('users/u1/b.txt', Readable.from([Buffer.from('wor'), Buffer.from('ld')])),
      ).toEqual({
        size: 5,
      });
      expect((await store.getBuffer('users/u1/a.txt')).toString()).toBe('hello');
      expect((await bytesOf(await store.get('users/u1/b.txt'))).toString()).toBe('world');
      const info = await store.stat('users/u1/b.txt');
      expect(info?.size).toBe(5);
      expect(info?.modifiedAt.getTime()).toBeGreaterThan(before);
    });

    it('streams a part of a blob: the bytes from start to end, both included', async () => {
      await store.put('exports/part.bin', Buffer.from('0123456789'));
      expect((await bytesOf(await store.get('exports/part.bin', { start: 3, end: 6 }))).toString()).toBe(
        '3456',
      );
      expect((await bytesOf(await store.get('exports/part.bin', { start: 9, end: 9 }))).toString()).toBe('9');
    });

    it('replaces a blob written again under the same key', async () => {
      await store.put('x/file.json', Buffer.from('{"v":1}'));
      await store.put('x/file.json', Buffer.from('{"v":22}'));
      expect((await store.getBuffer('x/file.json')).toString()).toBe('{"v":22}');
      expect((await store.stat('x/file.json'))?.size).toBe(8);
    });

    it('streams a blob larger than an upload part in and out unchanged', async () => {
      const expected = sha256(
        ...Array.from({ length: 12 }, (_, index) => Buffer.alloc(1024 * 1024, index % 251)),
      );
      expect(await store.put('exports/big.zip', mebibytes(12))).toEqual({ size: 12 * 1024 * 1024 });
      const hash = createHash('sha256');
      let chunks = 0;
      for await (const chunk of await store.get('exports/big.zip')) {
        hash.update(chunk as Buffer);
        chunks++;
      }
      expect(hash.digest('hex')).toBe(expected);
      expect(chunks).toBeGreaterThan(1);
      expect((await store.stat('exports/big.zip'))?.size).toBe(12 * 1024 * 1024);
    });

    it('lists every key under a prefix in order, however many pages, and deletes by prefix', async () => {
      const keys = ['c/10.png', 'c/2.png', 'c/a/x.json', 'c/b/y.json', 'c/b/z.json', 'c/c.txt', 'c/d.txt'];
      for (const key of [...keys, 'd/1.png', 'cc/1.png']) await store.put(key, Buffer.from(key));
      expect(await keysUnder(store, 'c')).toEqual(keys);
      expect(await keysUnder(store, 'c/b')).toEqual(['c/b/y.json', 'c/b/z.json']);
      expect(await keysUnder(store, 'nothing')).toEqual([]);
      await store.deletePrefix('c');
      expect(await keysUnder(store, 'c')).toEqual([]);
      expect(await store.stat('c/2.png')).toBeUndefined();
      expect(await store.stat('d/1.png')).toBeDefined();
      expect(await store.stat('cc/1.png')).toBeDefined();
      await expect(store.deletePrefix('c')).resolves.toBeUndefined();
    });

    it('reports absent blobs clearly', async () => {
      await expect(store.get('nope.png')).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store.getBuffer('nope.png')).rejects.toBeInstanceOf(BlobNotFoundError);
      expect(await store.stat('nope.png')).toBeUndefined();
      await expect(store.delete('nope.png')).resolves.toBeUndefined();
    });

    it('deletes one blob', async () => {
      await store.put('y/1.txt', Buffer.from('1'));
      await store.put('y/2.txt', Buffer.from('2'));
      await store.delete('y/1.txt');
      expect(await store.stat('y/1.txt')).toBeUndefined();
      expect(await keysUnder(store, 'y')).toEqual(['y/2.txt']);
    });

    it('refuses keys that could escape the store, in every operation', async () => {
      for (const key of ['../etc/passwd', '/abs', 'a/../../b', '', 'a//b', 'a/.hidden', 'a b']) {
        await expect(store.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.get(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.stat(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      }
      await expect(store.deletePrefix('..')).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(keysUnder(store, '../x')).rejects.toBeInstanceOf(InvalidBlobKeyError);
    });

    it('leaves no blob when a write fails midway, small or multipart', async () => {
      await expect(store.put('x/broken.png', failingAfter(100))).rejects.toThrow('connection reset');
      expect(await store.stat('x/broken.png')).toBeUndefined();
      await expect(store.put('x/broken.zip', failingAfter(11 * 1024 * 1024))).rejects.toThrow(
        'connection reset',
      );
      expect(await store.stat('x/broken.zip')).toBeUndefined();
      expect(await keysUnder(store, 'x')).toEqual([]);
    });

    it('lets a reader see the old blob, never a half-written one, while it is replaced', async () => {
      await store.put('exports/collage.png', Buffer.from('old collage'));
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const slow = Readable.from(
        (async function* () {
          yield Buffer.alloc(1024 * 1024, 1);
          await gate;
          yield Buffer.alloc(1024 * 1024, 2);
        })(),
      );
      const writing = store.put('exports/collage.png', slow);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await store.getBuffer('exports/collage.png')).toString()).toBe('old collage');
      release();
      expect(await writing).toEqual({ size: 2 * 1024 * 1024 });
      expect((await store.getBuffer('exports/collage.png')).length).toBe(2 * 1024 * 1024);
    });
  });
}
