import type { Drop } from '@layerloom/api';
import { getChain } from '@layerloom/contracts';
import { notFound } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { collectionById } from '../collections/collections.service.ts';
import { latestVerifiedDeployment } from '../deployments/deployments.service.ts';
import { noticeDropSale } from '../notifications/drop-notices.ts';
import { withheldBy } from '../publications/placeholder.service.ts';
import { hostedBase, publishedBySlug } from '../publications/publications.service.ts';
import { emitMintSeen } from '../webhooks/mint-seen.ts';
import { readDropState } from './chain-state.ts';
import { findMintPage } from './mint-pages.repository.ts';
import { dropPageView, galleryTokenIds, mintPageSettings, publicImageBaseUrl } from './mint-pages.service.ts';

const DROP_TTL_MS = 15_000;
const drops = new Map<string, { at: number; drop: Drop; body?: string }>();

/** A published collection's public page data (cached briefly once on sale); a 404 for anything unpublished. */
export async function getDrop(app: App, slug: string): Promise<Drop> {
  const cached = drops.get(slug);
  if (cached && Date.now() - cached.at < DROP_TTL_MS) return cached.drop;
  const published = await publishedBySlug(app, slug);
  const collection = published ? await collectionById(app, published.collection_id) : undefined;
  if (!published || !collection) throw notFound('Drop');
  const { baseUri, imageBaseUri } = hostedBase(app.config.publicUrl, published.slug, published.art_version);
  const [deployment, pageRow, withheld] = await Promise.all([
    latestVerifiedDeployment(app, collection.id),
    findMintPage(app.database.db, collection.id),
    withheldBy(app, published),
  ]);
  const settings = mintPageSettings(collection, pageRow);
  const tokenIds = galleryTokenIds(settings, collection.size);
  const drop: Drop = {
    slug: published.slug,
    name: collection.name,
    description: settings.description || collection.description,
    size: collection.size,
    width: collection.width,
    height: collection.height,
    images: tokenIds.map((id) => `${imageBaseUri}${id}.png`),
    imageTokenIds: tokenIds,
    page: dropPageView(
      collection,
      settings,
      publicImageBaseUrl(app.config.publicUrl, published.slug),
      withheld !== undefined,
    ),
    metadataBaseUri: baseUri,
    contract: deployment
      ? {
          chainId: deployment.chainId,
          chainName: deployment.chainName,
          currency: getChain({ chainId: deployment.chainId }).chain.nativeCurrency.symbol,
          address: deployment.address,
          explorerUrl: deployment.explorerUrl,
        }
      : null,
    walletConnectProjectId: app.config.walletConnectProjectId ?? null,
  };
  // Only a drop on sale is cached: until its contract is verified the page must show it as soon as it is.
  if (drop.contract) {
    drops.set(slug, { at: Date.now(), drop });
    if (drops.size > 1000) drops.delete(drops.keys().next().value as string);
  }
  return drop;
}

/**
 * The public answer of `GET /drops/{slug}` as JSON text, made once per cached drop: a drop's crowd asks for
 * the same page data thousands of times a second, and serialising it each time is most of the cost.
 */
export async function getDropBody(app: App, slug: string): Promise<string> {
  const drop = await getDrop(app, slug);
  const cached = drops.get(slug);
  if (cached?.drop === drop) {
    cached.body ??= JSON.stringify({ status: 'success', data: { drop } });
    return cached.body;
  }
  return JSON.stringify({ status: 'success', data: { drop } });
}

/** Forgets a drop's cached page data, so a saved mint page shows at once in this process. */
export function forgetDrop(slug: string): void {
  drops.delete(slug);
}

/** The drop's live sale state, or null with a notice the page shows instead (no contract yet, RPC silent). */
export async function getDropState(app: App, slug: string) {
  const { contract } = await getDrop(app, slug);
  if (!contract)
    return { state: null, notice: 'This collection is not on sale yet: its contract is not deployed.' };
  const rpcUrl = app.config.rpcUrls[contract.chainId];
  if (!rpcUrl) {
    return {
      state: null,
      notice: `Live figures are unavailable: no RPC is configured for ${contract.chainName}.`,
    };
  }
  try {
    const state = await readDropState(contract, rpcUrl);
    await noticeDropSale(app, contract, state);
    await emitMintSeen(app, contract, state);
    return { state, notice: null };
  } catch (error) {
    app.log.warn({ err: error, slug }, 'could not read a drop from the chain');
    return {
      state: null,
      notice: `Live figures are unavailable right now: ${contract.chainName} did not answer. Try again in a moment.`,
    };
  }
}
