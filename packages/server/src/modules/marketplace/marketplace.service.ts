import { randomUUID } from 'node:crypto';
import {
  contractJsonUrl,
  type Deployment,
  type Marketplace,
  type MarketplaceListing,
  type MetadataUpdate,
  type MetadataUpdateKind,
  type RecordMetadataUpdateBody,
} from '@layerloom/api';
import { getChain } from '@layerloom/contracts';
import type { Address, Hash } from 'viem';
import type { CollectionTable, MetadataUpdateTable } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { collectionById, getOwnedCollection } from '../collections/collections.service.ts';
import { getCollectionMetadata } from '../collections/metadata-edits.service.ts';
import { listDeployments } from '../deployments/deployments.service.ts';
import { getPublication, publishedBySlug } from '../publications/publications.service.ts';
import {
  findListing,
  findMetadataUpdate,
  insertMetadataUpdate,
  listMetadataUpdates,
  saveListing,
  setListingIpfs,
} from './marketplace.repository.ts';
import { pinListingJson } from './pin-listing.ts';
import { readMetadataFrozen, readMetadataTransaction } from './read-metadata-transaction.ts';

/** The reason every metadata change is refused once the contract's metadata is frozen. */
export const FROZEN_REASON =
  'Metadata is frozen on chain: the collection listing and token metadata can never change again.';

/** The saved listing, or one made from the collection itself until the creator saves one. */
function listingOf(collection: CollectionTable, saved: string | undefined): MarketplaceListing {
  if (saved) return JSON.parse(saved) as MarketplaceListing;
  return {
    name: collection.name,
    description: collection.description ?? '',
    image: null,
    bannerImage: null,
    featuredImage: null,
    externalLink: null,
    collaborators: [],
    sellerFeeBasisPoints: 0,
    feeRecipient: null,
  };
}

/** The listing as marketplaces read it (OpenSea's contract-level metadata, ERC-7572); empty fields left out. */
export function contractJson(listing: MarketplaceListing): Record<string, unknown> {
  const json: Record<string, unknown> = { name: listing.name };
  if (listing.description) json.description = listing.description;
  if (listing.image) json.image = listing.image;
  if (listing.bannerImage) json.banner_image = listing.bannerImage;
  if (listing.featuredImage) json.featured_image = listing.featuredImage;
  if (listing.externalLink) json.external_link = listing.externalLink;
  if (listing.collaborators.length > 0) json.collaborators = listing.collaborators;
  if (listing.feeRecipient) {
    json.seller_fee_basis_points = listing.sellerFeeBasisPoints;
    json.fee_recipient = listing.feeRecipient;
  }
  return json;
}

function updateView(row: MetadataUpdateTable, deployment: Deployment): MetadataUpdate {
  return {
    id: row.id,
    kind: row.kind as MetadataUpdateKind,
    chainId: deployment.chainId,
    address: deployment.address,
    transactionHash: row.transaction_hash,
    blockNumber: row.block_number,
    detail: row.detail,
    createdBy: row.created_by,
    createdAt: row.created_at,
  };
}

/** What a collection's marketplace side stands on: its newest contract and that contract's updates. */
async function loadState(app: App, ownerId: string, collection: CollectionTable) {
  const [publication, deployments, listing] = await Promise.all([
    getPublication(app, ownerId, collection.id),
    listDeployments(app, ownerId, collection.id),
    findListing(app.database.db, collection.id),
  ]);
  const deployment = deployments[0];
  const updates = deployment ? await listMetadataUpdates(app.database.db, deployment.id) : [];
  return { publication, deployment, listing, updates };
}

async function marketplaceView(app: App, ownerId: string, collection: CollectionTable): Promise<Marketplace> {
  const { publication, deployment, listing, updates } = await loadState(app, ownerId, collection);
  const view = listingOf(collection, listing?.listing);
  // Metadata edits marketplaces have not been told about: saved after the last announced update (or
  // after the contract was deployed, when there is none).
  const lastAnnounced =
    updates.find((row) => row.kind !== 'contract-uri')?.created_at ?? deployment?.createdAt;
  const history = deployment ? (await getCollectionMetadata(app, ownerId, collection.id)).history : [];
  return {
    collectionId: collection.id,
    listing: view,
    savedAt: listing?.updated_at ?? null,
    contractUri: publication ? contractJsonUrl(app.config.publicUrl, publication.slug) : null,
    ipfsContractUri:
      listing?.ipfs_cid && listing.ipfs_listing_at === listing.updated_at
        ? `ipfs://${listing.ipfs_cid}`
        : null,
    contractJson: contractJson(view),
    metadataBaseUri: publication?.baseUri ?? null,
    pendingMetadataEdits: history
      .filter((edit) => lastAnnounced !== undefined && edit.createdAt > lastAnnounced)
      .map((edit) => ({ at: edit.createdAt, changes: edit.changes })),
    updates: deployment ? updates.map((row) => updateView(row, deployment)) : [],
    isFrozen: updates.some((row) => row.kind === 'freeze'),
  };
}

/** The owner's collection's listing, where it is served, and its contract's metadata updates. */
export async function getMarketplace(app: App, ownerId: string, collectionId: string): Promise<Marketplace> {
  return marketplaceView(app, ownerId, await getOwnedCollection(app, ownerId, collectionId));
}

/**
 * Whether the newest contract's metadata is frozen: recorded here, or (with an RPC for its chain) read on
 * chain, so a freeze sent from elsewhere counts too.
 */
