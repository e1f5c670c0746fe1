import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';
import { isFinished, type Job, type JobHandler, type JobProgress } from './job.ts';
import {
  claimNextJob,
  findJob,
  finishJob,
  insertJob,
  isCancelRequested,
  requestCancel,
  requeueRunningJobs,
  updateJobProgress,
} from './jobs.repository.ts';

export interface JobRunnerOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** How many jobs run at once in this process (rendering itself uses every core). */
  concurrency?: number;
  /** How often progress is written to the database, in ms (subscribers in this process hear every update). */
  progressWriteIntervalMs?: number;
  /** How often an idle runner looks for work queued by other processes, in ms. */
  pollIntervalMs?: number;
  now?: () => Date;
}

/** Durable background jobs: stored in the jobs table, run in this process, resumed after a restart. */
export interface JobRunner {
  /** Registers the handler of one kind of job (before `start`). */
  register(kind: string, handler: JobHandler): void;
  /** Requeues jobs a previous process left running, then starts taking work. */
  start(): Promise<void>;
  /** Stores a queued job and wakes the runner; resolves with the job. */
  enqueue(kind: string, payload: unknown, ownerId: string | null): Promise<Job>;
  /** Cancels a queued or running job; finished jobs are left as they are. */
  cancel(id: string): Promise<Job | undefined>;
  /** The job's current progress, or undefined when it does not exist. */
  progress(id: string): Promise<JobProgress | undefined>;
  /** Calls `listener` on every progress or status change of a job; returns the unsubscribe function. */
  subscribe(id: string, listener: (progress: JobProgress) => void): () => void;
  /** Stops taking work; running jobs are interrupted and queued again so the next start resumes them. */
  stop(): Promise<void>;
}

interface Running {
  controller: AbortController;
  startedAt: number;
  firstDone: number;
  done: number;
  total: number;
  lastWrite: number;
}

/** Creates the in-process job runner. */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log } = options;
  const concurrency = options.concurrency ?? 1;
  const writeInterval = options.progressWriteIntervalMs ?? 500;
  const pollInterval = options.pollIntervalMs ?? 2000;
  const now = options.now ?? (() => new Date());
  const handlers = new Map<string, JobHandler>();
  const running = new Map<string, Running>();
  const active = new Set<Promise<void>>();
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let started = false;
  let stopping = false;
  let pumping = false;
  let timer: NodeJS.Timeout | undefined;

  const iso = () => now().toISOString();

  function eta(state: Running): number | null {
    const doneHere = state.done - state.firstDone;
    if (doneHere <= 0 || state.total <= 0) return null;
    const elapsed = (Date.now() - state.startedAt) / 1000;
    return Math.max(0, Math.round(((state.total - state.done) * elapsed) / doneHere));
  }

  function emit(progress: JobProgress) {
    events.emit(progress.id, progress);
  }

  function toProgress(job: Job): JobProgress {
    const state = running.get(job.id);
    return {
      id: job.id,
      status: job.status,
      done: state?.done ?? job.done,
      total: state?.total ?? job.total,
      etaSeconds: state ? eta(state) : null,
      error: job.error,
    };
  }

  async function execute(job: Job) {
    const handler = handlers.get(job.kind);
    if (!handler) return;
    const controller = new AbortController();
    const state: Running = {
      controller,
      startedAt: Date.now(),
      firstDone: -1,
      done: job.done,
      total: job.total,
      lastWrite: 0,
    };
    running.set(job.id, state);
    emit(toProgress(job));
    const cancelWatch = setInterval(() => {
      isCancelRequested(db, job.id)
        .then((requested) => {
          if (requested) controller.abort(new Error('cancelled'));
        })
        .catch(() => undefined);
    }, pollInterval);
    const context = {
      signal: controller.signal,
      progress(done: number, total: number) {
        if (state.firstDone < 0) {
          state.firstDone = done;
          state.startedAt = Date.now();
        }
        state.done = done;
        state.total = total;
        emit({ id: job.id, status: 'running', done, total, etaSeconds: eta(state), error: null });
        if (Date.now() - state.lastWrite >= writeInterval || done === total) {
          state.lastWrite = Date.now();
          updateJobProgress(db, job.id, done, total, iso()).catch((error) =>
            log.warn({ err: error, jobId: job.id }, 'could not record job progress'),
          );
        }
      },
    };
    try {
      const result = await handler(job, context);
      if (controller.signal.aborted) throw controller.signal.reason;
      await updateJobProgress(db, job.id, state.done, state.total, iso());
      await finishJob(db, job.id, { status: 'succeeded', result: result ?? null }, iso());
    } catch (error) {
      if (controller.signal.aborted && stopping && !(await isCancelRequested(db, job.id))) {
        // Interrupted by shutdown: back to the queue so the next start resumes it.
        await updateJobProgress(db, job.id, state.done, state.total, iso());
        await requeueRunningJobs(db, iso(), [job.id]);
      } else if (controller.signal.aborted) {
        await finishJob(db, job.id, { status: 'cancelled' }, iso());
      } else {
        const message =
          error instanceof AppError
            ? error.message
            : 'The job failed because of an error on our side. Please try again.';
        if (!(error instanceof AppError))
          log.error({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
        await finishJob(db, job.id, { status: 'failed', error: message }, iso());
      }
    } finally {
      clearInterval(cancelWatch);
      running.delete(job.id);
      const finished = await findJob(db, job.id);
      if (finished) emit(toProgress(finished));
    }
  }

  async function pump() {
    if (pumping || stopping || !started) return;
    pumping = true;
    try {
      while (!stopping && running.size < concurrency) {
        const job = await claimNextJob(db, [...handlers.keys()], iso());
        if (!job) break;
        const execution = execute(job).catch((error) =>
          log.error({ err: error, jobId: job.id }, 'job runner error'),
        );
        active.add(execution);
        void execution.finally(() => {
          active.delete(execution);
          void pump();
        });
      }
    } catch (error) {
      log.error({ err: error }, 'could not claim a job');
    } finally {
      pumping = false;
    }
  }

  return {
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    async start() {
      const requeued = await requeueRunningJobs(db, iso());
      if (requeued > 0) log.info({ requeued }, 'resuming interrupted jobs');
      started = true;
      timer = setInterval(() => void pump(), pollInterval);
      timer.unref();
      await pump();
    },
    async enqueue(kind, payload, ownerId) {
      if (!handlers.has(kind)) throw new Error(`No handler for job kind ${kind}`);
      const id = randomUUID();
      await insertJob(db, { id, kind, ownerId, payload, now: iso() });
      const job = await findJob(db, id);
      if (!job) throw new Error(`Job ${id} vanished`);
      void pump();
      return job;
    },
    async cancel(id) {
      const before = await findJob(db, id);
      if (!before || isFinished(before.status)) return before;
      const job = await requestCancel(db, id, iso());
      running.get(id)?.controller.abort(new Error('cancelled'));
      if (job && job.status === 'cancelled') emit(toProgress(job));
      return job;
    },
    async progress(id) {
      const job = await findJob(db, id);
      return job ? toProgress(job) : undefined;
    },
    subscribe(id, listener) {
      events.on(id, listener);
      return () => events.off(id, listener);
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      for (const state of running.values()) state.controller.abort(new Error('shutdown'));
      await Promise.all(active);
    },
  };
}
