import { Readable } from 'node:stream';
import type { OutputSink } from '@layerloom/engine';
import type { BlobStore } from '../../storage/blob-store.ts';

/** Blob keys may not have segments starting with a dot (the engine's `.layerloom-job.json`): map them. */
function blobKey(prefix: string, path: string): string {
  return `${prefix}/${path.replace(/(^|\/)\./g, '$1_.')}`;
}

/** The engine's output sink on the blob store, under `prefix/`; blob writes are atomic, so resuming is safe. */
export function createBlobSink(blobs: BlobStore, prefix: string): OutputSink {
  return {
    async has(path) {
      return (await blobs.stat(blobKey(prefix, path))) !== undefined;
    },
    async read(path) {
      return blobs.getBuffer(blobKey(prefix, path));
    },
    async write(path, data) {
      await blobs.put(
        blobKey(prefix, path),
        data instanceof Uint8Array ? Buffer.from(data) : Readable.from(data),
      );
    },
    // A local store lets the render workers write images into it themselves, and (with `locate`)
    // move every file of a token into place themselves, so no token waits on libuv's pool.
    ...(blobs.stage && blobs.commit
      ? {
          stage: (path: string) => blobs.stage!(blobKey(prefix, path)),
          commit: (path: string, staged: string) => blobs.commit!(blobKey(prefix, path), staged),
        }
      : {}),
    ...(blobs.stage && blobs.locate
      ? { locate: (path: string) => blobs.locate!(blobKey(prefix, path)) }
      : {}),
  };
}
