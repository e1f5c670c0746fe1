import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeBlobStoreContract } from '../../test/support/blob-store-contract.ts';
import { type BlobStore, InvalidBlobKeyError } from './blob-store.ts';
import { createLocalBlobStore } from './local-blob-store.ts';

describeBlobStoreContract('the local blob store', async () => {
  const root = mkdtempSync(join(tmpdir(), 'layerloom-blobs-'));
  return {
    store: createLocalBlobStore(root),
    cleanup: async () => rmSync(root, { recursive: true, force: true }),
  };
});

describe('the local blob store on its own', () => {
  let root: string;
  let store: BlobStore;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'layerloom-blobs-'));
    store = createLocalBlobStore(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** Every file under the store's temp folder, relative to it. */
  const tempFiles = () =>
    readdirSync(join(root, '.tmp'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(join(root, '.tmp'), join(entry.parentPath, entry.name)));

  it('makes a staged file a blob only when it is committed', async () => {
    const staged = await store.stage!('users/u1/renders/1.png');
    writeFileSync(staged, 'image bytes');
    expect(await store.stat('users/u1/renders/1.png')).toBeUndefined();
    await store.commit!('users/u1/renders/1.png', staged);
    expect((await store.getBuffer('users/u1/renders/1.png')).toString()).toBe('image bytes');
    expect(existsSync(staged)).toBe(false);
    await expect(store.stage!('../escape.png')).rejects.toThrow(InvalidBlobKeyError);
  });

  it('leaves no temporary file when a write fails midway', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(store.put('x/broken.png', failing)).rejects.toThrow('connection reset');
    expect(tempFiles()).toEqual([]);
  });

  it('sweeps the temp files of processes that stopped, and keeps those of running ones', async () => {
    const temp = join(root, '.tmp');
    const host = hostname();
    const dead = spawnSync(process.execPath, [
      '-e',
      'process.stdout.write(String(process.pid))',
    ]).stdout.toString();
    const left = [
      `${host}-${dead}/a1.part`, // crashed process on this machine
      'b2.part', // the layout before per-process folders
      'other-host-7/c3.part', // another machine, recently: it may still be writing
    ];
    const kept = [`${host}-${process.ppid}/d4.part`, 'other-host-7/c3.part'];
    for (const file of [...left, ...kept]) {
      mkdirSync(dirname(join(temp, file)), { recursive: true });
      writeFileSync(join(temp, file), 'half');
    }
    await store.put('x/done.txt', Buffer.from('done'));
    expect(await store.sweep!()).toBe(2);
    expect(tempFiles().sort()).toEqual(kept.sort());
    expect((await store.getBuffer('x/done.txt')).toString()).toBe('done');

    // A foreign machine's folder untouched for a day is its leftover too.
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
    utimesSync(join(temp, 'other-host-7'), old, old);
    expect(await store.sweep!()).toBe(1);
    expect(tempFiles()).toEqual([`${host}-${process.ppid}/d4.part`]);
  });
});
