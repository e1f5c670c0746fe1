import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';
import type { Job, JobHandler, JobProgress } from './job.ts';
import {
  findJob,
  finishJob,
  isCancelRequested,
  requeueRunningJobs,
  updateJobProgress,
} from './jobs.repository.ts';

/** How a run of a job ended; `interrupted` means shutdown put it back in the queue. */
export type JobOutcome = 'succeeded' | 'failed' | 'cancelled' | 'interrupted';

/** A job running in this process. */
export interface RunningJob {
  controller: AbortController;
  startedAt: number;
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
  pollIntervalMs: number;
  progressWriteIntervalMs: number;
  now(): Date;
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
  const { db, log, running } = options;
  const iso = () => options.now().toISOString();
  const controller = new AbortController();
  const state: RunningJob = {
    controller,
    startedAt: Date.now(),
    firstDone: -1,
    done: job.done,
    total: job.total,
    lastWrite: 0,
  };
  running.set(job.id, state);
  options.emit(progressOf(job, state));
  // Cancellation may be requested through another process: watch the flag in the database.
  const cancelWatch = setInterval(() => {
    isCancelRequested(db, job.id)
      .then((requested) => {
        if (requested) controller.abort(new Error('cancelled'));
      })
      .catch(() => undefined);
  }, options.pollIntervalMs);
  const context = {
    signal: controller.signal,
    progress(done: number, total: number) {
      if (state.firstDone < 0) {
        state.firstDone = done;
        state.startedAt = Date.now();
      }
      state.done = done;
      state.total = total;
      options.emit({
        id: job.id,
        status: 'running',
        done,
        total,
        etaSeconds: estimateSeconds(state),
        error: null,
      });
      if (Date.now() - state.lastWrite >= options.progressWriteIntervalMs || done === total) {
        state.lastWrite = Date.now();
        updateJobProgress(db, job.id, done, total, iso()).catch((error) =>
          log.warn({ err: error, jobId: job.id }, 'could not record job progress'),
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
      const message =
        error instanceof AppError
          ? error.message
          : 'The job failed because of an error on our side. Please try again.';
      if (!(error instanceof AppError))
        log.error({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
      await finishJob(db, job.id, { status: 'failed', error: message }, iso());
      outcome = 'failed';
    }
  } finally {
    clearInterval(cancelWatch);
    running.delete(job.id);
  }
  const finished = await findJob(db, job.id);
  if (finished) options.emit(progressOf(finished, undefined));
  return outcome;
}
