import type {
  DropPage,
  FieldError,
  MintPageEditor,
  MintPageImageKind,
  MintPageSettings,
} from '@layerloom/api';
import type { CollectionTable, MintPageTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { getOwnedCollection } from '../collections/collections.service.ts';
import { withheldBy } from '../publications/placeholder.service.ts';
import { findPublication } from '../publications/publications.repository.ts';
import { COLLAGE_BANNER, mintPageImageKey, storeMintPageImage } from './mint-page-images.ts';
import { findMintPage, saveMintPage } from './mint-pages.repository.ts';

/** Images a page shows until the creator chooses: the first dozen. */
export const DEFAULT_GALLERY_COUNT = 12;

/** The page before the creator saves anything: the collection's name, description and collage, no links. */
export function defaultMintPageSettings(collection: Pick<CollectionTable, 'size'>): MintPageSettings {
  return {
    title: '',
    description: '',
    links: { website: null, x: null, discord: null },
    accentColor: null,
    banner: null,
    logo: null,
    gallery: { mode: 'first', count: Math.min(DEFAULT_GALLERY_COUNT, collection.size) },
  };
}

/** The saved settings of a collection's page, or its defaults. */
export function mintPageSettings(
  collection: Pick<CollectionTable, 'size'>,
  row: MintPageTable | undefined,
): MintPageSettings {
  return row ? (JSON.parse(row.settings) as MintPageSettings) : defaultMintPageSettings(collection);
}

/** The token numbers the gallery shows, in order. */
export function galleryTokenIds(settings: MintPageSettings, size: number): number[] {
  const { gallery } = settings;
  if (gallery.mode === 'chosen') return gallery.tokenIds.filter((id) => id <= size);
  return Array.from({ length: Math.min(gallery.count, size) }, (_, index) => index + 1);
}

/** The page's look for its public data: absolute URLs under the drop's slug. */
export function dropPageView(
  collection: Pick<CollectionTable, 'name'>,
  settings: MintPageSettings,
  imageBaseUrl: string,
  isArtHidden: boolean,
): DropPage {
  // Before a pre-reveal drop's reveal the collage would show the art: no banner unless one was uploaded.
  const banner = settings.banner ?? (isArtHidden ? null : COLLAGE_BANNER);
  return {
    title: settings.title || collection.name,
    bannerUrl: banner ? `${imageBaseUrl}${banner}` : null,
    logoUrl: settings.logo ? `${imageBaseUrl}${settings.logo}` : null,
    accentColor: settings.accentColor,
    links: settings.links,
  };
}

/** Where anyone reads a published page's banner and logo. */
export function publicImageBaseUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/api/v1/drops/${slug}/images/`;
}

/** Where the owner reads the page's images before they are saved or published. */
export function ownerImageBaseUrl(collectionId: string): string {
  return `/api/v1/collections/${collectionId}/mint-page/images/`;
}

/** The owner's ready collection (the collage and images exist only once it is generated); 404 for anyone else. */
export async function readyOwnedCollection(app: App, ownerId: string, collectionId: string) {
  const collection = await getOwnedCollection(app, ownerId, collectionId);
  const progress = await app.jobs.progress(collection.job_id);
  if (progress?.status !== 'succeeded') {
    throw new AppError(
      'CONFLICT',
      'The collection is not generated yet: its mint page can be set up once it is',
    );
  }
  return collection;
}

async function editorView(app: App, collection: CollectionTable): Promise<MintPageEditor> {
  const [row, publication] = await Promise.all([
    findMintPage(app.database.db, collection.id),
    findPublication(app.database.db, collection.id),
  ]);
  const imageBaseUrl = ownerImageBaseUrl(collection.id);
  const withheld = publication ? await withheldBy(app, publication) : undefined;
  return {
    settings: mintPageSettings(collection, row),
    collectionName: collection.name,
    collectionDescription: collection.description,
    size: collection.size,
    width: collection.width,
    height: collection.height,
    slug: publication?.slug ?? null,
    imageBaseUrl,
    collageUrl: `${imageBaseUrl}${COLLAGE_BANNER}`,
    isCollageHidden: withheld !== undefined,
    tokenImageBaseUrl: `/api/v1/collections/${collection.id}/images/`,
    updatedAt: row?.updated_at ?? null,
  };
}

/** The owner's page settings with what the editor's preview needs. */
export async function getMintPageEditor(app: App, ownerId: string, collectionId: string) {
  return editorView(app, await readyOwnedCollection(app, ownerId, collectionId));
}

/** Called after a save, so this process shows the new page at once (others within the drop cache's TTL). */
type OnSaved = (slug: string) => void;

/**
 * Saves the page's settings after checking what the schema cannot: chosen tokens exist in the collection
 * and the banner and logo were uploaded for it. Any problem names its field and nothing is written.
 */
export async function updateMintPage(
  app: App,
  ownerId: string,
  collectionId: string,
  settings: MintPageSettings,
  onSaved: OnSaved,
) {
  const collection = await readyOwnedCollection(app, ownerId, collectionId);
  const fields: FieldError[] = [];
  const { gallery } = settings;
  if (gallery.mode === 'first' && gallery.count > collection.size) {
    fields.push({
      path: 'gallery.count',
      message: `The collection has ${collection.size} tokens: show at most ${collection.size}`,
    });
  }
  if (gallery.mode === 'chosen') {
    const missing = gallery.tokenIds.filter((id) => id > collection.size);
    if (missing.length > 0) {
      fields.push({
        path: 'gallery.tokenIds',
        message: `No token #${missing[0]}: the collection has tokens 1 to ${collection.size}`,
      });
    }
  }
  for (const kind of ['banner', 'logo'] as const) {
    const name = settings[kind];
    if (
      name &&
      (!name.startsWith(`${kind}-`) || !(await app.blobs.stat(mintPageImageKey(collection.id, name))))
    ) {
      fields.push({ path: kind, message: `Upload the ${kind} again: this image is not known` });
    }
  }
  if (fields.length > 0) {
    throw new AppError('VALIDATION_FAILED', fields[0]!.message, { fields });
  }
  await saveMintPage(app.database.db, {
    collection_id: collection.id,
    owner_id: ownerId,
    settings: JSON.stringify(settings),
    updated_at: new Date().toISOString(),
  });
  const view = await editorView(app, collection);
  if (view.slug) onSaved(view.slug);
  return view;
}

/** Stores an uploaded banner or logo for the owner's collection; the page uses it once saved with its name. */
export async function uploadMintPageImage(
  app: App,
  ownerId: string,
  collectionId: string,
  kind: MintPageImageKind,
  bytes: Buffer,
) {
  const collection = await readyOwnedCollection(app, ownerId, collectionId);
  const name = await storeMintPageImage(app.blobs, collection.id, kind, bytes);
  return { name, url: `${ownerImageBaseUrl(collection.id)}${name}` };
}
