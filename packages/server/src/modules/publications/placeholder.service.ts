import {
  DEFAULT_PLACEHOLDER_DESCRIPTION,
  defaultPlaceholderName,
  type Placeholder,
  PlaceholderFieldsSchema,
} from '@layerloom/api';
import { getChain, layerloomCollectionAbi } from '@layerloom/contracts';
import { type Address, createPublicClient, http } from 'viem';
import type { PlaceholderTable, PublicationTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { collectionPrefix } from '../collections/collection-view.ts';
import { getOwnedCollection } from '../collections/collections.service.ts';
import { latestVerifiedDeployment, listDeployments } from '../deployments/deployments.service.ts';
import { readDropState } from '../drops/chain-state.ts';
import {
  deletePlaceholderRow,
  findPlaceholder,
  markRevealed,
  upsertPlaceholder,
} from './placeholder.repository.ts';
import {
  type CheckedPlaceholderImage,
  type PlaceholderImageType,
  placeholderExtensions,
} from './placeholder-image.ts';
import { findPublication } from './publications.repository.ts';
import { publishedBySlug } from './publications.service.ts';

/** The public URLs of a collection's placeholder: its metadata (stable) and its image (named by its hash). */
export function placeholderUrls(
  publicUrl: string,
  slug: string,
  row: Pick<PlaceholderTable, 'image_hash' | 'image_type'>,
) {
  return {
    metadataUrl: `${publicUrl}/hosted/${slug}/placeholder.json`,
    imageUrl: `${publicUrl}/hosted/${slug}/placeholder/${imageFileName(row)}`,
  };
}

/** The file name of a placeholder image in its URL: the first 16 bytes of its SHA-256, and its extension. */
export function imageFileName(row: Pick<PlaceholderTable, 'image_hash' | 'image_type'>): string {
  return `${row.image_hash.slice(0, 32)}.${placeholderExtensions[row.image_type as PlaceholderImageType]}`;
}

export function placeholderView(row: PlaceholderTable, slug: string, publicUrl: string): Placeholder {
  return {
    name: row.name,
    description: row.description,
    ...placeholderUrls(publicUrl, slug, row),
    imageType: row.image_type as PlaceholderImageType,
    updatedAt: row.updated_at,
    revealedAt: row.revealed_at,
  };
}

/** The owner's published collection (404 for anyone else; 409 before it is published). */
async function ownedPublication(app: App, ownerId: string, collectionId: string) {
  const collection = await getOwnedCollection(app, ownerId, collectionId);
  const publication = await findPublication(app.database.db, collection.id);
  if (!publication) {
    throw new AppError(
      'CONFLICT',
      'Publish the collection first: the placeholder is served beside its files.',
    );
  }
  return { collection, publication };
}

/** The owner's placeholder, or null when none is set. */
export async function getPlaceholder(app: App, ownerId: string, collectionId: string) {
  const { publication } = await ownedPublication(app, ownerId, collectionId);
  const row = await findPlaceholder(app.database.db, publication.collection_id);
  return row ? placeholderView(row, publication.slug, app.config.publicUrl) : null;
}

/**
 * Sets the placeholder: a new image (required the first time; checked before anything is written) and its
 * metadata name and description (defaults "<Collection> #?" and "Revealed soon"; an omitted field keeps its
 * value). Setting one makes the collection pre-reveal: its own files are withheld until the reveal.
 */
export async function setPlaceholder(
  app: App,
  ownerId: string,
  collectionId: string,
  input: {
    image: CheckedPlaceholderImage | undefined;
    name?: string | undefined;
    description?: string | undefined;
  },
) {
  const { collection, publication } = await ownedPublication(app, ownerId, collectionId);
  const existing = await findPlaceholder(app.database.db, collection.id);
  if (existing?.revealed_at) {
    throw new AppError(
      'CONFLICT',
      'This collection is revealed: its placeholder is no longer shown and cannot change.',
    );
  }
  const parsed = PlaceholderFieldsSchema.safeParse({
    name: input.name ?? existing?.name ?? defaultPlaceholderName(collection.name),
    description: input.description ?? existing?.description ?? DEFAULT_PLACEHOLDER_DESCRIPTION,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue?.message ?? 'The placeholder is invalid.';
    throw new AppError('BAD_REQUEST', message, {
      fields: [{ path: String(issue?.path[0] ?? 'name'), message }],
    });
  }
  if (!input.image && !existing) {
    const message = 'Choose a placeholder image (PNG, JPEG, WebP or GIF).';
    throw new AppError('BAD_REQUEST', message, { fields: [{ path: 'image', message }] });
  }
  let image = existing
    ? { key: existing.image_key, type: existing.image_type, hash: existing.image_hash }
    : undefined;
  if (input.image) {
    const { bytes, type, hash } = input.image;
    const key = `${collectionPrefix(collection.id)}/placeholder/${hash}.${placeholderExtensions[type]}`;
    await app.blobs.put(key, bytes);
    image = { key, type, hash };
  }
  if (!image) throw new Error('unreachable: a placeholder without an image');
  const row: PlaceholderTable = {
    collection_id: collection.id,
    owner_id: ownerId,
    image_key: image.key,
    image_type: image.type,
    image_hash: image.hash,
    name: parsed.data.name,
    description: parsed.data.description,
    updated_at: new Date().toISOString(),
    revealed_at: null,
  };
  await upsertPlaceholder(app.database.db, row);
  if (existing && existing.image_key !== row.image_key) await app.blobs.delete(existing.image_key);
  forget(collection.id, publication.slug);
  return placeholderView(row, publication.slug, app.config.publicUrl);
}

/**
 * Removes the placeholder before the reveal: the collection is no longer pre-reveal, and its hosted files
 * (and the collage banner) are served at once. Refused (409, nothing changed) after the reveal, and once a
 * contract has been deployed for the collection: a pre-reveal contract's `tokenURI` points at the
 * placeholder's metadata until its reveal, so removing it would break every minted token's metadata in
 * wallets and marketplaces, and show the art to collectors before the reveal the contract promises (a
 * deployment record does not say whether it was deployed pre-reveal, and an unverified one cannot be read,
 * so any deployment counts). Answers the publication's slug.
 */
export async function removePlaceholder(app: App, ownerId: string, collectionId: string): Promise<string> {
  const { collection, publication } = await ownedPublication(app, ownerId, collectionId);
  const existing = await findPlaceholder(app.database.db, collection.id);
  if (!existing) throw new AppError('NOT_FOUND', 'This collection has no placeholder to remove.');
  if (existing.revealed_at) {
    throw new AppError(
      'CONFLICT',
      'This collection is revealed: its placeholder is part of its history and cannot be removed.',
    );
  }
  const [deployment] = await listDeployments(app, ownerId, collection.id);
  if (deployment) {
    throw new AppError(
      'CONFLICT',
      `Your contract on ${deployment.chainName} (${deployment.address}) shows this placeholder until you reveal it, so it cannot be removed: minted tokens would lose their metadata and the art would show before the reveal. Reveal the collection from the drop panel instead.`,
    );
  }
  await deletePlaceholderRow(app.database.db, collection.id);
  await app.blobs.delete(existing.image_key);
  forget(collection.id, publication.slug);
  return publication.slug;
}

/** Reads `revealed()` from the chain now (not from a cache): the owner asks right after the reveal's transaction. */
async function isRevealedOnChain(chainId: number, address: string, rpcUrl: string): Promise<boolean> {
  const client = createPublicClient({
    chain: getChain({ chainId }).chain,
    transport: http(rpcUrl, { timeout: 5_000, retryCount: 1 }),
  });
  return client.readContract({
    address: address as Address,
    abi: layerloomCollectionAbi,
    functionName: 'revealed',
  });
}

/**
 * Records the reveal after the owner's wallet sent it: the server checks on chain that the collection's
 * verified contract (the one its drop sells from) is revealed, and only then serves the collection's files.
 * Without a placeholder nothing was withheld, and this answers null.
 */
export async function recordReveal(app: App, ownerId: string, collectionId: string) {
  const { collection, publication } = await ownedPublication(app, ownerId, collectionId);
  const deployment = await latestVerifiedDeployment(app, collection.id);
  if (!deployment) {
    throw new AppError(
      'CONFLICT',
      'This collection has no verified contract yet, so there is no reveal to check.',
    );
  }
  const rpcUrl = app.config.rpcUrls[deployment.chainId];
  if (!rpcUrl) {
    throw new AppError(
      'CONFLICT',
      `Layerloom cannot read ${deployment.chainName}: no RPC is configured for it.`,
    );
  }
  let revealed: boolean;
  try {
    revealed = await isRevealedOnChain(deployment.chainId, deployment.address, rpcUrl);
  } catch (error) {
    throw new AppError(
      'UNAVAILABLE',
      `${deployment.chainName} did not answer, so the reveal could not be checked. Try again in a moment.`,
      { cause: error },
    );
  }
  if (!revealed) {
    throw new AppError(
      'CONFLICT',
      'The contract is not revealed on chain yet: reveal it from your wallet first.',
    );
  }
  await markRevealed(app.database.db, collection.id, new Date().toISOString());
  forget(collection.id, publication.slug);
  const row = await findPlaceholder(app.database.db, collection.id);
  return row ? placeholderView(row, publication.slug, app.config.publicUrl) : null;
}

/**
 * How long a publication's reveal state is reused. Withheld files are asked for rarely (by people guessing
 * URLs, or marketplaces refreshing), but the answer must not cost a database and chain read each time.
 */
const STATE_TTL_MS = 5_000;
const states = new Map<string, { at: number; pending: Promise<PlaceholderTable | undefined> }>();
const bySlug = new Map<
  string,
  { at: number; pending: Promise<{ row: PlaceholderTable; publication: PublicationTable } | undefined> }
>();

function forget(collectionId: string, slug: string): void {
  states.delete(collectionId);
  bySlug.delete(slug);
}

/**
 * The rule that keeps a pre-reveal drop's art hidden. A collection with a placeholder is pre-reveal: the
 * contract's `tokenURI` returns the placeholder, but `/hosted/{slug}/metadata/{id}` and `/images/{id}.png`
 * are public URLs anyone can guess, so until the reveal is known they answer the placeholder instead of
 * the token's own file (uncached; see `sendWithheld`). The reveal is
 * known when it is recorded (the owner's reveal action, checked on chain by `recordReveal`) or, should
 * that call never come (the browser closed after the transaction), when this check reads the collection's
 * verified contract as revealed on chain (through the drop's shared, briefly cached state read). A chain
 * that does not answer keeps the files withheld: failing closed is the point.
 *
 * Returns the placeholder while the collection's own files must be withheld, undefined when they are public.
 */
export function withheldBy(app: App, publication: Pick<PublicationTable, 'collection_id'>) {
  const key = publication.collection_id;
  const cached = states.get(key);
  if (cached && Date.now() - cached.at < STATE_TTL_MS) return cached.pending;
  const pending = checkWithheld(app, key);
  states.set(key, { at: Date.now(), pending });
  pending.catch(() => states.delete(key));
  if (states.size > 10_000) states.delete(states.keys().next().value as string);
  return pending;
}

async function checkWithheld(app: App, collectionId: string): Promise<PlaceholderTable | undefined> {
  const row = await findPlaceholder(app.database.db, collectionId);
  if (!row || row.revealed_at) return undefined;
  const deployment = await latestVerifiedDeployment(app, collectionId);
  const rpcUrl = deployment ? app.config.rpcUrls[deployment.chainId] : undefined;
  if (!deployment || !rpcUrl) return row;
  try {
    const state = await readDropState(
      {
        chainId: deployment.chainId,
        chainName: deployment.chainName,
        currency: getChain({ chainId: deployment.chainId }).chain.nativeCurrency.symbol,
        address: deployment.address,
        explorerUrl: deployment.explorerUrl,
      },
      rpcUrl,
    );
    if (!state.revealed) return row;
  } catch (error) {
    app.log.warn({ err: error, collectionId }, 'could not read whether a pre-reveal drop is revealed');
    return row;
  }
  await markRevealed(app.database.db, collectionId, new Date().toISOString());
  return undefined;
}

/**
 * A published collection's placeholder by its public slug, cached briefly like the reveal state. Only found
 * placeholders are kept, so unknown slugs cannot fill the cache.
 */
export function placeholderBySlug(app: App, slug: string) {
  const cached = bySlug.get(slug);
  if (cached && Date.now() - cached.at < STATE_TTL_MS) return cached.pending;
  const pending = (async () => {
    const publication = await publishedBySlug(app, slug);
    const row = publication ? await findPlaceholder(app.database.db, publication.collection_id) : undefined;
    return publication && row ? { row, publication } : undefined;
  })();
  bySlug.set(slug, { at: Date.now(), pending });
  pending.then(
    (found) => {
      if (!found) bySlug.delete(slug);
    },
    () => bySlug.delete(slug),
  );
  if (bySlug.size > 10_000) bySlug.delete(bySlug.keys().next().value as string);
  return pending;
}
