import { createHash } from 'node:crypto';
import { MIN_UPLOAD_BYTES, MINT_PAGE_IMAGE_MAX_BYTES, type MintPageImageKind } from '@layerloom/api';
import { createCollage, detectImageType } from '@layerloom/engine';
import sharp from 'sharp';
import type { CollectionTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { collectionPrefix } from '../collections/collection-view.ts';
import { collectionSource } from '../collections/downloads.ts';

/** Largest image decoded, in pixels (as for trait images): more is a decompression bomb. */
const MAX_INPUT_PIXELS = 8192 * 8192;

/** What each kind becomes: a wide banner kept within 1600 × 800, a square logo of 256 px. */
const SIZES: Record<MintPageImageKind, { width: number; height: number; fit: 'inside' | 'cover' }> = {
  banner: { width: 1600, height: 800, fit: 'inside' },
  logo: { width: 256, height: 256, fit: 'cover' },
};

const LABELS: Record<MintPageImageKind, string> = { banner: 'The banner', logo: 'The logo' };

/** Where a collection's mint page images live in the blob store (removed with the collection). */
export function mintPageImageKey(collectionId: string, name: string): string {
  return `${collectionPrefix(collectionId)}/mint-page/${name}`;
}

/** The collage banner's name: made once from the collection's collage. */
export const COLLAGE_BANNER = 'collage.webp';

/**
 * The narrower copies made beside each banner (at upload, and with the collage), named `<banner>-640.webp`
 * and `<banner>-1024.webp`: the page's `<picture>` sends a phone the 640 px one and a tablet the 1024 px
 * one, so only a wide screen downloads the 1600 px banner.
 */
export const BANNER_VARIANT_WIDTHS = [640, 1024] as const;
export type BannerVariantWidth = (typeof BANNER_VARIANT_WIDTHS)[number];

/** A mint page image's name: the collage or an uploaded banner (either maybe a narrower copy), or a logo. */
export const MINT_PAGE_IMAGE_NAME =
  /^(?:(?:collage|banner-[0-9a-f]{24})(?:-(?:640|1024))?|logo-[0-9a-f]{24})\.webp$/;

/** The image a name stands for (`banner-….webp` for `banner-…-640.webp`) and the copy's width, if one. */
export function parseMintPageImageName(name: string): { master: string; width?: BannerVariantWidth } {
  const match = /^(.*)-(640|1024)\.webp$/.exec(name);
  if (!match?.[1]) return { master: name };
  return { master: `${match[1]}.webp`, width: Number(match[2]) as BannerVariantWidth };
}

/** The name of a banner's copy `width` px wide. */
export function bannerVariantName(master: string, width: BannerVariantWidth): string {
  return master.replace(/\.webp$/, `-${width}.webp`);
}

const variantsInFlight = new Map<string, Promise<void>>();

/** Makes the narrower copies of a stored banner that are missing (once; concurrent calls share the work). */
async function makeBannerVariants(
  blobs: BlobStore,
  collectionId: string,
  master: string,
  bytes?: Buffer,
): Promise<void> {
  const masterKey = mintPageImageKey(collectionId, master);
  let pending = variantsInFlight.get(masterKey);
  if (!pending) {
    pending = (async () => {
      let source = bytes;
      for (const width of BANNER_VARIANT_WIDTHS) {
        const key = mintPageImageKey(collectionId, bannerVariantName(master, width));
        if (await blobs.stat(key)) continue;
        source ??= await blobs.getBuffer(masterKey);
        const copy = await sharp(source)
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer();
        await blobs.put(key, copy);
      }
    })().finally(() => variantsInFlight.delete(masterKey));
    variantsInFlight.set(masterKey, pending);
  }
  await pending;
}

/**
 * Makes sure the image a name stands for exists: the collage is made on first use; a banner's narrower copy
 * is made from the banner when missing (banners uploaded before the copies existed).
 */
export async function ensureMintPageImage(
  blobs: BlobStore,
  collection: CollectionTable,
  name: string,
): Promise<void> {
  const { master, width } = parseMintPageImageName(name);
  if (master === COLLAGE_BANNER) await ensureCollageBanner(blobs, collection);
  if (width !== undefined && (await blobs.stat(mintPageImageKey(collection.id, master)))) {
    await makeBannerVariants(blobs, collection.id, master);
  }
}

function refuse(kind: MintPageImageKind, message: string): AppError {
  return new AppError('BAD_REQUEST', message, { fields: [{ path: kind, message }] });
}

/**
 * Checks an uploaded banner or logo by its content (PNG, JPEG, GIF or WebP, decodable to the end, within the
 * size and pixel limits), resizes it for the page and stores it as WebP under a name made from its bytes.
 */
export async function storeMintPageImage(
  blobs: BlobStore,
  collectionId: string,
  kind: MintPageImageKind,
  bytes: Buffer,
): Promise<string> {
  const label = LABELS[kind];
  if (bytes.length > MINT_PAGE_IMAGE_MAX_BYTES) {
    throw refuse(kind, `${label} is too big: at most ${MINT_PAGE_IMAGE_MAX_BYTES / 1024 / 1024} MB`);
  }
  if (bytes.length < MIN_UPLOAD_BYTES)
    throw refuse(kind, `${label} file is empty or too small to be an image`);
  const detected = detectImageType(bytes);
  if (!detected.supported) {
    throw refuse(kind, `${label} is not a supported image (use PNG, JPEG, GIF or WebP)`);
  }
  const size = SIZES[kind];
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({
        width: size.width,
        height: size.height,
        fit: size.fit,
        withoutEnlargement: kind === 'banner',
      })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) {
      throw refuse(kind, `${label} is too large: at most ${MAX_INPUT_PIXELS.toLocaleString('en-US')} pixels`);
    }
    throw refuse(kind, `${label} is corrupt or truncated and cannot be read`);
  }
  const name = `${kind}-${createHash('sha256').update(webp).digest('hex').slice(0, 24)}.webp`;
  const key = mintPageImageKey(collectionId, name);
  if (!(await blobs.stat(key))) await blobs.put(key, webp);
  if (kind === 'banner') await makeBannerVariants(blobs, collectionId, name, webp);
  return name;
}

