import { randomBytes } from 'node:crypto';
import { contractJsonUrl, type Publication, type PublishBody } from '@layerloom/api';
import type { PublicationTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { unpinnedArtVersion } from '../collections/art-edits.service.ts';
import { collectionPrefix, statusOf } from '../collections/collection-view.ts';
import { getOwnedCollection } from '../collections/collections.service.ts';
import { listMetadataEdits } from '../collections/metadata-edits.repository.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.service.ts';
import { findIpfsUpload } from './ipfs.repository.ts';
import { ipfsBase } from './ipfs-base.ts';
import { provenanceHash } from './provenance.ts';
import { findPublication, findPublicationBySlug, insertPublication } from './publications.repository.ts';

/**
 * The public address of a publication's files at an art version: as published (1), or the folder of a later
 * version (`/v2/`…), since published files never change in place.
 */
export function hostedBase(publicUrl: string, slug: string, artVersion = 1) {
  const folder =
    artVersion > 1 ? `${publicUrl}/hosted/${slug}/v${artVersion}` : `${publicUrl}/hosted/${slug}`;
  return { baseUri: `${folder}/metadata/`, imageBaseUri: `${folder}/images/` };
}

export function publicationView(row: PublicationTable, publicUrl: string): Publication {
  return {
    collectionId: row.collection_id,
    mode: row.mode === 'ipfs' ? 'ipfs' : 'hosted',
    slug: row.slug,
    ...(row.mode === 'ipfs' ? ipfsBase(row) : hostedBase(publicUrl, row.slug, row.art_version)),
    provenanceHash: row.provenance_hash,
    contractUri: contractJsonUrl(publicUrl, row.slug),
    publishedAt: row.published_at,
  };
}

/** The owner's collection's publication, or null before it is published (404 for anyone else). */
export async function getPublication(app: App, ownerId: string, collectionId: string) {
  const collection = await getOwnedCollection(app, ownerId, collectionId);
  const row = await findPublication(app.database.db, collection.id);
  if (!row) return null;
  const view = publicationView(row, app.config.publicUrl);
  return row.mode === 'ipfs' ? { ...view, metadataChanged: await ipfsMetadataChanged(app, row) } : view;
}

/**
 * Whether an IPFS publication's metadata was edited after its folder was pinned: the newest metadata edit
 * is later than the publication, or than the last upload that pinned the folder it points at (an upload
 * records its CIDs before it pins, and starts with the previous ones; only one that succeeded moved the
 * publication to them).
 */
export async function ipfsMetadataChanged(app: App, row: PublicationTable): Promise<boolean> {
  if (row.mode !== 'ipfs') return false;
  // Art replaced since the last pin: the images folder changes too.
  if ((await unpinnedArtVersion(app, row.collection_id)) !== undefined) return true;
  const newest = (await listMetadataEdits(app.database.db, row.collection_id)).at(-1);
  if (!newest) return false;
  const upload = await findIpfsUpload(app.database.db, row.collection_id);
  // An upload under way carries the previous CIDs until its job computes the new ones: only one that
  // finished pinned what the publication points at.
  const pinned =
    upload &&
    upload.metadata_cid === row.ipfs_metadata_cid &&
    upload.started_at > row.published_at &&
    (await app.jobs.progress(upload.job_id))?.status === 'succeeded';
  const pinnedAt = pinned ? upload.started_at : row.published_at;
  return newest.created_at > pinnedAt;
}

/** A slug from the collection's name: lower-case words joined by dashes, plus a random tail so it is unique. */
export function slugFor(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `${words || 'collection'}-${randomBytes(3).toString('hex')}`;
}

/**
 * Publishes a ready collection, hosted by Layerloom: its provenance hash is computed over the images and
 * its files become public at stable URLs. Once only: published files never change.
 */
export async function publishCollection(app: App, ownerId: string, collectionId: string, body: PublishBody) {
  const collection = await getOwnedCollection(app, ownerId, collectionId);
  if (await findPublication(app.database.db, collection.id)) {
    throw new AppError(
      'CONFLICT',
      'This collection is already published; its files and URLs stay as they are.',
    );
  }
  if (statusOf(await app.jobs.progress(collection.job_id)) !== 'ready') {
    throw new AppError('CONFLICT', 'Publish the collection once it has finished generating.');
  }
  const prefix = collectionPrefix(collection.id);
  const row: PublicationTable = {
    collection_id: collection.id,
    owner_id: ownerId,
    mode: body.mode ?? 'hosted',
    slug: slugFor(collection.name),
    provenance_hash: await provenanceHash(
      app.blobs,
      (edition) => `${prefix}/images/${edition}.png`,
      collection.size,
    ),
    published_at: new Date().toISOString(),
  };
  try {
    await insertPublication(app.database.db, row);
  } catch (error) {
    // Two publish calls at once: the second finds the first's row.
    if (await findPublication(app.database.db, collection.id)) {
      throw new AppError(
        'CONFLICT',
        'This collection is already published; its files and URLs stay as they are.',
        {
          cause: error,
        },
      );
    }
    throw error;
  }
  const view = publicationView(row, app.config.publicUrl);
  await emitWebhookEvent(app, ownerId, 'collection.published', {
    collectionId: collection.id,
    slug: row.slug,
    mode: row.mode,
    baseUri: view.baseUri,
  });
  return view;
}

const SLUG_TTL_MS = 60_000;
const slugCache = new Map<string, { at: number; found: PublicationTable & { size: number } }>();

/** Forgets a cached publication (its art version changed). */
export function forgetPublishedSlug(slug: string): void {
  slugCache.delete(slug);
}

/**
 * A publication by slug, cached briefly: hosted files are read far more often than collections change.
 * Only found slugs are kept (unknown ones would let anyone fill the cache); a deleted collection's files
 * are gone from the store, so a cached entry cannot serve them.
 */
export async function publishedBySlug(app: App, slug: string) {
  const cached = slugCache.get(slug);
  if (cached && Date.now() - cached.at < SLUG_TTL_MS) return cached.found;
  const found = await findPublicationBySlug(app.database.db, slug);
  if (found) {
    slugCache.set(slug, { at: Date.now(), found });
    if (slugCache.size > 10_000) slugCache.delete(slugCache.keys().next().value as string);
  }
  return found;
}
