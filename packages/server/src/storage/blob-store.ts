import type { Readable } from 'node:stream';

/** What is known about a stored blob without reading it. */
export interface BlobInfo {
  size: number;
  modifiedAt: Date;
}

/**
 * Where uploads, renders and exports live: a local folder by default, an S3-compatible store to scale out.
 * Keys are relative paths of safe segments (`users/u1/layers/abc.png`); writes are atomic — a reader
 * never sees a half-written blob.
 */
export interface BlobStore {
  /** Which kind of store this is: a folder on this machine, or an S3-compatible bucket. */
  readonly kind: 'local' | 's3';
  /** Where the blobs are, for operators' messages (a folder, or `s3://bucket/prefix/`); never shown to users. */
  readonly location: string;
  /** Stores a blob atomically, replacing any blob with that key; resolves with its size in bytes. */
  put(key: string, body: Buffer | Readable): Promise<{ size: number }>;
  /** Streams a blob, or only the bytes `range.start`…`range.end` (inclusive); throws BlobNotFoundError when absent. */
  get(key: string, range?: BlobRange): Promise<Readable>;
  /** Reads a whole blob into memory; throws BlobNotFoundError when absent. */
  getBuffer(key: string): Promise<Buffer>;
  /** The blob's size and time, or undefined when absent. */
  stat(key: string): Promise<BlobInfo | undefined>;
  /** Removes a blob; removing an absent blob is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every blob whose key starts with `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
  /** Lists the keys under `prefix/`, in lexical order. */
  list(prefix: string): AsyncIterable<string>;
  /**
   * Optional, for stores on the local file system: a temporary file that may be written directly
   * (by a render worker) and then made the blob `key` by `commit`; the writer removes it on failure.
   */
  stage?(key: string): Promise<string>;
  /** Makes a complete file written at a `stage` answer the blob `key`, atomically. */
  commit?(key: string, staged: string): Promise<void>;
  /**
   * Optional, with `stage`, for stores whose `commit` is only a rename in the local file system: the
   * file blob `key` is, its folder made. A render thread then renames a staged file there itself, so
   * no part of a token waits on libuv's thread pool (shared by the whole process, 4 threads).
   * Synchronous (a system call or two, on the calling thread, never on the pool).
   */
  locate?(key: string): string;
  /**
   * Optional, for stores a client can download from directly: a short-lived URL that serves the blob
   * with this file name and type, so a web node does not proxy a large file.
   */
  downloadUrl?(key: string, options: DownloadUrlOptions): Promise<string>;
  /** Releases the store's connections. */
  close?(): void;
  /** Removes the temporary files of processes that are no longer running (a crash leaves them); answers how many. */
  sweep?(): Promise<number>;
}

/** A part of a blob: the bytes from `start` to `end`, both included (as HTTP ranges count them). */
export interface BlobRange {
  start: number;
  end: number;
}

/** How a presigned download is answered. */
export interface DownloadUrlOptions {
  /** The file name the browser saves it as (Content-Disposition). */
  fileName: string;
  contentType: string;
  expiresInSeconds: number;
}

/** A blob that does not exist. */
export class BlobNotFoundError extends Error {
  override name = 'BlobNotFoundError';
  readonly code = 'BLOB_NOT_FOUND';
  constructor(readonly key: string) {
    super(`Blob ${key} not found`);
  }
}

/** A key that is not a relative path of safe segments. */
export class InvalidBlobKeyError extends Error {
  override name = 'InvalidBlobKeyError';
  readonly code = 'INVALID_BLOB_KEY';
  constructor(readonly key: string) {
    super(`Invalid blob key ${JSON.stringify(key)}`);
  }
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

/** Checks that a key is a relative path of safe segments (no `..`, no absolute paths, no odd characters). */
export function assertBlobKey(key: string): string {
  const segments = key.split('/');
  if (key.length === 0 || key.length > 512 || !segments.every((segment) => SEGMENT.test(segment))) {
    throw new InvalidBlobKeyError(key);
  }
  return key;
}
