import type { Deployment, SourceVerification } from '@layerloom/api';
import {
  layerloomChains,
  layerloomCollectionBytecode,
  layerloomCollectionVerificationInput,
} from '@layerloom/contracts';
import { type Address, createPublicClient, type Hash, type Hex, http } from 'viem';
import type { ContractVerificationTable, DeploymentTable } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { getOwnedCollection } from '../collections/collections.service.ts';
import {
  claimVerification,
  findCollectionDeployment,
  findDeploymentById,
  findVerification,
  insertVerification,
  listDueVerifications,
  listVerifications,
  updateVerification,
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
 * The deployments with their source verification filled in (null for a contract not confirmed on chain,
 * which is not submitted).
 */
export async function withSourceVerification(app: App, deployments: Deployment[]): Promise<Deployment[]> {
  const rows = await listVerifications(
    app.database.db,
    deployments.map((deployment) => deployment.id),
  );
  const byId = new Map(rows.map((row) => [row.deployment_id, row]));
  return deployments.map((deployment) => {
    const row = byId.get(deployment.id);
    return { ...deployment, sourceVerification: row ? verificationView(app, row) : null };
  });
}

/** Queues the row's next step as a job, if this process takes it from `waiting` (or a stale `queued`). */
async function queueStep(app: App, deploymentId: string, from: readonly string[]): Promise<void> {
  const now = new Date().toISOString();
  if (await claimVerification(app.database.db, deploymentId, from, { status: 'queued', updated_at: now })) {
    await app.jobs.enqueue(SOURCE_VERIFICATION_JOB, { deploymentId }, null);
  }
}

/**
 * Starts verifying a deployment's source once its contract is confirmed on chain: a row in `waiting`,
 * taken at once by a job, or `not_configured` when the chain has no explorer. Never throws: the
 * deployment is recorded whatever happens here (a failure is logged, and left for the creator to retry).
 */
export async function startSourceVerification(app: App, deployment: DeploymentTable): Promise<void> {
  try {
    const explorer = explorerOf(app, deployment.chain_id);
    const now = new Date().toISOString();
    await insertVerification(app.database.db, {
      deployment_id: deployment.id,
      chain_id: deployment.chain_id,
      address: deployment.address,
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
    if (explorer) await queueStep(app, deployment.id, ['waiting']);
  } catch (error) {
    app.log.error({ err: error, deploymentId: deployment.id }, 'could not start source verification');
  }
}

/** Reads the constructor arguments from the deploy transaction: its input after the creation code. */
async function constructorArgumentsOf(app: App, deployment: DeploymentTable): Promise<Hex> {
  const chain = layerloomChains.find((entry) => entry.chain.id === deployment.chain_id);
  const rpcUrl = app.config.rpcUrls[deployment.chain_id];
  if (!chain || !rpcUrl) throw new Error(`No RPC is configured for chain ${deployment.chain_id}.`);
  const client = createPublicClient({
    chain: chain.chain,
    transport: http(rpcUrl, { timeout: 10_000, retryCount: 1 }),
  });
  const transaction = await client.getTransaction({ hash: deployment.transaction_hash as Hash });
  const input = transaction.input.toLowerCase();
  if (!input.startsWith(layerloomCollectionBytecode.toLowerCase()))
    throw new Error('The deploy transaction does not carry the collection contract.');
  return `0x${input.slice(layerloomCollectionBytecode.length)}`;
}

/** How long to wait before try number `attempts + 1`: the base, doubled each time, capped. */
const delayAfter = (app: App, attempts: number) =>
  Math.min(MAX_DELAY_MS, app.config.verification.retryBaseMs * 2 ** Math.max(0, attempts - 1));

/**
 * Runs one step of a deployment's verification (the job's handler): submits the standard JSON input, or
 * asks how a submission went, and records the answer. `pending` and `resubmit` answers wait
 * (VERIFY_RETRY_BASE_MS, doubling) for the next step, up to MAX_VERIFICATION_ATTEMPTS; a refusal is final.
 */
export async function runVerificationStep(app: App, deploymentId: string): Promise<void> {
  const db = app.database.db;
  const row = await findVerification(db, deploymentId);
  if (row?.status !== 'queued') return;
  const deployment = await findDeploymentById(db, deploymentId);
  if (!deployment) return;
  const explorer = explorerOf(app, row.chain_id);
  const now = new Date();
  if (!explorer) {
    await updateVerification(db, deploymentId, {
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
      constructorArguments = await constructorArgumentsOf(app, deployment);
      await updateVerification(db, deploymentId, { constructor_arguments: constructorArguments });
    } catch (error) {
      app.log.warn({ err: error, deploymentId }, 'could not read the deploy transaction');
      constructorArguments = null;
    }
  }
  if (constructorArguments === null) {
    answer = {
      outcome: 'resubmit',
      message: "The network's RPC did not give the deploy transaction; asking again shortly.",
    };
  } else {
    const request: VerificationRequest = {
      chainId: row.chain_id,
      address: row.address as Address,
      input: layerloomCollectionVerificationInput,
      constructorArguments,
      creationTransactionHash: deployment.transaction_hash as Hash,
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
      await updateVerification(db, deploymentId, {
        ...base,
        status: 'verified',
        message: null,
        next_attempt_at: null,
        verified_at: now.toISOString(),
      });
      return;
    case 'refused':
      await updateVerification(db, deploymentId, {
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
        await updateVerification(db, deploymentId, {
          ...base,
          status: 'failed',
          receipt,
          message: `${explorer.name} had not verified the source after ${attempts} tries. Its last answer: ${answer.message}`,
          next_attempt_at: null,
        });
        return;
      }
      await updateVerification(db, deploymentId, {
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
  for (const row of due) await queueStep(app, row.deployment_id, [row.status]);
}

/**
 * The creator asks again: a failed verification (or one that had no explorer, once one is set up) starts
 * over, from a new submission. 404 for a collection or deployment that is not theirs; 409 when there is
 * nothing to retry, with the reason.
 */
export async function retrySourceVerification(
  app: App,
  ownerId: string,
  collectionId: string,
  deploymentId: string,
): Promise<void> {
  const collection = await getOwnedCollection(app, ownerId, collectionId);
  const deployment = await findCollectionDeployment(app.database.db, collection.id, deploymentId);
  if (!deployment) throw notFound('Deployment');
  if (deployment.status !== 'verified') {
    throw new AppError(
      'CONFLICT',
      'The contract is not confirmed on chain yet, so its source cannot be verified on the explorer.',
    );
  }
  const explorer = explorerOf(app, deployment.chain_id);
  if (!explorer) throw new AppError('CONFLICT', NOT_CONFIGURED_MESSAGE);
  const row = await findVerification(app.database.db, deployment.id);
  if (!row) {
    await startSourceVerification(app, deployment);
    return;
  }
  if (row.status === 'verified')
    throw new AppError('CONFLICT', `The source is already verified on ${explorer.name}.`);
  if (row.status === 'waiting' || row.status === 'queued')
    throw new AppError('CONFLICT', `The source is being verified on ${explorer.name}; wait for its answer.`);
  const now = new Date().toISOString();
  const restarted = await claimVerification(app.database.db, deployment.id, [row.status], {
    status: 'waiting',
    explorer: explorer.kind,
    attempts: 0,
    receipt: null,
    message: null,
    next_attempt_at: now,
    updated_at: now,
  });
  if (restarted) await queueStep(app, deployment.id, ['waiting']);
}
