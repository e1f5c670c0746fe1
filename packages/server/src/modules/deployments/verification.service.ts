import type { Deployment, SourceVerification } from '@layerloom/api';
import {
  layerloomChains,
  layerloomCollectionBytecode,
  layerloomCollectionVerificationInput,
  layerloomPaymentSplitterAbi,
  layerloomPaymentSplitterVerificationInput,
  type VerificationInput,
} from '@layerloom/contracts';
import { type Address, createPublicClient, encodeAbiParameters, type Hash, type Hex, http } from 'viem';
import type { ContractVerificationTable, DeploymentTable } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { getOwnedCollection } from '../collections/collections.service.ts';
import { listRoyaltySplitters } from './deployments.repository.ts';
import {
  claimVerification,
  findCollectionDeployment,
  findDeploymentById,
  findVerification,
  insertVerification,
  listDueVerifications,
  listVerifications,
  updateVerification,
  type VerifiedContract,
} from './verification.repository.ts';
import { contractCodeUrl, type ExplorerConfig } from './verification-config.ts';
import { etherscanExplorer } from './verification-etherscan.ts';
import type { ExplorerAnswer, SourceExplorer, VerificationRequest } from './verification-explorer.ts';
import { sourcifyExplorer } from './verification-sourcify.ts';

/** The job kind of one verification step (a submission or a status check). */
export const SOURCE_VERIFICATION_JOB = 'source-verification';

/** Tries before giving up: with the 15 s default base, about an hour and a half of an explorer's lag. */
export const MAX_VERIFICATION_ATTEMPTS = 10;
/** The longest wait between two tries. */
const MAX_DELAY_MS = 30 * 60_000;

export const NOT_CONFIGURED_MESSAGE = "Source verification isn't set up for this network.";

/** The client of a configured explorer. */
export function explorerClient(explorer: ExplorerConfig): SourceExplorer {
  return explorer.kind === 'sourcify' ? sourcifyExplorer(explorer) : etherscanExplorer(explorer);
}

const explorerOf = (app: App, chainId: number): ExplorerConfig | undefined =>
  app.config.verification.explorers[chainId];

/** A verification row as the API shows it (the explorer's name and link from today's configuration). */
function verificationView(app: App, row: ContractVerificationTable): SourceVerification {
  const explorer = explorerOf(app, row.chain_id);
  const status =
    row.status === 'verified' || row.status === 'failed' || row.status === 'not_configured'
      ? row.status
      : 'pending';
  return {
    status,
    explorer: explorer?.name ?? null,
    codeUrl: status === 'verified' && explorer ? contractCodeUrl(explorer, row.chain_id, row.address) : null,
    message:
      status !== 'not_configured'
        ? row.message
        : explorer
          ? `Source verification wasn't set up for this network when the contract was deployed; ${explorer.name} is now.`
          : NOT_CONFIGURED_MESSAGE,
    attempts: row.attempts,
    canRetry: (status === 'failed' || status === 'not_configured') && explorer !== undefined,
    updatedAt: row.updated_at,
  };
}

/**
 * The deployments with their source verification filled in: the collection's, and the royalty splitter's
 * for a deployment that has one (null for a contract not confirmed on chain, which is not submitted).
 */
export async function withSourceVerification(app: App, deployments: Deployment[]): Promise<Deployment[]> {
  const rows = await listVerifications(
    app.database.db,
    deployments.map((deployment) => deployment.id),
  );
  const find = (deploymentId: string, contract: VerifiedContract) =>
    rows.find((row) => row.deployment_id === deploymentId && row.contract === contract);
  return deployments.map((deployment) => {
    const row = find(deployment.id, 'collection');
    const splitterRow = find(deployment.id, 'royalty_splitter');
    return {
      ...deployment,
      sourceVerification: row ? verificationView(app, row) : null,
      royaltySplitterVerification: splitterRow ? verificationView(app, splitterRow) : null,
    };
  });
}

/** Queues the row's next step as a job, if this process takes it from `waiting` (or a stale `queued`). */
async function queueStep(
  app: App,
  deploymentId: string,
  contract: VerifiedContract,
  from: readonly string[],
): Promise<void> {
  const now = new Date().toISOString();
  const claimed = await claimVerification(app.database.db, deploymentId, contract, from, {
    status: 'queued',
    updated_at: now,
  });
  if (claimed) await app.jobs.enqueue(SOURCE_VERIFICATION_JOB, { deploymentId, contract }, null);
}

/**
 * Starts verifying a deployment's source once its contract is confirmed on chain: the collection's and,
 * when its royalties go to a splitter deployed with it, the splitter's (`splitterAddress`). Each gets a row
 * in `waiting`, taken at once by a job, or `not_configured` when the chain has no explorer. Never throws:
 * the deployment is recorded whatever happens here (a failure is logged, and left for the creator to retry).
 */
