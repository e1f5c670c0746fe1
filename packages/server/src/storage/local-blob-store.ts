import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, type BlobInfo, BlobNotFoundError, type BlobStore } from './blob-store.ts';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'ENOENT';
}

/** Whether a process with this id runs on this machine. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Another machine's temporary files are left alone for this long, as it may still be writing them. */
const FOREIGN_TEMP_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * A blob store in a local folder (`DATA_DIR/blobs`): each blob a file, written to a temp name then renamed.
 * Each process writes its temp files in a folder of its own (`.tmp/<host>-<pid>`), so one that starts
 * can tell the files of a crashed process from those of a live one sharing the folder, and sweep them.
 */
export function createLocalBlobStore(root: string): BlobStore {
  const pathOf = (key: string) => join(root, assertBlobKey(key));
  const tempRoot = join(root, '.tmp');
  const host = hostname();
  const tempDir = join(tempRoot, `${host}-${process.pid}`);

  /** Whether a `.tmp` entry belongs to no running process (or is a loose file of the old layout). */
  async function isLeftOver(name: string): Promise<boolean> {
    const owner = /^(.*)-(\d+)$/.exec(name);
    if (owner && owner[1] === host) return Number(owner[2]) !== process.pid && !isRunning(Number(owner[2]));
    if (owner) {
      const info = await stat(join(tempRoot, name)).catch(() => undefined);
      return info !== undefined && Date.now() - info.mtimeMs > FOREIGN_TEMP_MAX_AGE_MS;
    }
    return name.endsWith('.part');
  }

  async function* walk(dir: string, prefix: string): AsyncGenerator<string> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const key = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) yield* walk(join(dir, entry.name), key);
      else if (entry.isFile()) yield key;
    }
  }

  return {
    kind: 'local',
    location: root,
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      await mkdir(tempDir, { recursive: true });
      const temp = join(tempDir, `${randomBytes(8).toString('hex')}.part`);
      const out = createWriteStream(temp);
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, out);
        const { size } = await stat(temp);
        await rename(temp, target);
        return { size };
      } catch (error) {
        // A source that fails before the file is open leaves the stream opening it: removing the file
        // before the stream has closed would let the open create it again, an orphan `.part`.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await rm(temp, { force: true });
        throw error;
      }
    },
    // Staging and locating are on a generation's per-token path: their folders are made synchronously
    // (mkdir of a folder that exists is one system call) instead of waiting on libuv's pool, which the
    // render threads must not share (see BlobStore.locate).
    async stage(key) {
      assertBlobKey(key);
      mkdirSync(tempDir, { recursive: true });
      return join(tempDir, `${randomBytes(8).toString('hex')}.part`);
    },
    async commit(key, staged) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      await rename(staged, target);
    },
    locate(key) {
      const target = pathOf(key);
      mkdirSync(dirname(target), { recursive: true });
      return target;
    },
    async get(key, range) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch (error) {
        if (isMissing(error)) throw new BlobNotFoundError(key);
        throw error;
      }
      return createReadStream(path, range ? { start: range.start, end: range.end } : {});
    },
    async getBuffer(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) throw new BlobNotFoundError(key);
        throw error;
      }
    },
    async stat(key): Promise<BlobInfo | undefined> {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : undefined;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      await unlink(pathOf(key)).catch((error) => {
        if (!isMissing(error)) throw error;
      });
    },
    async deletePrefix(prefix) {
      // A job stopping at that moment may still add a file as the folder is emptied (ENOTEMPTY): the
      // removal is tried again, a little later each time, instead of failing the request.
      await rm(pathOf(prefix), { recursive: true, force: true, maxRetries: 8, retryDelay: 50 });
    },
    list(prefix) {
      return walk(pathOf(prefix), prefix);
    },
    async sweep() {
      let names: string[];
      try {
        names = await readdir(tempRoot);
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      let swept = 0;
      for (const name of names) {
        if (!(await isLeftOver(name))) continue;
        await rm(join(tempRoot, name), { recursive: true, force: true });
        swept++;
      }
      return swept;
    },
  };
}
