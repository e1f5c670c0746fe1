import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { type Job, type JobHandler, type JobProgress, JobSplit } from './job.ts';
import { isUserFacingFailure, jobErrorMessage } from './job-error-message.ts';
import {
  chunkIdsOf,
  findJob,
  finishJob,
  isCancelRequested,
  parentOf,
  recordHeartbeat,
  recordSplitProgress,
  requeueRunningJobs,
  settleSplitJob,
  splitJob,
  updateJobProgress,
} from './jobs.repository.ts';

/**
 * How a run of a job ended; `interrupted` means shutdown put it back in the queue, `split` that it
 * waits for the chunk jobs it was split into.
 */
export type JobOutcome = 'succeeded' | 'failed' | 'cancelled' | 'interrupted' | 'split';

/** A job running in this process. */
export interface RunningJob {
  controller: AbortController;
  startedAt: number;
  /** Units found done when this run started (stored progress); a resumed handler rescans up to it. */
  baseline: number;
  firstDone: number;
  done: number;
  total: number;
  lastWrite: number;
}

export interface ExecuteJobOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  handler: JobHandler;
  running: Map<string, RunningJob>;
  /** Called with every status or progress change. */
  emit(progress: JobProgress): void;
  /** Whether this process is shutting down (an abort then means "resume later", not "cancelled"). */
  isStopping(): boolean;
  /** How often the job's heartbeat is recorded and a cancel request looked for, in ms. */
  pollIntervalMs: number;
  progressWriteIntervalMs: number;
  now(): Date;
  /** Names this process in the job's log lines (hostname-pid). */
  workerId?: string;
  /** Whether handlers may split their job into chunks (a runner whose jobs any of several workers take). */
  canSplit?: boolean;
  /** Hands jobs to the queue: the chunks of a job just split, or a split job whose chunks all succeeded. */
  onQueued?(jobs: Job[]): void;
}

/** A waiting job's progress as its subscribers see it, with an ETA from when it was split. */
function splitProgress(job: Job): JobProgress {
  const elapsed = job.startedAt ? (Date.now() - Date.parse(job.startedAt)) / 1000 : 0;
  const etaSeconds =
    job.done > 0 && job.total > job.done ? Math.round(((job.total - job.done) * elapsed) / job.done) : null;
  return { id: job.id, status: job.status, done: job.done, total: job.total, etaSeconds, error: job.error };
}

/** The collection a job works on, for log lines (generation jobs carry it in their payload). */
function collectionIdOf(job: Job): string | undefined {
  const id = (job.payload as { collectionId?: unknown } | null)?.collectionId;
  return typeof id === 'string' ? id : undefined;
}

/** Seconds left at the rate measured in this run, or null before the first unit is done here. */
export function estimateSeconds(state: RunningJob): number | null {
  const doneHere = state.done - state.firstDone;
  if (state.firstDone < 0 || doneHere <= 0 || state.total <= 0) return null;
  const elapsed = (Date.now() - state.startedAt) / 1000;
  return Math.max(0, Math.round(((state.total - state.done) * elapsed) / doneHere));
}

/** The progress subscribers see for a job, live when it runs in this process. */
export function progressOf(job: Job, state: RunningJob | undefined): JobProgress {
  return {
    id: job.id,
    status: job.status,
    done: state?.done ?? job.done,
    total: state?.total ?? job.total,
    etaSeconds: state ? estimateSeconds(state) : null,
    error: job.error,
  };
}

/**
 * Runs a claimed job's handler and records the outcome: succeeded with its result, failed with a
 * user-facing message (AppError) or a generic one, cancelled on request, or back to the queue on shutdown.
 */