export async function startSourceVerification(
  app: App,
  deployment: DeploymentTable,
  splitterAddress: string | null = null,
): Promise<void> {
  await startContractVerification(app, deployment, 'collection', deployment.address);
  if (splitterAddress) await startContractVerification(app, deployment, 'royalty_splitter', splitterAddress);
}

async function startContractVerification(
  app: App,
  deployment: DeploymentTable,
  contract: VerifiedContract,
  address: string,
): Promise<void> {
  try {
    const explorer = explorerOf(app, deployment.chain_id);
    const now = new Date().toISOString();
    await insertVerification(app.database.db, {
      deployment_id: deployment.id,
      contract,
      chain_id: deployment.chain_id,
      address,
      explorer: explorer?.kind ?? null,
      status: explorer ? 'waiting' : 'not_configured',
      message: null,
      receipt: null,
      constructor_arguments: null,
      attempts: 0,
      next_attempt_at: explorer ? now : null,
      created_at: now,
      updated_at: now,
      verified_at: null,
    });
    if (explorer) await queueStep(app, deployment.id, contract, ['waiting']);
  } catch (error) {
    app.log.error(
      { err: error, deploymentId: deployment.id, contract },
      'could not start source verification',
    );
  }
}

function chainClient(app: App, chainId: number) {
  const chain = layerloomChains.find((entry) => entry.chain.id === chainId);
  const rpcUrl = app.config.rpcUrls[chainId];
  if (!chain || !rpcUrl) throw new Error(`No RPC is configured for chain ${chainId}.`);
  return createPublicClient({
    chain: chain.chain,
    transport: http(rpcUrl, { timeout: 10_000, retryCount: 1 }),
  });
}

/**
 * The constructor arguments of a contract: the collection's from its deploy transaction (its input after
 * the creation code); the splitter's encoded from its `payees()`, which returns the constructor's payees
 * and shares as given (the deployment does not record the splitter's own transaction).
 */
async function constructorArgumentsOf(
  app: App,
  deployment: DeploymentTable,
  contract: VerifiedContract,
  address: string,
): Promise<Hex> {
  const client = chainClient(app, deployment.chain_id);
  if (contract === 'royalty_splitter') {
    const [payees, shares] = await client.readContract({
      address: address as Address,
      abi: layerloomPaymentSplitterAbi,
      functionName: 'payees',
    });
    return encodeAbiParameters([{ type: 'address[]' }, { type: 'uint256[]' }], [payees, shares]);
  }
  const transaction = await client.getTransaction({ hash: deployment.transaction_hash as Hash });
  const input = transaction.input.toLowerCase();
  if (!input.startsWith(layerloomCollectionBytecode.toLowerCase()))
    throw new Error('The deploy transaction does not carry the collection contract.');
  return `0x${input.slice(layerloomCollectionBytecode.length)}`;
}

/** What each contract was compiled from, as the explorer wants it. */
const VERIFICATION_INPUTS: Record<VerifiedContract, VerificationInput> = {
  collection: layerloomCollectionVerificationInput,
  royalty_splitter: layerloomPaymentSplitterVerificationInput,
};

/** How long to wait before try number `attempts + 1`: the base, doubled each time, capped. */
const delayAfter = (app: App, attempts: number) =>
  Math.min(MAX_DELAY_MS, app.config.verification.retryBaseMs * 2 ** Math.max(0, attempts - 1));

/**
 * Runs one step of a deployment's verification (the job's handler): submits the standard JSON input, or
 * asks how a submission went, and records the answer. `pending` and `resubmit` answers wait
 * (VERIFY_RETRY_BASE_MS, doubling) for the next step, up to MAX_VERIFICATION_ATTEMPTS; a refusal is final.
 */
