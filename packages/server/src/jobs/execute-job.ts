import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Job, JobHandler, JobProgress } from './job.ts';
import { isUserFacingFailure, jobErrorMessage } from './job-error-message.ts';
import {
  findJob,
  finishJob,
  isCancelRequested,
  recordHeartbeat,
  requeueRunningJobs,
  updateJobProgress,
} from './jobs.repository.ts';

/** How a run of a job ended; `interrupted` means shutdown put it back in the queue. */
export type JobOutcome = 'succeeded' | 'failed' | 'cancelled' | 'interrupted';

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
  const log = options.log.child({
    jobId: job.id,
    collectionId: collectionIdOf(job),
    workerId: options.workerId,
  });
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
  const runStarted = Date.now();
  let loggedTenth = job.total > 0 ? Math.floor((job.done * 10) / job.total) : 0;
  log.info(
    { kind: job.kind, attempt: job.attempts, resumedFrom: job.done, total: job.total },
    job.done > 0 ? 'job resumed' : 'job started',
  );
  running.set(job.id, state);
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
        updateJobProgress(db, job.id, done, total, iso()).catch((error) =>
          log.warn({ err: error }, 'could not record job progress'),
        );
      }
    },
  };
  let outcome: JobOutcome;
  try {
    const result = await options.handler(job, context);
    if (controller.signal.aborted) throw controller.signal.reason;
    await updateJobProgress(db, job.id, state.done, state.total, iso());
    await finishJob(db, job.id, { status: 'succeeded', result: result ?? null }, iso());
    outcome = 'succeeded';
  } catch (error) {
    if (controller.signal.aborted && options.isStopping() && !(await isCancelRequested(db, job.id))) {
      await updateJobProgress(db, job.id, state.done, state.total, iso());
      await requeueRunningJobs(db, iso(), [job.id]);
      outcome = 'interrupted';
    } else if (controller.signal.aborted) {
      await finishJob(db, job.id, { status: 'cancelled' }, iso());
      outcome = 'cancelled';
    } else {
      // Users read a message they can act on, never a storage key, a path or a stack; the log keeps it all.
      const message = jobErrorMessage(error);
      if (isUserFacingFailure(error)) log.info({ err: error, kind: job.kind }, 'job failed: refused input');
      else log.error({ err: error, kind: job.kind }, 'job failed');
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
  return outcome;
}