export async function executeJob(job: Job, options: ExecuteJobOptions): Promise<JobOutcome> {
  const { db, running } = options;
  const iso = () => options.now().toISOString();
  const controller = new AbortController();
  const state: RunningJob = {
    controller,
    startedAt: Date.now(),
    baseline: job.done,
    firstDone: -1,
    done: job.done,
    total: job.total,
    lastWrite: 0,
  };
  // Counted as running before the first await, so a runner filling its slots never takes one too many.
  running.set(job.id, state);
  let parentId: string | undefined;
  let afterChunks: boolean;
  try {
    // A chunk's progress is also its parent's; a job with chunks runs again only for its final step.
    parentId = await parentOf(db, job.id);
    afterChunks = (await chunkIdsOf(db, job.id)).length > 0;
  } catch (error) {
    running.delete(job.id);
    throw error;
  }
  const log = options.log.child({
    jobId: job.id,
    collectionId: collectionIdOf(job),
    workerId: options.workerId,
    ...(parentId ? { chunkOf: parentId } : {}),
  });
  const runStarted = Date.now();
  let loggedTenth = job.total > 0 ? Math.floor((job.done * 10) / job.total) : 0;
  log.info(
    { kind: job.kind, attempt: job.attempts, resumedFrom: job.done, total: job.total },
    job.done > 0 ? 'job resumed' : 'job started',
  );
  options.emit(progressOf(job, state));
  // The heartbeat tells other processes this run is alive (a silent job is taken over), and
  // cancellation may be requested through another process: both go through the database.
  const heartbeat = setInterval(() => {
    recordHeartbeat(db, job.id, iso())
      .then((requested) => {
        if (requested) controller.abort(new Error('cancelled'));
      })
      .catch(() => undefined);
  }, options.pollIntervalMs);
  const context = {
    signal: controller.signal,
    progress(reported: number, total: number) {
      // A resumed handler counts finished units again from the start as it scans past them: what was
      // already done (stored, or shown live before a takeover) is never shown undone.
      const done = Math.max(reported, state.done);
      if (state.firstDone < 0 && reported > state.baseline) {
        state.firstDone = reported;
        state.startedAt = Date.now();
      }
      const changed = done !== state.done || total !== state.total;
      state.done = done;
      state.total = total;
      if (!changed && state.lastWrite > 0) return;
      options.emit({
        id: job.id,
        status: 'running',
        done,
        total,
        etaSeconds: estimateSeconds(state),
        error: null,
      });
      const tenth = total > 0 ? Math.floor((done * 10) / total) : 0;
      if (tenth > loggedTenth && done < total) {
        loggedTenth = tenth;
        log.info({ done, total, percent: tenth * 10 }, 'job progress');
      }
      if (Date.now() - state.lastWrite >= options.progressWriteIntervalMs || done === total) {
        state.lastWrite = Date.now();
        updateJobProgress(db, job.id, done, total, iso())
          .then(async () => {
            if (!parentId) return;
            const parent = await recordSplitProgress(db, parentId, iso());
            if (parent) options.emit(splitProgress(parent));
          })
          .catch((error) => log.warn({ err: error }, 'could not record job progress'));
      }
    },
    canSplit: options.canSplit === true && !parentId && !afterChunks,
    afterChunks,
  };
  let outcome: JobOutcome;
  try {
    const result = await options.handler(job, context);
    if (controller.signal.aborted) throw controller.signal.reason;
    if (result instanceof JobSplit && context.canSplit) {
      const chunks = await splitJob(db, job, result, iso());
      // Its cancel was requested as it was being split: it stops here, nothing split.
      if (!chunks) controller.abort(new Error('cancelled'));
      if (!chunks) throw controller.signal.reason;
      log.info({ chunks: chunks.length, total: result.total }, 'job split into chunks');
      options.onQueued?.(chunks);
      outcome = 'split';
    } else {
      await updateJobProgress(db, job.id, state.done, state.total, iso());
      await finishJob(db, job.id, { status: 'succeeded', result: result ?? null }, iso());
      outcome = 'succeeded';
    }
  } catch (error) {
    if (controller.signal.aborted && options.isStopping() && !(await isCancelRequested(db, job.id))) {
      await updateJobProgress(db, job.id, state.done, state.total, iso());
      await requeueRunningJobs(db, iso(), [job.id]);
      outcome = 'interrupted';
    } else if (controller.signal.aborted) {
      // How far it got is kept (progress writes are throttled: the last ones may not be stored yet).
      await updateJobProgress(db, job.id, state.done, state.total, iso());
      await finishJob(db, job.id, { status: 'cancelled' }, iso());
      outcome = 'cancelled';
    } else {
      // Users read a message they can act on, never a storage key, a path or a stack; the log keeps it all.
      const message = jobErrorMessage(error);
      if (isUserFacingFailure(error)) log.info({ err: error, kind: job.kind }, 'job failed: refused input');
      else log.error({ err: error, kind: job.kind }, 'job failed');
      await updateJobProgress(db, job.id, state.done, state.total, iso());
      await finishJob(db, job.id, { status: 'failed', error: message }, iso());
      outcome = 'failed';
    }
  } finally {
    clearInterval(heartbeat);
    running.delete(job.id);
  }
  const durationMs = Date.now() - runStarted;
  const doneHere = Math.max(0, state.done - state.baseline);
  log.info(
    {
      outcome,
      done: state.done,
      total: state.total,
      doneHere,
      durationMs,
      tokensPerSecond: durationMs > 0 ? Math.round((doneHere * 10_000) / durationMs) / 10 : null,
    },
    `job ${outcome}`,
  );
  const finished = await findJob(db, job.id);
  if (finished) options.emit(progressOf(finished, undefined));
  if (parentId && outcome !== 'interrupted') await settleParent(parentId, options);
  return outcome;
}

/**
 * After one of its chunks ended: queues the parent for its final step once every chunk succeeded (one
 * process does, however many finish together), or tells its subscribers it failed.
 */
export async function settleParent(
  parentId: string,
  options: Pick<ExecuteJobOptions, 'db' | 'log' | 'now' | 'emit' | 'onQueued'>,
): Promise<void> {
  const now = options.now().toISOString();
  // The chunk's last count is in: the job's progress is the sum before it moves on.
  await recordSplitProgress(options.db, parentId, now);
  const outcome = await settleSplitJob(options.db, parentId, now);
  const parent = await findJob(options.db, parentId);
  if (!parent) return;
  if (outcome === 'requeued') {
    options.log.info({ jobId: parentId }, 'every chunk succeeded; job queued for its final step');
    options.onQueued?.([parent]);
  }
  if (outcome !== 'pending') options.emit(progressOf(parent, undefined));
}
