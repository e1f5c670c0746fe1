import { PassThrough, Readable } from 'node:stream';
import { type DownloadKind, writesSolana } from '@layerloom/api';
import {
  type CollectionSource,
  computeIpfsCids,
  computeSolanaMetadataCid,
  createCollage,
  createPreviewGif,
  writeCollectionZip,
  writeImagesCar,
  writeMetadataCar,
  writeSolanaAssetsZip,
  writeSolanaMetadataCar,
} from '@layerloom/engine';
import type { CollectionTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { createBlobSink } from './blob-sink.ts';
import { collectionPrefix, metadataFormatOf } from './collection-view.ts';

export type { DownloadKind };

export const downloadFiles: Record<DownloadKind, { name: string; type: string }> = {
  zip: { name: 'collection.zip', type: 'application/zip' },
  collage: { name: 'collage.png', type: 'image/png' },
  gif: { name: 'preview.gif', type: 'image/gif' },
  'images-car': { name: 'images.car', type: 'application/vnd.ipld.car' },
  'metadata-car': { name: 'metadata.car', type: 'application/vnd.ipld.car' },
  'solana-zip': { name: 'solana-assets.zip', type: 'application/zip' },
  'solana-metadata-car': { name: 'solana-metadata.car', type: 'application/vnd.ipld.car' },
};

/** Whether the collection was generated with Solana (Metaplex) metadata. */
export function hasSolanaMetadata(collection: Pick<CollectionTable, 'metadata_format'>): boolean {
  return writesSolana(metadataFormatOf(collection));
}

/** Refuses a Solana download of a collection generated without Solana metadata, saying how to get it. */
function assertSolanaMetadata(collection: CollectionTable): void {
  if (hasSolanaMetadata(collection)) return;
  throw new AppError(
    'NOT_FOUND',
    'This collection was generated with Ethereum (ERC-721) metadata only. To get Solana (Metaplex) metadata, choose Solana or Both under Generate NFT › Advanced › Metadata format and generate the project again.',
  );
}

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

/**
 * The CID of the folder of Solana (Metaplex) metadata pointing at the images folder (computed once, then read
 * from the blob store), or null for a collection without Solana metadata.
 */
export async function solanaMetadataCid(
  blobs: BlobStore,
  collection: CollectionTable,
): Promise<string | null> {
  if (!hasSolanaMetadata(collection)) return null;
  const { imagesCid } = await collectionCids(blobs, collection);
  const key = `${collectionPrefix(collection.id)}/exports/solana-ipfs.json`;
  await cached(blobs, key, () =>
    Readable.from(
      (async function* () {
        const cid = await computeSolanaMetadataCid(collectionSource(blobs, collection), imagesCid);
        yield Buffer.from(JSON.stringify({ imagesCid, solanaMetadataCid: cid }));
      })(),
    ),
  );
  const stored = JSON.parse((await blobs.getBuffer(key)).toString()) as {
    imagesCid: string;
    solanaMetadataCid: string;
  };
  return stored.solanaMetadataCid;
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
  if (kind === 'solana-zip' || kind === 'solana-metadata-car') assertSolanaMetadata(collection);
  if (kind === 'solana-zip') {
    const info = { name: collection.name, description: collection.description };
    await cached(blobs, key, () => {
      const output = new PassThrough();
      writeSolanaAssetsZip(collectionSource(blobs, collection), output, { collection: info }).then(
        () => undefined,
        (error: unknown) => output.destroy(error as Error),
      );
      return output;
    });
    return key;
  }
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
  kind: Exclude<DownloadKind, 'zip' | 'solana-zip'>,
) {
  return blobs.get(await storedExport(blobs, collection, kind));
}

async function makeExport(
  blobs: BlobStore,
  collection: CollectionTable,
  kind: Exclude<DownloadKind, 'zip' | 'solana-zip'>,
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
  if (kind === 'solana-metadata-car') {
    const { imagesCid } = await collectionCids(blobs, collection);
    const cid = (await solanaMetadataCid(blobs, collection)) ?? undefined;
    await cached(blobs, key, () =>
      carStream((output) => writeSolanaMetadataCar(source, imagesCid, output, cid)),
    );
  }
}
