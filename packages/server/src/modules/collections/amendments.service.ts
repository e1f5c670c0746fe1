import { randomUUID } from 'node:crypto';
import type { Amendment, GrowBody, PlanId, RerollBody } from '@layerloom/api';
import {
  amendPlan,
  type PlanAmendment,
  parseCollectionSpec,
  planCollection,
  resolveCollection,
} from '@layerloom/engine';
import type { CollectionAmendmentTable, CollectionTable } from '../../db/schema.ts';
import type { JobProgress } from '../../jobs/job.ts';
import { AppError } from '../../lib/app-error.ts';
import type { App } from '../../types.ts';
import { workspacePlan } from '../billing/workspace-plan.ts';
import { parseProjectRow } from '../projects/project-document.ts';
import { projectSpec } from '../projects/project-spec.ts';
import { getPublication } from '../publications/publications.service.ts';
import {
  deleteAmendment,
  insertAmendment,
  listCollectionAmendments,
  setAmendmentJob,
  swapCollectionJob,
} from './amendments.repository.ts';
import { getOwnedCollection } from './collections.service.ts';
import { distinctLooksOf } from './distinct-looks.ts';

export const AMEND_COLLECTION_JOB = 'amend-collection';

/** The engine's form of stored amendments, in order. */
export function planAmendments(rows: readonly CollectionAmendmentTable[]): PlanAmendment[] {
  return rows.map((row) =>
    row.kind === 'reroll'
      ? { kind: 'reroll', editions: JSON.parse(row.editions ?? '[]') as number[], derivation: row.derivation }
      : { kind: 'grow', count: row.count ?? 0, derivation: row.derivation },
  );
}

/** The collection spec a collection was generated from (its project as snapshotted then, and "Every token looks different"). */
export function collectionSpec(app: App, collection: CollectionTable) {
  const spec = projectSpec(parseProjectRow(JSON.parse(collection.snapshot)), app.blobs);
  return distinctLooksOf(collection) ? { ...spec, distinctLooks: true } : spec;
}

export function amendmentView(row: CollectionAmendmentTable, progress: JobProgress | undefined): Amendment {
  return {
    id: row.id,
    kind: row.kind === 'grow' ? 'grow' : 'reroll',
    editions: JSON.parse(row.editions ?? '[]') as number[],
    createdBy: row.created_by,
    createdAt: row.created_at,
    status: changeStatus(progress),
  };
}

/** Where a change's job stands, for its history entry. */
export function changeStatus(progress: JobProgress | undefined): 'running' | 'done' | 'failed' {
  if (progress?.status === 'succeeded') return 'done';
  return !progress || progress.status === 'failed' || progress.status === 'cancelled' ? 'failed' : 'running';
}

/**
 * Why a collection's tokens may not change any more, or undefined when they may. Once published, the
 * collection's provenance hash is fixed and its token URIs are public (a deployment needs a
 * publication, so this covers every contract, revealed or not): replacing or adding tokens would break
 * the hash collectors check the reveal against, so changes stop at publication, not at reveal.
 */
async function frozenReason(
  app: App,
  ownerId: string,
  collection: CollectionTable,
): Promise<string | undefined> {
  if (await getPublication(app, ownerId, collection.id)) {
    return 'This collection is published: its provenance hash and token URLs are public, so its tokens can no longer change.';
  }
  return undefined;
}

/** A 409 unless the collection is generated and no job is changing it. */
export async function assertIdle(app: App, collection: CollectionTable): Promise<void> {
  const progress = await app.jobs.progress(collection.job_id);
  if (progress?.status !== 'succeeded') {
    throw new AppError(
      'CONFLICT',
      progress && (progress.status === 'queued' || progress.status === 'running')
        ? 'The collection is being generated or changed; wait until it is ready.'
        : 'The collection has not finished generating, so its tokens cannot change.',
    );
  }
}

/** A 409 unless the collection is generated, idle and unpublished (rerolls and growth: the images change). */
export async function assertChangeable(
  app: App,
  ownerId: string,
  collection: CollectionTable,
): Promise<void> {
  await assertIdle(app, collection);
  const reason = await frozenReason(app, ownerId, collection);
  if (reason) throw new AppError('CONFLICT', reason);
}

function editionsField(message: string): AppError {
  return new AppError('BAD_REQUEST', message, { fields: [{ path: 'editions', message }] });
}

/** The editions to reroll from a request: the ones named, or all but the ones kept. */
function rerolledEditions(body: RerollBody, size: number): number[] {
  const named = body.keep ?? body.reroll ?? [];
  const outside = named.find((edition) => edition > size);
  if (outside !== undefined) {
    throw editionsField(`Token #${outside} is not in this collection of ${size.toLocaleString('en-US')}.`);
  }
  if (body.reroll) return [...new Set(body.reroll)].sort((a, b) => a - b);
  const kept = new Set(body.keep);
  const editions: number[] = [];
  for (let edition = 1; edition <= size; edition++) if (!kept.has(edition)) editions.push(edition);
  if (editions.length === 0) throw editionsField('Every token is kept: leave at least one to reroll.');
  return editions;
}