export async function runVerificationStep(
  app: App,
  deploymentId: string,
  contract: VerifiedContract = 'collection',
): Promise<void> {
  const db = app.database.db;
  const row = await findVerification(db, deploymentId, contract);
  if (row?.status !== 'queued') return;
  const deployment = await findDeploymentById(db, deploymentId);
  if (!deployment) return;
  const explorer = explorerOf(app, row.chain_id);
  const now = new Date();
  if (!explorer) {
    await updateVerification(db, deploymentId, contract, {
      status: 'not_configured',
      explorer: null,
      next_attempt_at: null,
      updated_at: now.toISOString(),
    });
    return;
  }
  const attempts = row.attempts + 1;
  let constructorArguments = row.constructor_arguments as Hex | null;
  let answer: ExplorerAnswer;
  if (constructorArguments === null) {
    try {
      constructorArguments = await constructorArgumentsOf(app, deployment, contract, row.address);
      await updateVerification(db, deploymentId, contract, { constructor_arguments: constructorArguments });
    } catch (error) {
      app.log.warn({ err: error, deploymentId, contract }, 'could not read the constructor arguments');
      constructorArguments = null;
    }
  }
  if (constructorArguments === null) {
    answer = {
      outcome: 'resubmit',
      message:
        contract === 'collection'
          ? "The network's RPC did not give the deploy transaction; asking again shortly."
          : "The network's RPC did not give the splitter's payees; asking again shortly.",
    };
  } else {
    const request: VerificationRequest = {
      chainId: row.chain_id,
      address: row.address as Address,
      input: VERIFICATION_INPUTS[contract],
      constructorArguments,
      // The splitter was created by a transaction of its own, which the deployment does not record.
      creationTransactionHash: contract === 'collection' ? (deployment.transaction_hash as Hash) : undefined,
    };
    const client = explorerClient(explorer);
    answer =
      row.receipt !== null && row.explorer === explorer.kind
        ? await client.check(row.receipt, request)
        : await client.submit(request);
  }
  const base = { attempts, explorer: explorer.kind, updated_at: now.toISOString() };
  switch (answer.outcome) {
    case 'verified':
      await updateVerification(db, deploymentId, contract, {
        ...base,
        status: 'verified',
        message: null,
        next_attempt_at: null,
        verified_at: now.toISOString(),
      });
      return;
    case 'refused':
      await updateVerification(db, deploymentId, contract, {
        ...base,
        status: 'failed',
        message: `${explorer.name} refused the source: ${answer.message}`,
        next_attempt_at: null,
      });
      return;
    case 'pending':
    case 'resubmit': {
      const receipt = answer.outcome === 'pending' ? (answer.receipt ?? row.receipt) : null;
      if (attempts >= MAX_VERIFICATION_ATTEMPTS) {
        await updateVerification(db, deploymentId, contract, {
          ...base,
          status: 'failed',
          receipt,
          message: `${explorer.name} had not verified the source after ${attempts} tries. Its last answer: ${answer.message}`,
          next_attempt_at: null,
        });
        return;
      }
      await updateVerification(db, deploymentId, contract, {
        ...base,
        status: 'waiting',
        receipt,
        message:
          answer.outcome === 'resubmit' && constructorArguments !== null
            ? `${explorer.name} could not take it yet (“${answer.message}”); asking again shortly.`
            : answer.message,
        next_attempt_at: new Date(now.getTime() + delayAfter(app, attempts)).toISOString(),
      });
      return;
    }
  }
}

/** Queues the due steps (and any a lost job left queued for 30 minutes); run every second or so. */
export async function queueDueVerifications(app: App): Promise<void> {
  const now = new Date();
  const due = await listDueVerifications(
    app.database.db,
    now.toISOString(),
    new Date(now.getTime() - 30 * 60_000).toISOString(),
    50,
  );
  for (const row of due) {
    await queueStep(app, row.deployment_id, row.contract as VerifiedContract, [row.status]);
  }
}

/**
 * The creator asks again: a contract's failed verification (or one that had no explorer, once one is set
 * up) starts over, from a new submission. `contract` is the collection or the royalty splitter deployed with
 * it. 404 for a collection or deployment that is not theirs, or a splitter the deployment does not have; 409
 * when there is nothing to retry, with the reason.
 */
export async function retrySourceVerification(
  app: App,
  ownerId: string,
  collectionId: string,
  deploymentId: string,
  contract: VerifiedContract = 'collection',
): Promise<void> {
  const collection = await getOwnedCollection(app, ownerId, collectionId);
  const db = app.database.db;
  const deployment = await findCollectionDeployment(db, collection.id, deploymentId);
  if (!deployment) throw notFound('Deployment');
  const [splitter] = contract === 'royalty_splitter' ? await listRoyaltySplitters(db, [deployment.id]) : [];
  if (contract === 'royalty_splitter' && !splitter) throw notFound('Royalty splitter');
  const source = contract === 'collection' ? 'The source' : "The royalty splitter's source";
  if (deployment.status !== 'verified') {
    throw new AppError(
      'CONFLICT',
      'The contract is not confirmed on chain yet, so its source cannot be verified on the explorer.',
    );
  }
  const explorer = explorerOf(app, deployment.chain_id);
  if (!explorer) throw new AppError('CONFLICT', NOT_CONFIGURED_MESSAGE);
  const row = await findVerification(db, deployment.id, contract);
  if (!row) {
    const address = splitter ? splitter.splitter.address : deployment.address;
    await startContractVerification(app, deployment, contract, address);
    return;
  }
  if (row.status === 'verified')
    throw new AppError('CONFLICT', `${source} is already verified on ${explorer.name}.`);
  if (row.status === 'waiting' || row.status === 'queued')
    throw new AppError('CONFLICT', `${source} is being verified on ${explorer.name}; wait for its answer.`);
  const now = new Date().toISOString();
  const restarted = await claimVerification(db, deployment.id, contract, [row.status], {
    status: 'waiting',
    explorer: explorer.kind,
    attempts: 0,
    receipt: null,
    message: null,
    next_attempt_at: now,
    updated_at: now,
  });
  if (restarted) await queueStep(app, deployment.id, contract, ['waiting']);
}