async function isFrozen(app: App, deployment: Deployment | undefined, updates: MetadataUpdateTable[]) {
  if (updates.some((row) => row.kind === 'freeze')) return true;
  if (!deployment) return false;
  const rpcUrl = app.config.rpcUrls[deployment.chainId];
  if (!rpcUrl) return false;
  return (
    (await readMetadataFrozen(
      getChain({ chainId: deployment.chainId }),
      rpcUrl,
      deployment.address as Address,
    )) ?? false
  );
}

/** Whether the collection's newest contract has its metadata frozen (recorded here, or read on chain). */
export async function metadataFrozen(app: App, ownerId: string, collection: CollectionTable) {
  const { deployment, updates } = await loadState(app, ownerId, collection);
  return isFrozen(app, deployment, updates);
}

/** Saves the collection's listing (validated by its schema); 409 once the contract's metadata is frozen. */
export async function updateListing(
  app: App,
  user: { id: string; email: string },
  collectionId: string,
  listing: MarketplaceListing,
): Promise<Marketplace> {
  const collection = await getOwnedCollection(app, user.id, collectionId);
  const { deployment, updates } = await loadState(app, user.id, collection);
  if (await isFrozen(app, deployment, updates)) throw new AppError('CONFLICT', FROZEN_REASON);
  await saveListing(app.database.db, {
    collection_id: collection.id,
    listing: JSON.stringify(listing),
    updated_by: user.email,
    updated_at: new Date().toISOString(),
  });
  return marketplaceView(app, user.id, collection);
}

/**
 * Puts the saved listing's JSON on IPFS through the owner's pinning provider (the collection's defaults when
 * none is saved yet). Only for a collection published to IPFS, and not once frozen (409); nothing is kept when
 * the provider fails.
 */
export async function pinListing(
  app: App,
  user: { id: string; email: string },
  collectionId: string,
): Promise<Marketplace> {
  const collection = await getOwnedCollection(app, user.id, collectionId);
  const { publication, deployment, listing, updates } = await loadState(app, user.id, collection);
  if (publication?.mode !== 'ipfs') {
    throw new AppError(
      'CONFLICT',
      'Only a collection published to IPFS puts its listing there; this one is hosted by Layerloom.',
    );
  }
  if (await isFrozen(app, deployment, updates)) throw new AppError('CONFLICT', FROZEN_REASON);
  const view = listingOf(collection, listing?.listing);
  const cid = await pinListingJson(app, collection.workspace_id, contractJson(view));
  let listingAt = listing?.updated_at;
  if (!listingAt) {
    listingAt = new Date().toISOString();
    await saveListing(app.database.db, {
      collection_id: collection.id,
      listing: JSON.stringify(view),
      updated_by: user.email,
      updated_at: listingAt,
    });
  }
  await setListingIpfs(app.database.db, collection.id, cid, listingAt);
  return marketplaceView(app, user.id, collection);
}

/**
 * Records a metadata transaction the owner's wallet sent to the collection's newest contract, once read on
 * chain: 409 without a contract, without an RPC for its chain, or for a transaction already recorded; 400
 * for a transaction that is not one (another contract, failed, no metadata event); nothing is written then.
 */
export async function recordUpdate(
  app: App,
  user: { id: string; email: string },
  collectionId: string,
  body: RecordMetadataUpdateBody,
): Promise<{ update: MetadataUpdate; marketplace: Marketplace }> {
  const collection = await getOwnedCollection(app, user.id, collectionId);
  const { deployment } = await loadState(app, user.id, collection);
  if (!deployment) {
    throw new AppError(
      'CONFLICT',
      "Deploy the collection's contract first: there is nothing on chain to update.",
    );
  }
  const chain = getChain({ chainId: deployment.chainId });
  const rpcUrl = app.config.rpcUrls[deployment.chainId];
  if (!rpcUrl) {
    throw new AppError(
      'CONFLICT',
      `No RPC is configured for ${chain.name} (RPC_URL_${deployment.chainId}), so Layerloom cannot read the transaction.`,
    );
  }
  const hash = body.transactionHash.toLowerCase() as Hash;
  const already = () => new AppError('CONFLICT', `Transaction ${hash} is already recorded.`);
  if (await findMetadataUpdate(app.database.db, deployment.id, hash)) throw already();
  const found = await readMetadataTransaction(chain, rpcUrl, deployment.address as Address, hash);
  const row: MetadataUpdateTable = {
    id: randomUUID(),
    collection_id: collection.id,
    deployment_id: deployment.id,
    kind: found.kind,
    transaction_hash: hash,
    block_number: found.blockNumber.toString(),
    detail: found.detail,
    created_by: user.email,
    created_at: new Date().toISOString(),
  };
  try {
    await insertMetadataUpdate(app.database.db, row);
  } catch (error) {
    // The same transaction recorded twice at once: the first stands.
    if (await findMetadataUpdate(app.database.db, deployment.id, hash)) throw already();
    throw error;
  }
  return {
    update: updateView(row, deployment),
    marketplace: await marketplaceView(app, user.id, collection),
  };
}

/** A published collection's listing as marketplaces read it; 404 for anything unpublished. */
export async function publicContractJson(app: App, slug: string): Promise<Record<string, unknown>> {
  const published = await publishedBySlug(app, slug);
  const collection = published ? await collectionById(app, published.collection_id) : undefined;
  if (!published || !collection) throw notFound('Collection');
  const saved = await findListing(app.database.db, collection.id);
  return contractJson(listingOf(collection, saved?.listing));
}
