import { PassThrough, Readable } from 'node:stream';
import {
  type CollectionSource,
  computeIpfsCids,
  createCollage,
  createPreviewGif,
  writeCollectionZip,
  writeImagesCar,
  writeMetadataCar,
} from '@layerloom/engine';
import type { CollectionTable } from '../../db/schema.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { createBlobSink } from './blob-sink.ts';
import { collectionPrefix } from './collection-view.ts';

export type DownloadKind = 'zip' | 'collage' | 'gif' | 'images-car' | 'metadata-car';

export const downloadFiles: Record<DownloadKind, { name: string; type: string }> = {
  zip: { name: 'collection.zip', type: 'application/zip' },
  collage: { name: 'collage.png', type: 'image/png' },
  gif: { name: 'preview.gif', type: 'image/gif' },
  'images-car': { name: 'images.car', type: 'application/vnd.ipld.car' },
  'metadata-car': { name: 'metadata.car', type: 'application/vnd.ipld.car' },
};

export function collectionSource(blobs: BlobStore, collection: CollectionTable): CollectionSource {
  return { files: createBlobSink(blobs, collectionPrefix(collection.id)), size: collection.size };
}

const inFlight = new Map<string, Promise<void>>();

/** Makes an export once and keeps it in the blob store; concurrent requests wait for the same work. */
async function cached(blobs: BlobStore, key: string, make: () => Readable): Promise<void> {
  if (await blobs.stat(key)) return;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = blobs
      .put(key, make())
      .then(() => undefined)
      .finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  await pending;
}

/**
 * Marks stored CIDs whose metadata folder keeps each file's keys in the exported order. CIDs stored without it
 * were computed from metadata with `name`, `image` and `attributes` moved first, which no export reproduces.
 */
const METADATA_AS_EXPORTED = 'as-exported';

/**
 * The IPFS CIDs of a finished collection (computed once, then read from the blob store). With `refresh`, CIDs
 * stored before the metadata kept the export's key order are made again, with the metadata CAR made from them
 * (for a collection about to be published; a published one keeps what it published).
 */
export async function collectionCids(
  blobs: BlobStore,
  collection: CollectionTable,
  { refresh = false }: { refresh?: boolean } = {},
): Promise<{ imagesCid: string; metadataCid: string }> {
  const prefix = `${collectionPrefix(collection.id)}/exports`;
  const key = `${prefix}/ipfs.json`;
  const read = async () => {
    await cached(blobs, key, () =>
      Readable.from(
        (async function* () {
          const cids = await computeIpfsCids(collectionSource(blobs, collection));
          yield Buffer.from(JSON.stringify({ ...cids, metadata: METADATA_AS_EXPORTED }));
        })(),
      ),
    );
    return JSON.parse((await blobs.getBuffer(key)).toString()) as {
      imagesCid: string;
      metadataCid: string;
      metadata?: string;
    };
  };
  let stored = await read();
  if (refresh && stored.metadata !== METADATA_AS_EXPORTED) {
    for (const stale of [key, `${prefix}/metadata.car`]) await blobs.delete(stale);
    stored = await read();
  }
  return { imagesCid: stored.imagesCid, metadataCid: stored.metadataCid };
}

function carStream(write: (output: PassThrough) => Promise<string>): Readable {
  const output = new PassThrough();
  write(output).then(
    () => output.end(),
    (error: unknown) => output.destroy(error as Error),
  );
  return output;
}

/** How long a presigned download URL works: long enough to start the download, short enough not to be shared. */
export const DOWNLOAD_URL_SECONDS = 5 * 60;

/**
 * Makes an export once and keeps it in the blob store (the ZIP too: a store that hands out download
 * URLs serves a stored object, not a stream being written); answers its key.
 */
export async function storedExport(blobs: BlobStore, collection: CollectionTable, kind: DownloadKind) {
  const key = `${collectionPrefix(collection.id)}/exports/${downloadFiles[kind].name}`;
  if (kind === 'zip') {
    await cached(blobs, key, () => {
      const output = new PassThrough();
      writeCollectionZip(collectionSource(blobs, collection), output).then(
        () => undefined,
        (error: unknown) => output.destroy(error as Error),
      );
      return output;
    });
    return key;
  }
  await makeExport(blobs, collection, kind, key);
  return key;
}

/** The stored export (made on first request), as a stream. */
export async function exportStream(
  blobs: BlobStore,
  collection: CollectionTable,
  kind: Exclude<DownloadKind, 'zip'>,
) {
  return blobs.get(await storedExport(blobs, collection, kind));
}

async function makeExport(
  blobs: BlobStore,
  collection: CollectionTable,
  kind: Exclude<DownloadKind, 'zip'>,
  key: string,
) {
  const source = collectionSource(blobs, collection);
  if (kind === 'collage')
    await cached(blobs, key, () =>
      Readable.from(createCollage(source, { tile: 128, count: Math.min(collection.size, 200) })),
    );
  if (kind === 'gif')
    await cached(blobs, key, () => Readable.from(createPreviewGif(source, { count: 20, size: 256 })));
  // With the CIDs known (computed once, kept), each CAR is written in one pass over its files.
  if (kind === 'images-car') {
    const { imagesCid } = await collectionCids(blobs, collection);
    await cached(blobs, key, () => carStream((output) => writeImagesCar(source, output, imagesCid)));
  }
  if (kind === 'metadata-car') {
    const { imagesCid, metadataCid } = await collectionCids(blobs, collection);
    await cached(blobs, key, () =>
      carStream((output) => writeMetadataCar(source, imagesCid, output, metadataCid)),
    );
  }
}