const collageInFlight = new Map<string, Promise<void>>();

/**
 * The default banner's grid: full rows only (no empty cells), one to three rows of at most 16 tokens,
 * so it is wide like a banner whatever the collection's size.
 */
export function collageBannerLayout(size: number): { count: number; columns: number } {
  const rows = Math.min(3, Math.max(1, Math.floor(Math.sqrt(size / 4))));
  const columns = Math.max(1, Math.min(16, Math.floor(size / rows)));
  return { count: Math.min(size, rows * columns), columns };
}

/** Makes the default banner, a collage of the collection's first tokens (once; later calls find it stored). */
export async function ensureCollageBanner(blobs: BlobStore, collection: CollectionTable): Promise<void> {
  const key = mintPageImageKey(collection.id, COLLAGE_BANNER);
  if (await blobs.stat(key)) return;
  let pending = collageInFlight.get(key);
  if (!pending) {
    pending = (async () => {
      const chunks: Buffer[] = [];
      const layout = collageBannerLayout(collection.size);
      for await (const chunk of createCollage(collectionSource(blobs, collection), {
        tile: 200,
        ...layout,
      })) {
        chunks.push(Buffer.from(chunk));
      }
      const webp = await sharp(Buffer.concat(chunks), { limitInputPixels: false })
        .resize({ width: 1600, height: 800, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      await makeBannerVariants(blobs, collection.id, COLLAGE_BANNER, webp);
      // The banner last: once it exists, its copies do too.
      await blobs.put(key, webp);
    })().finally(() => collageInFlight.delete(key));
    collageInFlight.set(key, pending);
  }
  await pending;
}
