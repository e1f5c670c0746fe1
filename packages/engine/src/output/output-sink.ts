/**
 * Where a job writes its files (`images/1.png`, `metadata/1.json`, …; paths use `/`).
 * `write` must be atomic: a file is either absent or complete, so `has` never sees a
 * half-written file — that is what makes resuming safe.
 */
export interface OutputSink {
  /** Whether a complete file exists at `path`. */
  has(path: string): Promise<boolean>;
  /** The bytes of a file written earlier. */
  read(path: string): Promise<Uint8Array>;
  /** Writes a whole file atomically, from bytes or a stream of chunks. */
  write(path: string, data: Uint8Array | AsyncIterable<Uint8Array>): Promise<void>;
  /**
   * Optional, for sinks on a local file system: a temporary file (its folder made) where the file
   * for `path` may be written directly, by a render worker, so its bytes never pass through
   * JavaScript. `commit` must follow (or the caller removes the temporary file).
   */
  stage?(path: string): Promise<string>;
  /** Moves a complete file written at `stage(path)`'s answer to `path`, atomically. */
  commit?(path: string, staged: string): Promise<void>;
  /**
   * Optional, with `stage`, for sinks whose `commit` is only a rename in the local file system: the
   * file `path` is. A render thread then writes and moves a token's files into place itself, so
   * none of them waits on libuv's shared pool.
   */
  locate?(path: string): string;
}
