import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { executeJob, progressOf, type RunningJob } from './execute-job.ts';
import { isFinished, type Job, type JobHandler, type JobProgress } from './job.ts';
import { claimNextJob, findJob, insertJob, requestCancel, requeueRunningJobs } from './jobs.repository.ts';
import { processId } from './process-id.ts';

export interface JobRunnerOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** How many jobs run at once in this process (rendering itself uses every core). */
  concurrency?: number;
  /** How often progress is written to the database, in ms (subscribers in this process hear every update). */
  progressWriteIntervalMs?: number;
  /** How often an idle runner looks for queued work and running jobs look for a cancel request, in ms. */
  pollIntervalMs?: number;
  now?: () => Date;
}

/** Durable background jobs: stored in the jobs table and resumed after a restart. */
export interface JobRunner {
  /** Registers the handler of one kind of job (before `start`). */
  register(kind: string, handler: JobHandler): void;
  /** Recovers jobs a previous process left running, then starts taking work. */
  start(): Promise<void>;
  /** Stores a queued job and hands it to a runner; resolves with the job. */
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

/** The embedded runner: the jobs table is the queue, and jobs run in this process. */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log } = options;
  const concurrency = options.concurrency ?? 1;
  const pollIntervalMs = options.pollIntervalMs ?? 2000;
  const now = options.now ?? (() => new Date());
  const handlers = new Map<string, JobHandler>();
  const running = new Map<string, RunningJob>();
  const active = new Set<Promise<unknown>>();
  const events = new EventEmitter().setMaxListeners(0);
  let started = false;
  let stopping = false;
  let pumping = false;
  let timer: NodeJS.Timeout | undefined;
  const emit = (progress: JobProgress) => events.emit(progress.id, progress);

  async function pump() {
    if (pumping || stopping || !started) return;
    pumping = true;
    try {
      while (!stopping && running.size < concurrency) {
        const job = await claimNextJob(db, [...handlers.keys()], now().toISOString());
        if (!job) break;
        const handler = handlers.get(job.kind);
        if (!handler) break;
        const execution = executeJob(job, {
          db,
          log,
          handler,
          running,
          emit,
          isStopping: () => stopping,
          pollIntervalMs,
          progressWriteIntervalMs: options.progressWriteIntervalMs ?? 500,
          now,
          workerId: processId,
        }).catch((error) => log.error({ err: error, jobId: job.id }, 'job runner error'));
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
      const requeued = await requeueRunningJobs(db, now().toISOString());
      if (requeued > 0) log.info({ requeued }, 'resuming interrupted jobs');
      started = true;
      timer = setInterval(() => void pump(), pollIntervalMs);
      timer.unref();
      await pump();
    },
    async enqueue(kind, payload, ownerId) {
      if (!handlers.has(kind)) throw new Error(`No handler for job kind ${kind}`);
      const id = randomUUID();
      await insertJob(db, { id, kind, ownerId, payload, now: now().toISOString() });
      const job = await findJob(db, id);
      if (!job) throw new Error(`Job ${id} vanished`);
      void pump();
      return job;
    },
    async cancel(id) {
      const before = await findJob(db, id);
      if (!before || isFinished(before.status)) return before;
      const job = await requestCancel(db, id, now().toISOString());
      running.get(id)?.controller.abort(new Error('cancelled'));
      if (job?.status === 'cancelled') emit(progressOf(job, undefined));
      return job;
    },
    async progress(id) {
      const job = await findJob(db, id);
      return job ? progressOf(job, running.get(id)) : undefined;
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
