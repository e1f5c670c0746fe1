import { randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import type { PlanId } from '@layerloom/api';
import { layerloomChains } from '@layerloom/contracts';
import { countValidCombinations, type RarityReport, type TokenMetadata } from '@layerloom/engine';
import type { CollectionTable } from '../../db/schema.ts';
import { isFinished } from '../../jobs/job.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { workspacePlan } from '../billing/workspace-plan.ts';
import { findLatestVerifiedDeployment } from '../deployments/deployments.repository.ts';
import { serializeProject } from '../projects/project-document.ts';
import { assertFeasible } from '../projects/project-feasibility.ts';
import { projectSpec } from '../projects/project-spec.ts';
import { assertAnimationFits, assertRenderable, getProject } from '../projects/projects.service.ts';
import { personalWorkspaceIdOf, workspaceForList } from '../workspaces/resource-access.ts';
import { collectionPrefix } from './collection-view.ts';
import {
  deleteCollectionRow,
  findCollection,
  findOwnedCollection,
  insertCollection,
  listOwnedCollections,
  listWorkspaceCollections,
  setCollectionJob,
} from './collections.repository.ts';
import { withDistinctLooks } from './distinct-looks.ts';
import { GENERATE_COLLECTION_JOB } from './generate-collection.job.ts';

/**
 * Starts generating a project: checks the plan's size limit and that the size fits the number of valid
 * combinations (a 400 naming it, before any job), snapshots the project and queues a durable job.
 * `distinctLooks`: "Every token looks different", kept in the snapshot (see `distinctLooksOf`).
 */
export async function startGeneration(
  app: App,
  user: { id: string; planId: PlanId },
  projectId: string,
  options: { distinctLooks?: boolean } = {},
) {
  const ctx = { db: app.database.db, blobs: app.blobs };
  const project = await getProject(ctx, user.id, projectId);
  assertRenderable(project);
  // The workspace's plan counts (its owner's purchase applies to it): in a personal workspace, the user's own.
  const plan = await workspacePlan(app.database.db, project.workspace_id);
  if (project.collection_size > plan.maxAssets) {
    throw new AppError(
      'FORBIDDEN',
      `${project.workspace_id === personalWorkspaceIdOf(user.id) ? 'Your' : 'This workspace’s'} ${plan.name} plan generates up to ${plan.maxAssets.toLocaleString('en-US')} assets; this collection has ${project.collection_size.toLocaleString('en-US')}. Lower the Collection Size or change plan.`,
      { fields: [{ path: 'collectionSize', message: `At most ${plan.maxAssets} on the ${plan.name} plan` }] },
    );
  }
  assertAnimationFits(project, plan);
  let total: bigint;
  try {
    total = countValidCombinations(projectSpec(project, app.blobs)).total;
  } catch (error) {
    throw new AppError('BAD_REQUEST', (error as Error).message, { cause: error });
  }
  if (BigInt(project.collection_size) > total) {
    throw new AppError(
      'BAD_REQUEST',
      `Only ${total.toLocaleString('en-US')} unique combinations are possible with these layers and rules; lower the Collection Size to at most ${total.toLocaleString('en-US')} or add traits.`,
      { fields: [{ path: 'collectionSize', message: `At most ${total} unique combinations` }] },
    );
  }
  // Exact counts and rules are planned now, so an impossible collection is refused before any job.
  assertFeasible(project, app.blobs);
  const id = randomUUID();
  // The row exists before its job, which may start at once in another process and looks it up.
  const row = {
    id,
    owner_id: user.id,
    workspace_id: project.workspace_id,
    project_id: project.id,
    name: project.name,
    description: project.description,
    size: project.collection_size,
    width: project.width,
    height: project.height,
    job_id: '',
    watermark: plan.watermark ? 1 : 0,
    snapshot: withDistinctLooks(JSON.stringify(serializeProject(project)), options.distinctLooks === true),
    metadata_format: project.metadata.format,
    created_at: new Date().toISOString(),
  };
  await insertCollection(app.database.db, row);
  try {
    const job = await app.jobs.enqueue(GENERATE_COLLECTION_JOB, { collectionId: id }, user.id);
    row.job_id = job.id;
    await setCollectionJob(app.database.db, id, job.id);
  } catch (error) {
    await deleteCollectionRow(app.database.db, id);
    throw error;
  }
  return row;
}

export async function getOwnedCollection(app: App, ownerId: string, id: string) {
  const collection = await findOwnedCollection(app.database.db, id, ownerId);
  if (!collection) throw notFound('Collection');
  return collection;
}

/** Any collection by id (for public pages of published ones); undefined when it does not exist. */
export function collectionById(app: App, id: string) {
  return findCollection(app.database.db, id);
}

/** The collections `ownerId` generated, in any workspace (their account's export and deletion). */
export function listCollections(app: App, ownerId: string) {
  return listOwnedCollections(app.database.db, ownerId);
}

/** A workspace's collections for one of its members (`workspaceId` left out: the user's personal workspace). */
export async function listWorkspaceCollectionsFor(app: App, userId: string, workspaceId: string | undefined) {
  const db = app.database.db;
  return listWorkspaceCollections(db, await workspaceForList(db, userId, workspaceId));
}

/** How long a delete waits for the collection's job to stop writing before removing its files anyway. */
const STOP_TIMEOUT_MS = 20_000;

/**
 * Cancels a job and waits until it has stopped (its status is final), so it writes nothing more.
 * Answers false when it is still running after `timeoutMs` (e.g. its worker went silent).
 */
async function stopJob(app: App, jobId: string, timeoutMs = STOP_TIMEOUT_MS): Promise<boolean> {
  const stopped = async () => {
    const progress = await app.jobs.progress(jobId);
    return !progress || isFinished(progress.status);
  };
  if (await stopped()) return true;
  await app.jobs.cancel(jobId);
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if (await stopped()) return true;
    await setTimeout(50);
  }
  return false;
}