/**
 * Starts a reroll or a growth of a collection: checks it (409 while a job runs or once published, 403
 * past the plan's size, 400 for tokens it does not have or more than the unique combinations left),
 * records it and queues a durable job that renders it. The collection's job becomes that job, so its
 * progress is the collection's, as during generation.
 */
export async function startAmendment(
  app: App,
  user: { id: string; email: string; planId: PlanId },
  collectionId: string,
  request: { kind: 'reroll'; body: RerollBody } | { kind: 'grow'; body: GrowBody },
): Promise<{ collection: CollectionTable; amendment: CollectionAmendmentTable }> {
  const collection = await getOwnedCollection(app, user.id, collectionId);
  await assertChangeable(app, user.id, collection);
  let editions: number[];
  let count: number | null = null;
  if (request.kind === 'reroll') {
    editions = rerolledEditions(request.body, collection.size);
  } else {
    count = request.body.count;
    // The workspace's plan counts: its owner's purchase applies to every member's work there.
    const plan = await workspacePlan(app.database.db, collection.workspace_id);
    if (collection.size + count > plan.maxAssets) {
      const message = `Your ${plan.name} plan generates up to ${plan.maxAssets.toLocaleString('en-US')} assets; this collection has ${collection.size.toLocaleString('en-US')}, so it can grow by at most ${Math.max(0, plan.maxAssets - collection.size).toLocaleString('en-US')}.`;
      throw new AppError('FORBIDDEN', message, { fields: [{ path: 'count', message }] });
    }
    editions = Array.from({ length: count }, (_, index) => collection.size + 1 + index);
  }
  const previous = await listCollectionAmendments(app.database.db, collection.id);
  const id = randomUUID();
  const row: CollectionAmendmentTable = {
    id,
    collection_id: collection.id,
    kind: request.kind,
    editions: JSON.stringify(editions),
    count,
    // Each change draws from its own stream of the collection's seed; its id makes it new every time.
    derivation: id,
    job_id: '',
    created_by: user.email,
    created_at: new Date().toISOString(),
  };
  // Planned here, before any job, so an impossible change is a 400 that writes nothing.
  try {
    const resolved = resolveCollection(parseCollectionSpec(collectionSpec(app, collection)));
    amendPlan(planCollection(resolved), planAmendments([...previous, row]));
  } catch (error) {
    const message = (error as Error).message;
    throw new AppError('BAD_REQUEST', `${message}.`.replace(/\.\.$/, '.'), { cause: error });
  }
  row.job_id = await runAsCollectionJob(app, collection, user.id, id, {
    record: () => insertAmendment(app.database.db, row),
    recorded: (jobId) => setAmendmentJob(app.database.db, id, jobId),
    forget: () => deleteAmendment(app.database.db, id),
    kind: AMEND_COLLECTION_JOB,
    payload: { collectionId: collection.id, amendmentId: id },
  });
  return { collection: { ...collection, job_id: row.job_id }, amendment: row };
}

/**
 * Hands the collection to a new job: claims it (compare-and-set, so two changes asked at once cannot both
 * start: 409 for the second), records the change, queues the job and makes it the collection's job, so
 * its progress is the collection's. Undoes the claim and the record when queueing fails. Answers the job id.
 */
export async function runAsCollectionJob(
  app: App,
  collection: CollectionTable,
  ownerId: string,
  changeId: string,
  steps: {
    record: () => Promise<void>;
    recorded: (jobId: string) => Promise<void>;
    forget: () => Promise<void>;
    kind: string;
    payload: unknown;
  },
): Promise<string> {
  const claim = `changing:${changeId}`;
  if (!(await swapCollectionJob(app.database.db, collection.id, collection.job_id, claim))) {
    throw new AppError('CONFLICT', 'The collection is being generated or changed; wait until it is ready.');
  }
  try {
    await steps.record();
    const job = await app.jobs.enqueue(steps.kind, steps.payload, ownerId);
    await steps.recorded(job.id);
    await swapCollectionJob(app.database.db, collection.id, claim, job.id);
    return job.id;
  } catch (error) {
    await steps.forget();
    await swapCollectionJob(app.database.db, collection.id, claim, collection.job_id);
    throw error;
  }
}

/** The history of a collection's rerolls and growth, newest first. */
export async function listAmendmentViews(
  app: App,
  ownerId: string,
  collectionId: string,
): Promise<Amendment[]> {
  const collection = await getOwnedCollection(app, ownerId, collectionId);
  const rows = await listCollectionAmendments(app.database.db, collection.id);
  const views = await Promise.all(
    rows.map(async (row) => amendmentView(row, await app.jobs.progress(row.job_id))),
  );
  return views.reverse();
}

/** One of the collection's amendments (404 when it is not this collection's). */
export async function findAmendment(app: App, collection: CollectionTable, amendmentId: string) {
  const rows = await listCollectionAmendments(app.database.db, collection.id);
  const row = rows.find((candidate) => candidate.id === amendmentId);
  if (!row) throw new AppError('NOT_FOUND', 'Change not found');
  return row;
}
