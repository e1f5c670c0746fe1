import { randomUUID } from 'node:crypto';
import { ART_CONFIRMATION, ART_MAX_TOKENS, type MetadataEdit } from '@layerloom/api';
import type { TokenMetadata } from '@layerloom/engine';
import type { CollectionArtEditTable, CollectionTable, PublicationTable } from '../../db/schema.ts';
import { isFinished } from '../../jobs/job.ts';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { forgetDrop } from '../drops/drops.service.ts';
import { FROZEN_REASON, metadataFrozen } from '../marketplace/marketplace.service.ts';
import { findIpfsUpload } from '../publications/ipfs.repository.ts';
import { ipfsBase } from '../publications/ipfs-base.ts';
import { findPublication } from '../publications/publications.repository.ts';
import { forgetPublishedSlug, hostedBase } from '../publications/publications.service.ts';
import { assertIdle, changeStatus, runAsCollectionJob } from './amendments.service.ts';
import {
  deleteArtEdit,
  insertArtEdit,
  listArtEdits,
  setArtEditJob,
  setPublicationArtVersion,
} from './art-edits.repository.ts';
import { checkArtImage } from './art-image.ts';
import { collectionPrefix } from './collection-view.ts';
import { getOwnedCollection } from './collections.service.ts';
import { tokenAnimation } from './token-animation.ts';

export const REPLACE_ART_JOB = 'replace-token-art';

/** One token's replacement as uploaded (checked by `replaceTokenArt`). */
export interface ArtUpload {
  edition: number;
  filename: string;
  bytes: Buffer;
}

/** Where the image token `edition` has from art version `version` on is kept (1: the published one). */
export function artVersionKey(collectionId: string, version: number, edition: number): string {
  return `${collectionPrefix(collectionId)}/art/${version}/${edition}.png`;
}

export const editionsOf = (row: CollectionArtEditTable) => JSON.parse(row.editions) as number[];

/**
 * The blob holding token `edition`'s image as it was at art version `version`: the newest version up to it
 * that replaced the token, the published image kept aside when a later version replaced it, else the
 * collection's image (never replaced).
 */
export function artImageKey(
  collectionId: string,
  rows: readonly CollectionArtEditTable[],
  version: number,
  edition: number,
): string {
  const replacing = rows.filter((row) => editionsOf(row).includes(edition));
  if (replacing.length === 0) return `${collectionPrefix(collectionId)}/images/${edition}.png`;
  const current = replacing.filter((row) => row.version <= version).at(-1);
  return artVersionKey(collectionId, current?.version ?? 1, edition);
}

const VERSIONS_TTL_MS = 60_000;
const versionsCache = new Map<string, { at: number; rows: CollectionArtEditTable[] }>();

/**
 * A collection's art versions, cached briefly: hosted files read them on every request. `notBefore` (ms)
 * reads them again when the cached copy is older (a file written after it may be a later version's).
 */
export async function artVersionsOf(
  app: App,
  collectionId: string,
  notBefore = 0,
): Promise<CollectionArtEditTable[]> {
  const cached = versionsCache.get(collectionId);
  if (cached && Date.now() - cached.at < VERSIONS_TTL_MS && cached.at >= notBefore) return cached.rows;
  const rows = await listArtEdits(app.database.db, collectionId);
  versionsCache.set(collectionId, { at: Date.now(), rows });
  if (versionsCache.size > 10_000) versionsCache.delete(versionsCache.keys().next().value as string);
  return rows;
}

/** The newest art version an IPFS publication has not pinned yet, or undefined. */
export async function unpinnedArtVersion(app: App, collectionId: string): Promise<number | undefined> {
  const rows = await listArtEdits(app.database.db, collectionId);
  return rows.filter((row) => row.images_cid === null).at(-1)?.version;
}

const tokenList = (editions: readonly number[]) =>
  `${editions.length === 1 ? 'token' : 'tokens'} ${editions.map((edition) => `#${edition}`).join(', ')}`;

