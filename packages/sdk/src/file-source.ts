import { LayerloomError } from './errors.ts';

/**
 * A file to upload: a path (Node), a `Blob` or `File`, or named bytes or a stream
 * (`ReadableStream`, a Node `Readable` or any async iterable of bytes).
 */
export type FileSource =
  | string
  | Blob
  | {
      name: string;
      data: Blob | Uint8Array | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;
      type?: string;
    };

/** A file ready for a multipart form: its name and a `Blob` of its bytes. */
export interface NamedBlob {
  name: string;
  blob: Blob;
}

/** Turns a file source into a named Blob (a path is opened lazily with `fs.openAsBlob`, not read into memory). */
export async function toNamedBlob(source: FileSource, fallbackName = 'file'): Promise<NamedBlob> {
  if (typeof source === 'string') {
    const [{ openAsBlob }, path] = await Promise.all([import('node:fs'), import('node:path')]);
    try {
      return { name: path.basename(source), blob: await openAsBlob(source, { type: mimeOf(source) }) };
    } catch (cause) {
      throw new LayerloomError(`Cannot read ${source}: ${(cause as Error).message}`, { cause });
    }
  }
  if (source instanceof Blob) {
    const name = (source as Partial<File>).name;
    return { name: typeof name === 'string' && name !== '' ? name : fallbackName, blob: source };
  }
  const type = source.type ?? mimeOf(source.name);
  const { data } = source;
  if (data instanceof Blob) return { name: source.name, blob: data };
  if (data instanceof Uint8Array) return { name: source.name, blob: new Blob([copy(data)], { type }) };
  return { name: source.name, blob: new Blob(await readAll(data), { type }) };
}

/** The chunks of a stream or async iterable (multipart forms need the size up front, so streams are buffered). */
async function readAll(
  stream: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
): Promise<ArrayBuffer[]> {
  const chunks: ArrayBuffer[] = [];
  const iterable: AsyncIterable<Uint8Array> =
    Symbol.asyncIterator in stream ? stream : readableIterator(stream as ReadableStream<Uint8Array>);
  for await (const chunk of iterable) chunks.push(copy(chunk));
  return chunks;
}

async function* readableIterator(stream: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** A copy of exactly these bytes (a Node Buffer's `.buffer` is often a shared pool, so never use it as is). */
function copy(bytes: Uint8Array): ArrayBuffer {
  const out = new Uint8Array(bytes.byteLength);
  out.set(bytes);
  return out.buffer;
}

const types: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  zip: 'application/zip',
  json: 'application/json',
};

/** The media type of a file name by its extension (`application/octet-stream` when unknown). */
export function mimeOf(name: string): string {
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  return types[extension] ?? 'application/octet-stream';
}
