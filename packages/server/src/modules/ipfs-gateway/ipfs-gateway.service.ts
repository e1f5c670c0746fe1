import { ipfsTokenMetadata } from '@layerloom/engine';
import { CID } from 'multiformats/cid';
import type { CollectionTable } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { BlobNotFoundError } from '../../storage/blob-store.ts';
import type { App } from '../../types.ts';
import { artImageKey, artVersionsOf } from '../collections/art-edits.service.ts';
import { collectionPrefix } from '../collections/collection-view.ts';
import { collectionById } from '../collections/collections.service.ts';
import { collectionSource } from '../collections/downloads.ts';
import { findPublicationByCid } from '../publications/ipfs.repository.ts';
import type { CarIndex } from '../publications/ipfs-car-index.ts';
import { carIndex, type IpfsFolder } from '../publications/ipfs-publish.service.ts';

/** A CID the gateway serves: one of the two folders of a collection published on IPFS. */
export interface GatewayFolder {
  /** The CID as stored (CIDv1, base32). */
  cid: string;
  folder: IpfsFolder;
  collection: CollectionTable;
  imagesCid: string;
  /** The art version this folder holds (the publication's when it was pinned): replaced art comes later. */
  artVersion: number;
}

/** Parses a CID as written in a URL (CIDv0 or v1, base32/base36/base58btc) to its stored form; 400 when it is not one. */
export function normaliseCid(text: string): string {
  try {
    return CID.parse(text).toV1().toString();
  } catch (error) {
    throw new AppError('BAD_REQUEST', 'That is not a valid CID.', { cause: error });
  }
}

/**
 * How long a found CID is served without asking the database again: published files never change, but a
 * deleted collection's must stop being served. Unknown CIDs are not cached (anyone could fill the cache).
 */
const LOOKUP_TTL_MS = 60_000;
const lookups = new Map<string, { at: number; found: GatewayFolder }>();
const LOOKUP_CACHE_SIZE = 10_000;

/** The published folder a CID names, or a 404. */
export async function gatewayFolder(app: App, cid: string): Promise<GatewayFolder> {
  const cached = lookups.get(cid);
  if (cached && Date.now() - cached.at < LOOKUP_TTL_MS) return cached.found;
  lookups.delete(cid);
  const publication = await findPublicationByCid(app.database.db, cid);
  const collection = publication ? await collectionById(app, publication.collection_id) : undefined;
  if (!publication || !collection || !publication.ipfs_images_cid) throw notFound('Content');
  const found: GatewayFolder = {
    cid,
    folder: publication.ipfs_images_cid === cid ? 'images' : 'metadata',
    collection,
    imagesCid: publication.ipfs_images_cid,
    artVersion: publication.art_version ?? 1,
  };
  lookups.set(cid, { at: Date.now(), found });
  if (lookups.size > LOOKUP_CACHE_SIZE) lookups.delete(lookups.keys().next().value as string);
  return found;
}

/** Whether this server's gateway answers a CID (stored form): a folder of a collection published on IPFS here. */
export async function isHeld(app: App, cid: string): Promise<boolean> {
  try {
    await gatewayFolder(app, cid);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return false;
    throw error;
  }
}

/** Indexes of the folders recently read (a few hundred KB each for 10,000 tokens). */
const indexes = new Map<string, Promise<CarIndex>>();
const INDEX_CACHE_SIZE = 32;

/** The folder's index (from the blob store once, then from memory). */
export function folderIndex(app: App, folder: GatewayFolder): Promise<CarIndex> {
  let pending = indexes.get(folder.cid);
  if (!pending) {
    pending = carIndex(app, folder.collection, folder.folder);
    indexes.set(folder.cid, pending);
    pending.catch(() => indexes.delete(folder.cid));
    if (indexes.size > INDEX_CACHE_SIZE) indexes.delete(indexes.keys().next().value as string);
  }
  return pending;
}

/** Files recently served, by `cid/name`, up to a total size: a drop reads the same few files at once. */
const files = new Map<string, Buffer>();
const FILE_CACHE_BYTES = 64 * 1024 * 1024;
const FILE_CACHE_ITEM_BYTES = 2 * 1024 * 1024;
let fileCacheBytes = 0;

/** The edition a file name in the folder names (`7.png`, an animated token's `7.webp|gif|mp4`, `7.json`), or undefined. */
export function editionOf(folder: GatewayFolder, name: string): number | undefined {
  const match = (folder.folder === 'images' ? /^(\d{1,6})\.(?:png|webp|gif|mp4)$/ : /^(\d{1,6})\.json$/).exec(
    name,
  );
  const edition = match ? Number(match[1]) : 0;
  return edition >= 1 && edition <= folder.collection.size ? edition : undefined;
}

/**
 * Bytes made once and kept (up to a total size, oldest out first): files, path CARs and blocks of
 * published content never change, and a drop reads the same few at once.
 */
export async function cachedBytes(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const cached = files.get(key);
  if (cached) return cached;
  const body = await make();
  if (body.length <= FILE_CACHE_ITEM_BYTES && !files.has(key)) {
    files.set(key, body);
    fileCacheBytes += body.length;
    while (fileCacheBytes > FILE_CACHE_BYTES) {
      const [oldest, value] = files.entries().next().value as [string, Buffer];
      files.delete(oldest);
      fileCacheBytes -= value.length;
    }
  }
  return body;
}

/**
 * A file's bytes exactly as they are in the folder's CAR (the poster or animation, or the metadata pointing at
 * `ipfs://`); `name` is one `editionOf` accepts.
 */
export function fileBytes(app: App, folder: GatewayFolder, edition: number, name: string): Promise<Buffer> {
  return cachedBytes(`${folder.cid}/${name}`, async () => {
    try {
      const id = folder.collection.id;
      // A token's image as pinned: art replaced since then is in the collection's files but not in this CID.
      const imageKey = name.endsWith('.png')
        ? artImageKey(id, await artVersionsOf(app, id), folder.artVersion, edition)
        : `${collectionPrefix(id)}/images/${name}`;
      return folder.folder === 'images'
        ? await app.blobs.getBuffer(imageKey)
        : Buffer.from(
            await ipfsTokenMetadata(
              collectionSource(app.blobs, folder.collection),
              folder.imagesCid,
              edition,
            ),
          );
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw notFound('Content');
      throw error;
    }
  });
}

/** The stored CAR of a whole folder, streamed. */
export function folderCar(app: App, folder: GatewayFolder) {
  return app.blobs.get(`${collectionPrefix(folder.collection.id)}/exports/${folder.folder}.car`);
}
