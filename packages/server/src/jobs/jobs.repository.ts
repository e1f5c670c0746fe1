import type { Kysely, Selectable } from 'kysely';
import type { Database, JobTable } from '../db/schema.ts';
import type { Job, JobStatus } from './job.ts';

function toJob(row: Selectable<JobTable>): Job {
  return {
    id: row.id,
    kind: row.kind,
    ownerId: row.owner_id,
    payload: JSON.parse(row.payload),
    status: row.status as JobStatus,
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
  db: Kysely<Database>,
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

/** Records progress of a running job. */
export async function updateJobProgress(
  db: Kysely<Database>,
  id: string,
  done: number,
  total: number,
  now: string,
) {
  await db
    .updateTable('jobs')
    .set({ progress_done: done, progress_total: total, updated_at: now })
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

/** Marks a job for cancellation; a queued job is cancelled at once. Returns the job afterwards. */
export async function requestCancel(db: Kysely<Database>, id: string, now: string): Promise<Job | undefined> {
  await db
    .updateTable('jobs')
    .set({ status: 'cancelled', cancel_requested: 1, finished_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'queued')
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
