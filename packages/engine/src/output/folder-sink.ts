import { randomBytes } from 'node:crypto';
import { createWriteStream, readFile as readFileCallback } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { InvalidOutputPathError } from '../errors/generate-errors.ts';
import type { OutputSink } from './output-sink.ts';

/** An output sink on a local folder: each file is written to a temporary name beside it, then renamed into place (images by the render workers themselves). */
export function createFolderSink(dir: string): OutputSink {
  const root = path.resolve(dir);
  // One mkdir per folder, shared by every file staged there while it runs: afterwards staging asks
  // nothing of libuv's pool, which a render thread's token must not wait on.
  const made = new Map<string, Promise<unknown>>();
  const locate = (relative: string): string => {
    const full = path.resolve(root, relative);
    if (full !== root && !full.startsWith(root + path.sep)) throw new InvalidOutputPathError(relative);
    return full;
  };
  /** A temporary name beside the file (same folder, so the rename is atomic), its folder made. */
  const stage = async (relative: string): Promise<string> => {
    const full = locate(relative);
    const folder = path.dirname(full);
    let making = made.get(folder);
    if (!making) {
      making = mkdir(folder, { recursive: true });
      made.set(folder, making);
      // A failed mkdir is tried again by the next file.
      making.catch(() => made.delete(folder));
    }
    await making;
    return `${full}.${randomBytes(6).toString('hex')}.partial`;
  };
  return {
    async has(relative) {
      try {
        return (await stat(locate(relative))).isFile();
      } catch (error) {
        if (error instanceof InvalidOutputPathError) throw error;
        return false;
      }
    },
    async read(relative) {
      // fs.readFile's callback form: for the thousands of small files an export reads it costs about half
      // the CPU of fs/promises' (no FileHandle, one round trip less through the event loop).
      const full = locate(relative);
      return new Promise((resolve, reject) =>
        readFileCallback(full, (error, data) => (error ? reject(error) : resolve(data))),
      );
    },
    async write(relative, data) {
      const temporary = await stage(relative);
      try {
        if (data instanceof Uint8Array) await writeFile(temporary, data);
        else await pipeline(Readable.from(data), createWriteStream(temporary));
        await rename(temporary, locate(relative));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    stage,
    async commit(relative, staged) {
      await rename(staged, locate(relative));
    },
    locate,
  };
}
