import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { InvalidOutputPathError } from '../errors/generate-errors.ts';
import type { OutputSink } from './output-sink.ts';

/** An output sink on a local folder: each file is written to a temporary name beside it, then renamed into place. */
export function createFolderSink(dir: string): OutputSink {
  const root = path.resolve(dir);
  const made = new Set<string>();
  const locate = (relative: string): string => {
    const full = path.resolve(root, relative);
    if (full !== root && !full.startsWith(root + path.sep)) throw new InvalidOutputPathError(relative);
    return full;
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
      return readFile(locate(relative));
    },
    async write(relative, data) {
      const full = locate(relative);
      const folder = path.dirname(full);
      if (!made.has(folder)) {
        await mkdir(folder, { recursive: true });
        made.add(folder);
      }
      const temporary = `${full}.${randomBytes(6).toString('hex')}.partial`;
      try {
        if (data instanceof Uint8Array) await writeFile(temporary, data);
        else await pipeline(Readable.from(data), createWriteStream(temporary));
        await rename(temporary, full);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
  };
}
