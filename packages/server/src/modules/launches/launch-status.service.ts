import type { LaunchStatus } from '@layerloom/api';
import type { CollectionTable } from '../../db/schema.ts';
import type { App } from '../../types.ts';
import { getOwnedCollection, listWorkspaceCollectionsFor } from '../collections/collections.service.ts';
import { latestVerifiedDeployment } from '../deployments/deployments.service.ts';
import { readContractBalance } from '../drops/chain-state.ts';
import { getDrop, getDropState } from '../drops/drops.service.ts';
import { getPublication } from '../publications/publications.service.ts';

/**
 * Where one of the owner's collections stands in its launch: draft, published, deployed (sale closed),
 * live (allowlist or public sale open) or sold out, with the minted count, supply and the proceeds the
 * contract holds, read from the chain once deployed in the mint page's own round of reads (with a notice,
 * and no figures, when it cannot be read).
 */
async function statusOf(app: App, ownerId: string, collection: CollectionTable): Promise<LaunchStatus> {
  const status: LaunchStatus = {
    collectionId: collection.id,
    stage: 'draft',
    phase: null,
    minted: null,
    supply: collection.size,
    proceeds: null,
    mintPath: null,
    chainName: null,
    notice: null,
  };
  const publication = await getPublication(app, ownerId, collection.id);
  if (!publication) return status;
  status.stage = 'published';
  status.mintPath = `/mint/${publication.slug}`;
  const deployment = await latestVerifiedDeployment(app, collection.id);
  if (!deployment) return status;
  status.stage = 'deployed';
  status.chainName = deployment.chainName;
  status.supply = deployment.maxSupply;
  const { state, notice } = await getDropState(app, publication.slug);
  if (!state) return { ...status, notice };
  status.minted = state.minted;
  status.supply = state.maxSupply;
  if (state.minted >= state.maxSupply) status.stage = 'sold-out';
  else if (state.phase !== 'closed') {
    status.stage = 'live';
    status.phase = state.phase;
  }
  const { contract } = await getDrop(app, publication.slug);
  const rpcUrl = contract ? app.config.rpcUrls[contract.chainId] : undefined;
  if (contract && rpcUrl) {
    try {
      const wei = await readContractBalance(contract, rpcUrl);
      status.proceeds = { wei: wei.toString(), currency: contract.currency };
    } catch (error) {
      app.log.warn({ err: error, collectionId: collection.id }, 'could not read a contract balance');
      status.notice = `The proceeds are unavailable right now: ${contract.chainName} did not answer.`;
    }
  }
  return status;
}

/** The launch of one of the owner's collections (404 for anyone else's). */
export async function getLaunchStatus(
  app: App,
  ownerId: string,
  collectionId: string,
): Promise<LaunchStatus> {
  return statusOf(app, ownerId, await getOwnedCollection(app, ownerId, collectionId));
}

/** The launch of each collection of a workspace (left out: the user's personal one), as collections are listed. */
export async function listLaunchStatuses(
  app: App,
  ownerId: string,
  workspaceId?: string,
): Promise<LaunchStatus[]> {
  const collections = await listWorkspaceCollectionsFor(app, ownerId, workspaceId);
  return Promise.all(collections.map((collection) => statusOf(app, ownerId, collection)));
}
