import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { type Job as BullJob, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { executeJob, progressOf, type RunningJob } from './execute-job.ts';
import { isFinished, type Job, type JobHandler, type JobProgress } from './job.ts';
import type { JobRunner, JobRunnerOptions } from './job-runner.ts';
import { claimJob, findJob, insertJob, listQueuedJobs, requestCancel } from './jobs.repository.ts';
import { redisOptions } from './redis-options.ts';

export interface BullJobRunnerOptions extends JobRunnerOptions {
  redisUrl: string;
  /** Whether this process runs jobs (workers, or a single server) or only queues and watches them (web nodes). */
  processJobs: boolean;
  queueName?: string;
  /** How long a worker's claim on a job lasts without renewal; a dead worker's jobs go to another after it. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
}

type Message = { type: 'progress'; progress: JobProgress } | { type: 'cancel'; id: string };

/**
 * The scale-out runner: the jobs table stays the record of every job; BullMQ on Redis hands them to
 * any number of worker processes, redelivers the jobs of a worker that died, and Redis pub/sub carries
 * progress and cancel requests between processes.
 */
export function createBullJobRunner(options: BullJobRunnerOptions): JobRunner {
  const { db, log } = options;
  const queueName = options.queueName ?? 'layerloom-jobs';
  const channel = `${queueName}:events`;
  const connection = redisOptions(options.redisUrl);
  const now = options.now ?? (() => new Date());
  const handlers = new Map<string, JobHandler>();
  const running = new Map<string, RunningJob>();
  const active = new Set<Promise<unknown>>();
  const events = new EventEmitter().setMaxListeners(0);
  const queue = new Queue(queueName, { connection });
  const publisher = new Redis(connection);
  const subscriber = new Redis(connection);
  // Redis going away is an 'error' event on each of these; unheard, the queue's would crash the process.
  // They reconnect on their own, so a log line is all that is needed.
  queue.on('error', (error) => log.warn({ err: error }, 'job queue connection error'));
  publisher.on('error', (error) => log.warn({ err: error }, 'redis publisher connection error'));
  subscriber.on('error', (error) => log.warn({ err: error }, 'redis subscriber connection error'));
  let worker: Worker | undefined;
  let stopping = false;

  const publish = (message: Message) => {
    publisher
      .publish(channel, JSON.stringify(message))
      .catch((error) => log.warn({ err: error }, 'could not publish'));
  };

  const add = (job: Pick<Job, 'id' | 'kind' | 'attempts'>) =>
    // One BullMQ job per attempt: re-adding after an interruption must not collide with the finished one.
    queue.add(
      job.kind,
      { id: job.id },
      { jobId: `${job.id}-${job.attempts}`, removeOnComplete: true, removeOnFail: 1000 },
    );

  async function process(bullJob: BullJob<{ id: string }>) {
    const job = await claimJob(db, bullJob.data.id, now().toISOString());
    const handler = job && handlers.get(job.kind);
    if (!job || !handler) return;
    const execution = executeJob(job, {
      db,
      log,
      handler,
      running,
      emit: (progress) => publish({ type: 'progress', progress }),
      isStopping: () => stopping,
      pollIntervalMs: options.pollIntervalMs ?? 2000,
      progressWriteIntervalMs: options.progressWriteIntervalMs ?? 500,
      now,
    });
    active.add(execution);
    try {
      if ((await execution) === 'interrupted') {
        const requeued = await findJob(db, job.id);
        if (requeued) await add(requeued);
      }
    } finally {
      active.delete(execution);
    }
  }

  return {
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    async start() {
      subscriber.on('message', (_channel, raw) => {
        const message = JSON.parse(raw) as Message;
        if (message.type === 'progress') events.emit(message.progress.id, message.progress);
        else running.get(message.id)?.controller.abort(new Error('cancelled'));
      });
      // Subscribing before the connection is ready would make ioredis's ready check fail in subscriber mode.
      if (subscriber.status !== 'ready') await new Promise((resolve) => subscriber.once('ready', resolve));
      await subscriber.subscribe(channel);
      // Jobs queued while no process was up (or whose BullMQ entry was lost) are handed out again.
      for (const job of await listQueuedJobs(db)) await add(job);
      if (options.processJobs) {
        worker = new Worker(queueName, process, {
          connection,
          concurrency: options.concurrency ?? 1,
          lockDuration: options.lockDurationMs ?? 30_000,
          stalledInterval: options.stalledIntervalMs ?? 30_000,
          maxStalledCount: 1000,
        });
        worker.on('error', (error) => log.error({ err: error }, 'job worker error'));
      }
    },
    async enqueue(kind, payload, ownerId) {
      if (!handlers.has(kind)) throw new Error(`No handler for job kind ${kind}`);
      const id = randomUUID();
      await insertJob(db, { id, kind, ownerId, payload, now: now().toISOString() });
      const job = await findJob(db, id);
      if (!job) throw new Error(`Job ${id} vanished`);
      await add(job);
      return job;
    },
    async cancel(id) {
      const before = await findJob(db, id);
      if (!before || isFinished(before.status)) return before;
      const job = await requestCancel(db, id, now().toISOString());
      publish({ type: 'cancel', id });
      if (job?.status === 'cancelled') publish({ type: 'progress', progress: progressOf(job, undefined) });
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
      for (const state of running.values()) state.controller.abort(new Error('shutdown'));
      await Promise.all(active);
      await worker?.close();
      await queue.close();
      await publisher.quit();
      // A connection in subscriber mode may only send subscriber commands; close it outright.
      subscriber.disconnect();
    },
  };
}
