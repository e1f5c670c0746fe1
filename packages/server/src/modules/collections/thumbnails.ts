import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { CollectionTable } from '../../db/schema.ts';
import { BlobNotFoundError, type BlobStore } from '../../storage/blob-store.ts';
import { collectionPrefix } from './collection-view.ts';

/** Longest side of a gallery thumbnail: sharp on 2× screens at the gallery's tile size. */
export const THUMBNAIL_SIZE = 384;

/** A token's gallery image: its body and content type. */
export interface Thumbnail {
  body: Readable | Buffer;
  contentType: 'image/png' | 'image/webp';
}

/**
 * The gallery image of token `edition`. A page of a 10,000-token collection at 2048² would
 * otherwise move hundreds of megabytes, so larger images are scaled to WebP once, on first
 * request, and kept in the blob store next to the images (deleted with the collection).
 * Images already small enough are served as they are.
 */
export async function tokenThumbnail(
  blobs: BlobStore,
  collection: Pick<CollectionTable, 'id' | 'width' | 'height'>,
  edition: number,
): Promise<Thumbnail> {
  const prefix = collectionPrefix(collection.id);
  if (Math.max(collection.width, collection.height) <= THUMBNAIL_SIZE) {
    return { body: await blobs.get(`${prefix}/images/${edition}.png`), contentType: 'image/png' };
  }
  const key = `${prefix}/thumbnails/${edition}.webp`;
  try {
    return { body: await blobs.get(key), contentType: 'image/webp' };
  } catch (error) {
    if (!(error instanceof BlobNotFoundError)) throw error;
  }
  const image = await blobs.getBuffer(`${prefix}/images/${edition}.png`);
  const webp = await sharp(image)
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82, effort: 2 })
    .toBuffer();
  // Two first requests at once both write the same bytes; either copy is right.
  await blobs.put(key, webp);
  return { body: webp, contentType: 'image/webp' };
}