/** Where an art version's files are: hosted at once, on IPFS once pinned (null before). */
function locationOf(app: App, row: CollectionArtEditTable, publication: PublicationTable | undefined) {
  if (!publication) return null;
  if (publication.mode === 'ipfs') {
    if (!row.images_cid || !row.metadata_cid) return null;
    const { baseUri, imageBaseUri } = ipfsBase({
      ipfs_images_cid: row.images_cid,
      ipfs_metadata_cid: row.metadata_cid,
    });
    return { imageBaseUri, metadataBaseUri: baseUri };
  }
  const { baseUri, imageBaseUri } = hostedBase(app.config.publicUrl, publication.slug, row.version);
  return { imageBaseUri, metadataBaseUri: baseUri };
}

/** The collection's art versions as history entries (oldest first), in the metadata history's shape. */
export async function artHistory(app: App, collectionId: string): Promise<MetadataEdit[]> {
  const rows = await listArtEdits(app.database.db, collectionId);
  if (rows.length === 0) return [];
  const publication = await findPublication(app.database.db, collectionId);
  return Promise.all(
    rows.map(async (row) => {
      const editions = editionsOf(row);
      const location = locationOf(app, row, publication);
      return {
        id: row.id,
        kind: 'art' as const,
        createdBy: row.created_by,
        createdAt: row.created_at,
        changes: [
          // Where the images are is in `location` (a long address would not wrap in a sentence).
          `Art replaced (version ${row.version}): ${tokenList(editions)}${location ? '' : ', on IPFS once published again'}`,
        ],
        status: changeStatus(await app.jobs.progress(row.job_id)),
        editions,
        location,
      };
    }),
  );
}

function badField(path: string, message: string): AppError {
  return new AppError('BAD_REQUEST', message, { fields: [{ path, message }] });
}

/** A 409 when the collection's art may not change now (unpublished, frozen, or being pinned). */
async function assertArtChangeable(app: App, ownerId: string, collection: CollectionTable) {
  await assertIdle(app, collection);
  const publication = await findPublication(app.database.db, collection.id);
  if (!publication) {
    throw new AppError(
      'CONFLICT',
      'This collection is not published yet: reroll the token instead, or publish first to replace its art as a new version.',
    );
  }
  if (await metadataFrozen(app, ownerId, collection)) throw new AppError('CONFLICT', FROZEN_REASON);
  const upload = await findIpfsUpload(app.database.db, collection.id);
  const progress = upload ? await app.jobs.progress(upload.job_id) : undefined;
  if (progress && !isFinished(progress.status)) {
    throw new AppError(
      'CONFLICT',
      'This collection is being published to IPFS; replace art once the upload has finished.',
    );
  }
  return publication;
}

/**
 * Replaces published tokens' images as a new art version, once the creator confirmed that the published
 * provenance hash (on chain, unchanged) will no longer match those tokens. Every image is checked first
 * (type by content, size, the collection's dimensions): a bad one is a 400 and nothing is written. Then
 * the new images are kept under the version's own keys (the published ones aside, for the old URLs), the
 * hosted publication moves to the new version (new URLs; `setBaseURI` moves the contract to them), and a
 * job copies the images into the collection's files (ZIP, CARs and thumbnails follow). On IPFS, publishing
 * again pins the new folders. 409 while a job runs, before publication and once the metadata is frozen.
 */
