import { randomUUID } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, JobTable } from '../db/schema.ts';
import type { Job, JobStatus } from './job.ts';

function toJob(row: Selectable<JobTable>): Job {
  return {
    id: row.id,
    kind: row.kind,
    ownerId: row.owner_id,
    payload: JSON.parse(row.payload),
    // Waiting for its chunks is running, to anyone watching the job.
    status: (row.status === 'waiting' ? 'running' : row.status) as JobStatus,
    done: row.progress_done,
    total: row.progress_total,
    error: row.error,
    result: row.result === null ? null : JSON.parse(row.result),
    attempts: row.attempts,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    updatedAt: row.updated_at,
  };
}

/** Stores a new queued job. */
export async function insertJob(
  db: Pick<Kysely<Database>, 'insertInto'>,
  job: { id: string; kind: string; ownerId: string | null; payload: unknown; now: string },
): Promise<void> {
  await db
    .insertInto('jobs')
    .values({
      id: job.id,
      kind: job.kind,
      owner_id: job.ownerId,
      payload: JSON.stringify(job.payload),
      status: 'queued',
      progress_done: 0,
      progress_total: 0,
      error: null,
      result: null,
      attempts: 0,
      cancel_requested: 0,
      created_at: job.now,
      updated_at: job.now,
      started_at: null,
      finished_at: null,
    })
    .execute();
}

/** A job by id, or undefined. */
export async function findJob(db: Kysely<Database>, id: string): Promise<Job | undefined> {
  const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toJob(row) : undefined;
}

/** Claims the oldest queued job of the given kinds for this runner; undefined when none is waiting. */
export async function claimNextJob(
  db: Kysely<Database>,
  kinds: string[],
  now: string,
): Promise<Job | undefined> {
  if (kinds.length === 0) return undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    const next = await db
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', 'queued')
      .where('kind', 'in', kinds)
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst();
    if (!next) return undefined;
    // The status condition makes the claim atomic when several runners race for the same job.
    const result = await db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        attempts: eb('attempts', '+', 1),
        started_at: now,
        updated_at: now,
      }))
      .where('id', '=', next.id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return findJob(db, next.id);
  }
  return undefined;
}

