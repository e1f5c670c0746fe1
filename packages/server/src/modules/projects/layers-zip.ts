import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import { AppError } from '../../lib/app-error.ts';

/** Limits against zip bombs: entries, total unpacked bytes, and bytes per file. */
export interface ZipLimits {
  maxEntries: number;
  maxTotalBytes: number;
  maxFileBytes: number;
}

function refuse(message: string): AppError {
  return new AppError('BAD_REQUEST', message, { fields: [{ path: 'file', message }] });
}

/** yauzl refuses entries whose names climb out of the archive; say so, else call the archive corrupt. */
function archiveError(error: Error): AppError {
  const path = /(?:relative|absolute) path: (.*)$/.exec(error.message);
  return path
    ? refuse(`${path[1]}: paths in the archive must stay inside it`)
    : refuse('The ZIP archive is corrupt');
}

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) =>
      error ? reject(refuse(`The file is not a readable ZIP archive (${error.message})`)) : resolve(zip),
    );
  });
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(refuse(`${entry.fileName} cannot be unpacked`));
      const parts: Buffer[] = [];
      let size = 0;
      stream.on('data', (part: Buffer) => {
        size += part.length;
        if (size > maxBytes) {
          stream.destroy();
          reject(refuse(`File size is too big: ${entry.fileName}`));
          return;
        }
        parts.push(part);
      });
      stream.on('error', () => reject(refuse(`${entry.fileName} is corrupt in the archive`)));
      stream.on('end', () => resolve(Buffer.concat(parts)));
    });
  });
}

/**
 * Unpacks a HashLips `layers/` ZIP into a new temp folder holding one folder per layer, and returns it
 * (the caller removes it). Entries must be `[<root>/]<Layer>/<Trait file>`; anything climbing out of
 * the folder, nested deeper, or over the limits is refused; macOS and hidden files are skipped.
 */
export async function unpackLayersZip(bytes: Buffer, limits: ZipLimits): Promise<string> {
  const zip = await openZip(bytes);
  const files: { segments: string[]; entry: yauzl.Entry }[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('error', (error: Error) => reject(archiveError(error)));
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = entry.fileName.replace(/\\/g, '/');
      const segments = name.split('/').filter((segment) => segment !== '');
      if (name.startsWith('/') || segments.some((segment) => segment === '..' || segment === '.')) {
        reject(refuse(`${entry.fileName}: paths in the archive must stay inside it`));
        return;
      }
      const skipped = segments.some((segment) => segment.startsWith('.') || segment === '__MACOSX');
      if (!name.endsWith('/') && !skipped) files.push({ segments, entry });
      if (files.length > limits.maxEntries) {
        reject(refuse(`The archive has more than ${limits.maxEntries} files`));
        return;
      }
      zip.readEntry();
    });
    zip.readEntry();
  });
  if (files.length === 0) throw refuse('The archive holds no images');
  // A single top folder (`layers/`) around the layer folders is allowed.
  const tops = new Set(files.map((file) => file.segments[0]));
  const strip = tops.size === 1 && files.every((file) => file.segments.length === 3) ? 1 : 0;
  const total = files.reduce((sum, file) => sum + file.entry.uncompressedSize, 0);
  if (total > limits.maxTotalBytes) {
    throw refuse(`The archive unpacks to more than ${Math.round(limits.maxTotalBytes / 1024 / 1024)} MB`);
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'layerloom-zip-'));
  try {
    const reopened = await openZip(bytes);
    const wanted = new Map(files.map((file) => [file.entry.fileName, file.segments.slice(strip)]));
    await new Promise<void>((resolve, reject) => {
      reopened.on('error', () => reject(refuse('The ZIP archive is corrupt')));
      reopened.on('end', () => resolve());
      reopened.on('entry', (entry: yauzl.Entry) => {
        const segments = wanted.get(entry.fileName);
        if (!segments) {
          reopened.readEntry();
          return;
        }
        if (segments.length !== 2) {
          reject(refuse(`${entry.fileName}: expected <Layer>/<Trait image> (one folder per layer)`));
          return;
        }
        readEntry(reopened, entry, limits.maxFileBytes)
          .then(async (content) => {
            await mkdir(path.join(dir, segments[0]!), { recursive: true });
            await writeFile(path.join(dir, segments[0]!, segments[1]!), content);
            reopened.readEntry();
          })
          .catch(reject);
      });
      reopened.readEntry();
    });
    return dir;
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