/**
 * Deletes a collection: stops its job and waits for it to stop writing, then removes the row and the
 * files. A job that outlives the wait removes what it wrote itself when it ends (see the job).
 */
export async function deleteCollection(app: App, ownerId: string, id: string): Promise<void> {
  const collection = await getOwnedCollection(app, ownerId, id);
  // Collectors' tokens point at a deployed collection's files and its mint page: deleting them would
  // break what other people own, so a collection with a contract verified on chain stays.
  const live = await findLatestVerifiedDeployment(app.database.db, collection.id);
  if (live) {
    const chain =
      layerloomChains.find((entry) => entry.chain.id === live.chain_id)?.name ?? `chain ${live.chain_id}`;
    throw new AppError(
      'CONFLICT',
      `This collection has a live contract on ${chain} (${live.address}): collectors' tokens point at its files and its mint page, so it cannot be deleted.`,
    );
  }
  if (!(await stopJob(app, collection.job_id))) {
    app.log.warn(
      { collectionId: id, jobId: collection.job_id },
      'deleting a collection whose job has not stopped',
    );
  }
  await deleteCollectionRow(app.database.db, collection.id);
  await app.blobs.deletePrefix(collectionPrefix(collection.id));
  for (const key of indexCache.keys()) if (key.startsWith(`${collection.id}:`)) indexCache.delete(key);
}

/** The finished collection's metadata and rarity, read once and kept for a few collections. */
export interface CollectionIndex {
  tokens: TokenMetadata[];
  rarity: RarityReport;
}

const indexCache = new Map<string, CollectionIndex>();
const INDEX_CACHE_SIZE = 8;

/** Keyed by the collection's job too: a reroll or growth (a new job, maybe in another process) makes a new index. */
export async function collectionIndex(
  app: App,
  collection: Pick<CollectionTable, 'id' | 'job_id'>,
): Promise<CollectionIndex> {
  const key = `${collection.id}:${collection.job_id}`;
  const cached = indexCache.get(key);
  if (cached) return cached;
  const prefix = collectionPrefix(collection.id);
  const [metadata, rarity] = await Promise.all([
    app.blobs.getBuffer(`${prefix}/_metadata.json`),
    app.blobs.getBuffer(`${prefix}/rarity.json`),
  ]);
  const index = {
    tokens: JSON.parse(metadata.toString()) as TokenMetadata[],
    rarity: JSON.parse(rarity.toString()) as RarityReport,
  };
  indexCache.set(key, index);
  if (indexCache.size > INDEX_CACHE_SIZE) indexCache.delete(indexCache.keys().next().value as string);
  return index;
}