/** Records progress of a running job; the stored count never goes down (a late write from an earlier run is ignored). */
export async function updateJobProgress(
  db: Kysely<Database>,
  id: string,
  done: number,
  total: number,
  now: string,
) {
  await db
    .updateTable('jobs')
    .set({
      progress_done: sql<number>`case when progress_done > ${done} then progress_done else ${done} end`,
      progress_total: total,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/** Moves a job to a final status. */
export async function finishJob(
  db: Kysely<Database>,
  id: string,
  outcome: { status: 'succeeded' | 'failed' | 'cancelled'; error?: string; result?: unknown },
  now: string,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status: outcome.status,
      error: outcome.error ?? null,
      result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
      finished_at: now,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Marks a job for cancellation; a queued job, or one waiting for its chunks, is cancelled at once, and
 * so are its chunks (the running ones are asked to stop). Returns the job afterwards.
 */
export async function requestCancel(db: Kysely<Database>, id: string, now: string): Promise<Job | undefined> {
  const chunks = await chunkIdsOf(db, id);
  for (const chunk of chunks) await requestCancel(db, chunk, now);
  await db
    .updateTable('jobs')
    .set({ status: 'cancelled', cancel_requested: 1, finished_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'waiting'])
    .execute();
  await db
    .updateTable('jobs')
    .set({ cancel_requested: 1, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
  return findJob(db, id);
}

/** Whether cancellation was requested for a job (read by runners in other processes). */
export async function isCancelRequested(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db.selectFrom('jobs').select('cancel_requested').where('id', '=', id).executeTakeFirst();
  return row?.cancel_requested === 1;
}

/**
 * Puts jobs that were running back in the queue (after a restart, or at shutdown), so they resume.
 * Without ids (at start), jobs whose cancellation was requested before the restart become cancelled.
 */
export async function requeueRunningJobs(db: Kysely<Database>, now: string, ids?: string[]): Promise<number> {
  if (!ids) {
    await db
      .updateTable('jobs')
      .set({ status: 'cancelled', finished_at: now, updated_at: now })
      .where('status', '=', 'running')
      .where('cancel_requested', '=', 1)
      .execute();
  }
  let query = db
    .updateTable('jobs')
    .set({ status: 'queued', updated_at: now })
    .where('status', '=', 'running')
    .where('cancel_requested', '=', 0);
  if (ids) {
    if (ids.length === 0) return 0;
    query = query.where('id', 'in', ids);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** What claiming one job found: it is ours now, another live process runs it, or there is nothing to run. */
export type ClaimResult =
  | { kind: 'claimed'; job: Job }
  | { kind: 'busy'; retryInMs: number }
  | { kind: 'nothing' };

/**
 * Claims one specific job for this process: a queued job, or a running one whose runner went silent
 * (no heartbeat since `staleBefore`: it died, and the queue redelivered it). A running job with a
 * fresh heartbeat is another process's ("busy": never run a job twice at once).
 */
export async function claimJob(
  db: Kysely<Database>,
  id: string,
  now: string,
  staleBefore: string,
): Promise<ClaimResult> {
  const result = await db
    .updateTable('jobs')
    .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), started_at: now, updated_at: now }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([
          eb('status', '=', 'running'),
          eb('cancel_requested', '=', 0),
          eb('updated_at', '<', staleBefore),
        ]),
      ]),
    )
    .executeTakeFirst();
  const job = await findJob(db, id);
  if (Number(result.numUpdatedRows) === 1 && job) return { kind: 'claimed', job };
  if (job?.status === 'running' && job.updatedAt >= staleBefore) {
    return { kind: 'busy', retryInMs: Date.parse(job.updatedAt) - Date.parse(staleBefore) + 100 };
  }
  return { kind: 'nothing' };
}

/** Records that a running job's runner is alive; answers whether its cancellation was requested. */
export async function recordHeartbeat(db: Kysely<Database>, id: string, now: string): Promise<boolean> {
  await db
    .updateTable('jobs')
    .set({ updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
  return isCancelRequested(db, id);
}

/** Jobs not finished (queued or running) of the given kinds, oldest first: what the queue must hold. */
export async function listUnfinishedJobs(db: Kysely<Database>, kinds: string[]): Promise<Job[]> {
  if (kinds.length === 0) return [];
  const rows = await db
    .selectFrom('jobs')
    .selectAll()
    .where('status', 'in', ['queued', 'running'])
    .where('kind', 'in', kinds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toJob);
}

/** Running jobs whose cancel was requested and whose runner went silent: nobody will stop them, so they are cancelled. */
export async function cancelAbandonedJobs(
  db: Kysely<Database>,
  staleBefore: string,
  now: string,
): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'cancelled', finished_at: now, updated_at: now })
    .where('status', '=', 'running')
    .where('cancel_requested', '=', 1)
    .where('updated_at', '<', staleBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Every queued job, oldest first (to hand them to a shared queue after a restart). */
export async function listQueuedJobs(db: Kysely<Database>): Promise<Job[]> {
  const rows = await db
    .selectFrom('jobs')
    .selectAll()
    .where('status', '=', 'queued')
    .orderBy('created_at')
    .execute();
  return rows.map(toJob);
}

/**
 * Splits a running job into chunk jobs (queued, each with its payload) and makes it wait for them, in
 * one transaction: a crash leaves either the job running (taken over and split again) or the whole split.
 * Answers the chunk jobs, to hand to the queue, or undefined (nothing written) when the job's cancel
 * was requested meanwhile.
 */
export async function splitJob(
  db: Kysely<Database>,
  parent: Job,
  split: { payloads: unknown[]; total: number },
  now: string,
): Promise<Job[] | undefined> {
  const ids = split.payloads.map(() => randomUUID());
  const isSplit = await db.transaction().execute(async (trx) => {
    const waiting = await trx
      .updateTable('jobs')
      .set({ status: 'waiting', progress_done: 0, progress_total: split.total, updated_at: now })
      .where('id', '=', parent.id)
      .where('status', '=', 'running')
      .where('cancel_requested', '=', 0)
      .executeTakeFirst();
    if (Number(waiting.numUpdatedRows) !== 1) return false;
    for (const [index, payload] of split.payloads.entries()) {
      // Created in order, a millisecond apart, so the queue's oldest-first order follows the editions.
      const at = new Date(Date.parse(now) + index).toISOString();
      await insertJob(trx, { id: ids[index]!, kind: parent.kind, ownerId: parent.ownerId, payload, now: at });
      await trx
        .insertInto('job_chunks')
        .values({ job_id: ids[index]!, parent_id: parent.id, chunk_index: index })
        .execute();
    }
    return true;
  });
  if (!isSplit) return undefined;
  const chunks: Job[] = [];
  for (const id of ids) {
    const chunk = await findJob(db, id);
    if (chunk) chunks.push(chunk);
  }
  return chunks;
}

/** The job a chunk belongs to, or undefined when the job is not a chunk. */
export async function parentOf(db: Kysely<Database>, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('job_chunks')
    .select('parent_id')
    .where('job_id', '=', id)
    .executeTakeFirst();
  return row?.parent_id;
}

/** The ids of a job's chunks, in order (none when it was not split). */
export async function chunkIdsOf(db: Kysely<Database>, parentId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('job_chunks')
    .select('job_id')
    .where('parent_id', '=', parentId)
    .orderBy('chunk_index')
    .execute();
  return rows.map((row) => row.job_id);
}

/**
 * Records a waiting job's progress as the sum of its chunks' (each stored count only grows, so the
 * sum does too) and answers the job, or undefined when it no longer waits (cancelled, failed, finishing).
 */
export async function recordSplitProgress(
  db: Kysely<Database>,
  parentId: string,
  now: string,
): Promise<Job | undefined> {
  const sum = await db
    .selectFrom('job_chunks')
    .innerJoin('jobs', 'jobs.id', 'job_chunks.job_id')
    .select((eb) => eb.fn.sum<string | number>('jobs.progress_done').as('done'))
    .where('job_chunks.parent_id', '=', parentId)
    .executeTakeFirst();
  const done = Number(sum?.done ?? 0);
  await db
    .updateTable('jobs')
    .set({ progress_done: done, updated_at: now })
    .where('id', '=', parentId)
    .where('status', '=', 'waiting')
    .where('progress_done', '<', done)
    .execute();
  const row = await db.selectFrom('jobs').selectAll().where('id', '=', parentId).executeTakeFirst();
  return row?.status === 'waiting' ? toJob(row) : undefined;
}

/** What settling a split job did: queued it for its final step, failed it, or nothing (chunks still to run). */
export type SettleOutcome = 'requeued' | 'failed' | 'pending';

/**
 * Moves a waiting job on once its chunks are settled: every chunk succeeded → queued again for its final
 * step (the status condition lets one caller do it, however many chunks finish at once); a chunk failed →
 * failed with that chunk's message, the other chunks stopped.
 */
export async function settleSplitJob(
  db: Kysely<Database>,
  parentId: string,
  now: string,
): Promise<SettleOutcome> {
  const chunks = await db
    .selectFrom('job_chunks')
    .innerJoin('jobs', 'jobs.id', 'job_chunks.job_id')
    .select(['jobs.id', 'jobs.status', 'jobs.error'])
    .where('job_chunks.parent_id', '=', parentId)
    .orderBy('job_chunks.chunk_index')
    .execute();
  if (chunks.length === 0) return 'pending';
  const failed = chunks.find((chunk) => chunk.status === 'failed');
  if (failed) {
    const result = await db
      .updateTable('jobs')
      .set({ status: 'failed', error: failed.error, finished_at: now, updated_at: now })
      .where('id', '=', parentId)
      .where('status', '=', 'waiting')
      .executeTakeFirst();
    for (const chunk of chunks) await requestCancel(db, chunk.id, now);
    return Number(result.numUpdatedRows) === 1 ? 'failed' : 'pending';
  }
  if (!chunks.every((chunk) => chunk.status === 'succeeded')) return 'pending';
  const result = await db
    .updateTable('jobs')
    .set({ status: 'queued', updated_at: now })
    .where('id', '=', parentId)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? 'requeued' : 'pending';
}

/** Ids of the jobs waiting for their chunks (reconciliation settles them, in case a chunk's process died before it could). */
export async function listWaitingJobIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('jobs').select('id').where('status', '=', 'waiting').execute();
  return rows.map((row) => row.id);
}
