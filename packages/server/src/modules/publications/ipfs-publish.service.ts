import { Readable } from 'node:stream';
import type { DownloadKind, IpfsUpload } from '@layerloom/api';
import type { CollectionTable, IpfsUploadTable, PublicationTable } from '../../db/schema.ts';
import { isFinished, type Job, type JobHandler, type JobProgress } from '../../jobs/job.ts';
import { AppError } from '../../lib/app-error.ts';
import { outboundDispatcher } from '../../lib/outbound-guard.ts';
import { BlobNotFoundError } from '../../storage/blob-store.ts';
import type { App } from '../../types.ts';
import { markArtPinned } from '../collections/art-edits.repository.ts';
import { unpinnedArtVersion } from '../collections/art-edits.service.ts';
import { collectionPrefix, statusOf } from '../collections/collection-view.ts';
import { getOwnedCollection } from '../collections/collections.service.ts';
import { collectionCids, downloadFiles, exportStream, solanaMetadataCid } from '../collections/downloads.ts';
import { findIpfsUpload, setIpfsUploadCids, upsertIpfsUpload } from './ipfs.repository.ts';
import { type CarIndex, indexCar } from './ipfs-car-index.ts';
import { importCar, sameCid } from './ipfs-kubo-client.ts';
import { pinningCredentials } from './pinning-provider.service.ts';
import { provenanceHash } from './provenance.ts';
import { findPublication, insertPublication, setPublicationMetadataCid } from './publications.repository.ts';
import { ipfsMetadataChanged, slugFor } from './publications.service.ts';

/** The job that uploads a collection's CAR files to its owner's pinning provider, then publishes it. */
export const IPFS_PUBLISH_JOB = 'ipfs-publish';

/** The two folders a collection has on IPFS. */
export type IpfsFolder = 'images' | 'metadata';

const ALREADY_PUBLISHED = 'This collection is already published; its files and URLs stay as they are.';

function uploadView(
  row: IpfsUploadTable,
  progress: JobProgress | undefined,
  publication?: PublicationTable,
): IpfsUpload {
  return {
    collectionId: row.collection_id,
    // A job record that is gone (cleaned up) cannot be running any more.
    status: progress?.status ?? 'failed',
    done: progress?.done ?? 0,
    total: progress?.total ?? 0,
    error: progress ? progress.error : 'The upload was interrupted. Try again.',
    // Null until the job has computed them; a published collection's are on its publication too.
    imagesCid: row.images_cid ?? publication?.ipfs_images_cid ?? null,
    metadataCid: row.metadata_cid ?? publication?.ipfs_metadata_cid ?? null,
    startedAt: row.started_at,
  };
}

/** The collection's latest upload to IPFS (owner only), or null before the first. */
export async function getIpfsUpload(app: App, ownerId: string, collectionId: string) {
  const collection = await getOwnedCollection(app, ownerId, collectionId);
  const row = await findIpfsUpload(app.database.db, collection.id);
  if (!row) return null;
  const publication = row.images_cid ? undefined : await findPublication(app.database.db, collection.id);
  return uploadView(row, await app.jobs.progress(row.job_id), publication);
}

/**
 * Starts uploading a ready collection to its owner's pinning provider (or retries a failed upload), or, for
 * a collection on IPFS whose metadata was edited since it was pinned, pins the new metadata folder. Refused
 * with a clear message, writing nothing, when it is already published (and unchanged), not ready, has no
 * provider, or an upload is already under way.
 */
export async function startIpfsUpload(app: App, ownerId: string, collectionId: string): Promise<IpfsUpload> {
  const collection = await getOwnedCollection(app, ownerId, collectionId);
  const published = await findPublication(app.database.db, collection.id);
  if (published && !(await ipfsMetadataChanged(app, published)))
    throw new AppError('CONFLICT', ALREADY_PUBLISHED);
  if (statusOf(await app.jobs.progress(collection.job_id)) !== 'ready') {
    throw new AppError('CONFLICT', 'Publish the collection once it has finished generating.');
  }
  await pinningCredentials(app, collection.workspace_id);
  const previous = await findIpfsUpload(app.database.db, collection.id);
  const previousProgress = previous ? await app.jobs.progress(previous.job_id) : undefined;
  if (previousProgress && !isFinished(previousProgress.status)) {
    throw new AppError(
      'CONFLICT',
      'This collection is already being uploaded to IPFS; wait for it to finish.',
    );
  }
  // The CIDs (a hash of every file, slow for a large collection) are computed by the job, not here.
  const job = await app.jobs.enqueue(IPFS_PUBLISH_JOB, { collectionId: collection.id, ownerId }, ownerId);
  const row: IpfsUploadTable = {
    collection_id: collection.id,
    owner_id: ownerId,
    job_id: job.id,
    images_cid: previous?.images_cid ?? null,
    metadata_cid: previous?.metadata_cid ?? null,
    started_at: new Date().toISOString(),
  };
  await upsertIpfsUpload(app.database.db, row);
  return uploadView(row, await app.jobs.progress(job.id));
}

/** Where the gateway's index of one of a collection's CAR files is kept. */
function indexKey(collectionId: string, folder: IpfsFolder): string {
  return `${collectionPrefix(collectionId)}/exports/${folder}.car.index.json`;
}

const carKind = { images: 'images-car', metadata: 'metadata-car' } as const;
/** The CAR files an upload sends. */
type CarKind = Extract<DownloadKind, 'images-car' | 'metadata-car' | 'solana-metadata-car'>;

/** Indexes a stored CAR for the gateway and keeps the index beside it. */
async function writeCarIndex(app: App, collection: CollectionTable, folder: IpfsFolder): Promise<CarIndex> {
  const index = await indexCar(await exportStream(app.blobs, collection, carKind[folder]));
  await app.blobs.put(indexKey(collection.id, folder), Readable.from([Buffer.from(JSON.stringify(index))]));
  return index;
}

