import { randomUUID } from 'node:crypto';
import type { Deployment, LaunchChain, RecordDeploymentBody } from '@layerloom/api';
import { getChain, getExplorerUrl, type LayerloomChain, layerloomChains } from '@layerloom/contracts';
import { type Address, getAddress, type Hash } from 'viem';
import type { DeploymentPayeeTable, DeploymentTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { getOwnedCollection } from '../collections/collections.service.ts';
import { noticeDropDeployed } from '../notifications/drop-notices.ts';
import { getPublication } from '../publications/publications.service.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.service.ts';
import { checkOnChain } from './check-on-chain.ts';
import {
  findDeploymentAt,
  findLatestVerifiedDeployment,
  insertDeployment,
  listCollectionDeployments,
  listDeploymentPayees,
  listRoyaltySplitters,
  type RoyaltySplitterRows,
} from './deployments.repository.ts';
import { startSourceVerification } from './verification.service.ts';

const payeeView = (payee: DeploymentPayeeTable) => ({ address: payee.address, shares: Number(payee.shares) });

/**
 * A deployment as the API shows it, with its payees and royalty splitter (rows of any deployments; its own
 * are picked).
 */
export function deploymentView(
  row: DeploymentTable,
  payees: readonly DeploymentPayeeTable[] = [],
  royaltySplitters: readonly RoyaltySplitterRows[] = [],
): Deployment {
  const royalty = royaltySplitters.find((entry) => entry.splitter.deployment_id === row.id);
  const chain = layerloomChains.find((entry) => entry.chain.id === row.chain_id);
  return {
    id: row.id,
    collectionId: row.collection_id,
    chainId: row.chain_id,
    chainName: chain?.name ?? `Chain ${row.chain_id}`,
    address: row.address,
    deployer: row.deployer,
    transactionHash: row.transaction_hash,
    blockNumber: row.block_number,
    name: row.name,
    symbol: row.symbol,
    maxSupply: row.max_supply,
    payees: payees
      .filter((payee) => payee.deployment_id === row.id)
      .sort((a, b) => a.position - b.position)
      .map(payeeView),
    royaltySplitter: royalty
      ? {
          address: royalty.splitter.address,
          payees: [...royalty.payees].sort((a, b) => a.position - b.position).map(payeeView),
        }
      : null,
    status: row.status === 'verified' ? 'verified' : 'unverified',
    statusReason: row.status_reason,
    explorerUrl: chain
      ? getExplorerUrl({ chainId: row.chain_id, type: 'address', address: row.address as Address })
      : null,
    // Read apart, with today's explorer settings: see withSourceVerification (verification.service.ts).
    sourceVerification: null,
    createdAt: row.created_at,
  };
}

/** The local development chain (anvil, Hardhat). */
const LOCAL_CHAIN_ID = 31_337;

/** Every supported network in the product's order, each with whether this server has an RPC for it. */
export function launchChains(app: App): LaunchChain[] {
  return layerloomChains.map((entry) => ({
    chainId: entry.chain.id,
    name: entry.name,
    kind: entry.chain.id === LOCAL_CHAIN_ID ? 'local' : entry.testnet ? 'testnet' : 'mainnet',
    hasRpc: Boolean(app.config.rpcUrls[entry.chain.id]),
  }));
}

/** The owner's collection's deployments, newest first. */
export async function listDeployments(app: App, ownerId: string, collectionId: string) {
  const collection = await getOwnedCollection(app, ownerId, collectionId);
  const rows = await listCollectionDeployments(app.database.db, collection.id);
  const ids = rows.map((row) => row.id);
  const [payees, splitters] = await Promise.all([
    listDeploymentPayees(app.database.db, ids),
    listRoyaltySplitters(app.database.db, ids),
  ]);
  return rows.map((row) => deploymentView(row, payees, splitters));
}

/** The contract a collection's public page sells from: its newest verified deployment, if any. */
export async function latestVerifiedDeployment(app: App, collectionId: string) {
  const row = await findLatestVerifiedDeployment(app.database.db, collectionId);
  if (!row) return undefined;
  const [payees, splitters] = await Promise.all([
    listDeploymentPayees(app.database.db, [row.id]),
    listRoyaltySplitters(app.database.db, [row.id]),
  ]);
  return deploymentView(row, payees, splitters);
}

function supportedChain(chainId: number): LayerloomChain {
  try {
    return getChain({ chainId });
  } catch {
    const names = layerloomChains.map((entry) => `${entry.name} (${entry.chain.id})`).join(', ');
    throw new AppError('BAD_REQUEST', `Chain ${chainId} is not supported. Choose one of: ${names}.`, {
      fields: [{ path: 'chainId', message: 'Unsupported chain' }],
    });
  }
}

/**
 * Records a contract the creator's wallet deployed for a published collection. With an RPC for the chain,
 * the claim is checked on chain first: a contradiction is refused (400, nothing stored), a chain that does
 * not answer leaves it unverified.
 */
export async function recordDeployment(
  app: App,
  ownerId: string,
  collectionId: string,
  body: RecordDeploymentBody,
) {
  const collection = await getOwnedCollection(app, ownerId, collectionId);
  if (!(await getPublication(app, ownerId, collection.id))) {
    throw new AppError(
      'CONFLICT',
      'Publish the collection before deploying its contract: tokenURI needs its files.',
    );
  }
  const chain = supportedChain(body.chainId);
  if (body.maxSupply > collection.size) {
    const message = `Max supply is at most the collection's ${collection.size.toLocaleString('en-US')} items`;
    throw new AppError('BAD_REQUEST', message, { fields: [{ path: 'maxSupply', message }] });
  }
  const address = getAddress(body.address);
  const duplicate = () =>
    new AppError('CONFLICT', `The contract at ${address} on ${chain.name} is already recorded.`);
  if (await findDeploymentAt(app.database.db, chain.chain.id, address)) throw duplicate();
  const claim = {
    address,
    deployer: getAddress(body.deployer),
    transactionHash: body.transactionHash.toLowerCase() as Hash,
    name: body.name,
    symbol: body.symbol,
    maxSupply: body.maxSupply,
    payees: body.payees?.map((payee) => ({ address: getAddress(payee.address), shares: payee.shares })),
    royaltySplitter: body.royaltySplitter
      ? {
          address: getAddress(body.royaltySplitter.address),
          payees: body.royaltySplitter.payees.map((payee) => ({
            address: getAddress(payee.address),
            shares: payee.shares,
          })),
        }
      : undefined,
  };
  if (claim.royaltySplitter && claim.royaltySplitter.address === address) {
    const message = 'The royalty splitter must be its own contract, not the collection.';
    throw new AppError('BAD_REQUEST', message, { fields: [{ path: 'royaltySplitter.address', message }] });
  }
  const rpcUrl = app.config.rpcUrls[chain.chain.id];
  const check = rpcUrl
    ? await checkOnChain(chain, rpcUrl, claim)
    : ({
        outcome: 'unreachable',
        reason: `No RPC is configured for ${chain.name} (RPC_URL_${chain.chain.id}), so the contract is not verified.`,
      } as const);
  if (check.outcome === 'contradicted') {
    throw new AppError('BAD_REQUEST', check.reason, { fields: [{ path: 'address', message: check.reason }] });
  }
  const row: DeploymentTable = {
    id: randomUUID(),
    collection_id: collection.id,
    owner_id: ownerId,
    chain_id: chain.chain.id,
    address,
    deployer: claim.deployer,
    transaction_hash: claim.transactionHash,
    block_number: check.outcome === 'verified' ? check.blockNumber.toString() : null,
    name: body.name,
    symbol: body.symbol,
    max_supply: body.maxSupply,
    status: check.outcome === 'verified' ? 'verified' : 'unverified',
    status_reason: check.outcome === 'verified' ? null : check.reason,
    created_at: new Date().toISOString(),
  };
  const payees: DeploymentPayeeTable[] = (claim.payees ?? []).map((payee, position) => ({
    deployment_id: row.id,
    position,
    address: payee.address,
    shares: String(payee.shares),
  }));
  const royalty: RoyaltySplitterRows | null = claim.royaltySplitter
    ? {
        splitter: { deployment_id: row.id, address: claim.royaltySplitter.address },
        payees: claim.royaltySplitter.payees.map((payee, position) => ({
          deployment_id: row.id,
          position,
          address: payee.address,
          shares: String(payee.shares),
        })),
      }
    : null;
  try {
    await insertDeployment(app.database.db, row, payees, royalty);
  } catch (error) {
    if (await findDeploymentAt(app.database.db, chain.chain.id, address)) throw duplicate();
    throw error;
  }
  if (row.status === 'verified') {
    await emitWebhookEvent(app, ownerId, 'deployment.verified', {
      collectionId: collection.id,
      chainId: row.chain_id,
      address: row.address,
      deploymentId: row.id,
    });
    await noticeDropDeployed(app, row, chain.name);
    await startSourceVerification(app, row, royalty?.splitter.address ?? null);
  }
  return deploymentView(row, payees, royalty ? [royalty] : []);
}