export async function replaceTokenArt(
  app: App,
  user: { id: string; email: string },
  collectionId: string,
  request: { uploads: ArtUpload[]; confirm: string | undefined },
): Promise<{ collection: CollectionTable; edit: MetadataEdit }> {
  const collection = await getOwnedCollection(app, user.id, collectionId);
  const publication = await assertArtChangeable(app, user.id, collection);
  const { uploads } = request;
  if (uploads.length === 0) throw badField('token', 'Choose a new image for at least one token.');
  if (uploads.length > ART_MAX_TOKENS) {
    throw badField('token', `Replace at most ${ART_MAX_TOKENS} tokens' art at once.`);
  }
  const seen = new Set<number>();
  for (const upload of uploads) {
    const path = `token-${upload.edition}`;
    if (!Number.isInteger(upload.edition) || upload.edition < 1 || upload.edition > collection.size) {
      throw badField(path, `Token #${upload.edition} is not in this collection (#1 to #${collection.size}).`);
    }
    if (seen.has(upload.edition)) throw badField(path, `Token #${upload.edition} has two new images.`);
    seen.add(upload.edition);
  }
  // An animated token's art is its animation (N.mp4, N.webp or N.gif beside the poster): a new still would
  // change its poster alone, and marketplaces would go on showing the old animation.
  const prefix = collectionPrefix(collection.id);
  for (const upload of uploads) {
    const token = JSON.parse(
      (await app.blobs.getBuffer(`${prefix}/metadata/${upload.edition}.json`)).toString(),
    ) as TokenMetadata;
    const animation = tokenAnimation(collection.id, upload.edition, token).animation;
    if (animation) {
      throw badField(
        `token-${upload.edition}`,
        `Token #${upload.edition} is animated (${animation.slice(animation.lastIndexOf('/') + 1)}): a new still image would change only its poster, and marketplaces would keep showing the old animation. Replace the art of still tokens only.`,
      );
    }
  }
  const images: { edition: number; png: Buffer }[] = [];
  for (const upload of uploads) {
    images.push({
      edition: upload.edition,
      png: await checkArtImage(upload.edition, upload.filename, upload.bytes, collection),
    });
  }
  if (request.confirm !== ART_CONFIRMATION) {
    throw badField(
      'confirm',
      'Confirm that the published provenance hash will no longer match the new art of these tokens.',
    );
  }
  images.sort((a, b) => a.edition - b.edition);
  const previous = await listArtEdits(app.database.db, collection.id);
  const version = (previous.at(-1)?.version ?? 1) + 1;
  const editions = images.map((image) => image.edition);
  const row: CollectionArtEditTable = {
    id: randomUUID(),
    collection_id: collection.id,
    version,
    editions: JSON.stringify(editions),
    job_id: '',
    images_cid: null,
    metadata_cid: null,
    created_by: user.email,
    created_at: new Date().toISOString(),
  };
  row.job_id = await runAsCollectionJob(app, collection, user.id, row.id, {
    record: async () => {
      for (const image of images) {
        // The published image stays at its URLs: kept aside the first time its token is replaced.
        const published = artVersionKey(collection.id, 1, image.edition);
        if (!previous.some((earlier) => editionsOf(earlier).includes(image.edition))) {
          await app.blobs.put(published, await app.blobs.get(`${prefix}/images/${image.edition}.png`));
        }
        await app.blobs.put(artVersionKey(collection.id, version, image.edition), image.png);
      }
      try {
        await insertArtEdit(app.database.db, row);
      } catch (error) {
        // Two replacements at once claimed the same version: the first stands.
        throw new AppError('CONFLICT', 'The collection is being changed; wait until it is ready.', {
          cause: error,
        });
      }
      if (publication.mode !== 'ipfs')
        await setPublicationArtVersion(app.database.db, collection.id, version);
      forgetArt(collection.id, publication.slug);
    },
    recorded: (jobId) => setArtEditJob(app.database.db, row.id, jobId),
    forget: async () => {
      await deleteArtEdit(app.database.db, row.id);
      await setPublicationArtVersion(app.database.db, collection.id, publication.art_version ?? 1);
      await app.blobs.deletePrefix(`${prefix}/art/${version}`);
      forgetArt(collection.id, publication.slug);
    },
    kind: REPLACE_ART_JOB,
    payload: { collectionId: collection.id, editId: row.id },
  });
  const edit = (await artHistory(app, collection.id)).find((entry) => entry.id === row.id);
  if (!edit) throw new AppError('CONFLICT', 'The collection was deleted meanwhile.');
  return { collection: { ...collection, job_id: row.job_id }, edit };
}

/** Drops what this process cached of a collection's art versions, publication and mint page (its images). */
function forgetArt(collectionId: string, slug: string): void {
  versionsCache.delete(collectionId);
  forgetPublishedSlug(slug);
  forgetDrop(slug);
}