/** The gateway's index of a published collection's folder (made from its CAR when missing). */
export async function carIndex(app: App, collection: CollectionTable, folder: IpfsFolder): Promise<CarIndex> {
  try {
    return JSON.parse((await app.blobs.getBuffer(indexKey(collection.id, folder))).toString()) as CarIndex;
  } catch (error) {
    if (!(error instanceof BlobNotFoundError)) throw error;
    return writeCarIndex(app, collection, folder);
  }
}

/**
 * Uploads the images CAR, then the metadata CAR, streamed from the blob store, checking that the provider
 * reports the root CIDs the engine computed; only then is the collection published (mode `ipfs`). Run
 * again after a restart it uploads again (importing the same CAR twice changes nothing at the provider).
 * For a collection already on IPFS (published again after a metadata edit) only the metadata folders are
 * pinned (the images, which the provenance hash covers, cannot have changed), then the publication points
 * at the new metadata folder.
 */
export function ipfsPublishJob(app: App): JobHandler {
  return async (job: Job, context) => {
    const { collectionId, ownerId } = job.payload as { collectionId: string; ownerId: string };
    const collection = await getOwnedCollection(app, ownerId, collectionId);
    const published = await findPublication(app.database.db, collection.id);
    if (published && published.mode !== 'ipfs') return { published: true };
    const credentials = await pinningCredentials(app, collection.workspace_id);
    // First the content IDs (hashing every file once; kept in the blob store for the next time).
    context.progress(0, 0);
    const cids = await collectionCids(app.blobs, collection, { refresh: true });
    await setIpfsUploadCids(app.database.db, collection.id, cids);
    context.signal.throwIfAborted();
    // A collection with Solana (Metaplex) metadata pins its folder too, so its ipfs:// URIs resolve.
    const solanaCid = await solanaMetadataCid(app.blobs, collection);
    // Replaced art the creator confirmed explains new images; any other change of them is refused.
    const artVersion = published ? await unpinnedArtVersion(app, collection.id) : undefined;
    const newImages = published !== undefined && published.ipfs_images_cid !== cids.imagesCid;
    if (newImages && artVersion === undefined) {
      throw new AppError(
        'CONFLICT',
        `The images folder is now ${cids.imagesCid}, not the published ${published.ipfs_images_cid}: published images cannot change.`,
      );
    }
    const folders: { folder: string; kind: CarKind; expected: string; size: number }[] = [
      ...(published && !newImages
        ? []
        : [{ folder: 'images', kind: carKind.images, expected: cids.imagesCid, size: 0 }]),
      { folder: 'metadata', kind: carKind.metadata, expected: cids.metadataCid, size: 0 },
      ...(solanaCid
        ? [{ folder: 'Solana metadata', kind: 'solana-metadata-car' as const, expected: solanaCid, size: 0 }]
        : []),
    ];
    // The CAR files are made (streamed into the blob store) once; their sizes measure the progress.
    for (const entry of folders) {
      (await exportStream(app.blobs, collection, entry.kind)).destroy();
      const key = `${collectionPrefix(collection.id)}/exports/${downloadFiles[entry.kind].name}`;
      entry.size = (await app.blobs.stat(key))?.size ?? 0;
    }
    context.signal.throwIfAborted();
    const total = folders.reduce((sum, entry) => sum + entry.size, 0);
    context.progress(0, total);
    let before = 0;
    for (const entry of folders) {
      const roots = await importCar({
        ...credentials,
        car: await exportStream(app.blobs, collection, entry.kind),
        label: entry.folder,
        idleTimeoutMs: app.config.ipfsTimeoutMs,
        dispatcher: outboundDispatcher(app.config.allowPrivateUrls),
        signal: context.signal,
        onProgress: (sent) => context.progress(before + Math.min(sent, entry.size), total),
      });
      if (!roots.some((root) => sameCid(root, entry.expected))) {
        throw new AppError(
          'CONFLICT',
          `The pinning provider reported the ${entry.folder} folder as ${roots[0] ?? 'nothing'} instead of ${entry.expected}, so the collection was not published. Try again, or check the provider.`,
        );
      }
      before += entry.size;
      context.progress(before, total);
    }
    context.signal.throwIfAborted();
    for (const folder of ['images', 'metadata'] as const) await writeCarIndex(app, collection, folder);
    if (published && artVersion !== undefined) {
      await markArtPinned(app.database.db, collection.id, artVersion, cids);
      return { published: true, imagesCid: cids.imagesCid, metadataCid: cids.metadataCid };
    }
    if (published) {
      await setPublicationMetadataCid(app.database.db, collection.id, cids.metadataCid);
      return { published: true, imagesCid: cids.imagesCid, metadataCid: cids.metadataCid };
    }
    const prefix = collectionPrefix(collection.id);
    const row: PublicationTable = {
      collection_id: collection.id,
      owner_id: ownerId,
      mode: 'ipfs',
      slug: slugFor(collection.name),
      provenance_hash: await provenanceHash(
        app.blobs,
        (edition) => `${prefix}/images/${edition}.png`,
        collection.size,
      ),
      published_at: new Date().toISOString(),
      ipfs_images_cid: cids.imagesCid,
      ipfs_metadata_cid: cids.metadataCid,
    };
    try {
      await insertPublication(app.database.db, row);
    } catch (error) {
      // Published meanwhile (a hosted publish or another upload): that publication stands.
      if (await findPublication(app.database.db, collection.id)) return { published: true };
      throw error;
    }
    return { published: true, imagesCid: cids.imagesCid, metadataCid: cids.metadataCid };
  };
}
