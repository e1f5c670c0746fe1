import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { type Job as BullJob, DelayedError, Queue, WaitingError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { executeJob, progressOf, type RunningJob, settleParent } from './execute-job.ts';
import { isFinished, type Job, type JobHandler, type JobProgress } from './job.ts';
import type { JobRunner, JobRunnerOptions } from './job-runner.ts';
import {
  cancelAbandonedJobs,
  chunkIdsOf,
  claimJob,
  findJob,
  insertJob,
  listUnfinishedJobs,
  listWaitingJobIds,
  requestCancel,
} from './jobs.repository.ts';
import { processId } from './process-id.ts';
import { redisOptions } from './redis-options.ts';
import { withTimeout } from './with-timeout.ts';

export interface BullJobRunnerOptions extends JobRunnerOptions {
  redisUrl: string;
  /** Whether this process runs jobs (workers, or a single server) or only queues and watches them (web nodes). */
  processJobs: boolean;
  queueName?: string;
  /**
   * How long a worker's claim on a job lasts without renewal (renewed every half of it); a dead
   * worker's job goes to another one after at most this plus `stalledIntervalMs`. Default 10 s.
   */
  lockDurationMs?: number;
  /** How often workers look for jobs whose claim expired. Default 5 s. */
  stalledIntervalMs?: number;
  /** How often the jobs the database holds as queued or running are checked against the queue. Default 30 s. */
  reconcileIntervalMs?: number;
  /** How long `enqueue` waits for Redis before answering anyway (the job stays queued in the database). Default 1 s. */
  enqueueTimeoutMs?: number;
}

type Message = { type: 'progress'; progress: JobProgress } | { type: 'cancel'; id: string };

/** BullMQ states in which the queue still holds a job and will hand it out (or is running it). */
const HELD_STATES = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

/**
 * The scale-out runner: the jobs table stays the record of every job; BullMQ on Redis hands them to
 * any number of worker processes, redelivers the jobs of a worker that died, and Redis pub/sub carries
 * progress and cancel requests between processes. A reconciler re-adds what the queue lost (a Redis
 * restart without persistence, a flush), and a job runs in one process at a time: the BullMQ job id is
 * the job's id, and a running job's heartbeat in the database keeps others from claiming it.
 */
export function createBullJobRunner(options: BullJobRunnerOptions): JobRunner {
  const { db, log } = options;
  const queueName = options.queueName ?? 'layerloom-jobs';
  const channel = `${queueName}:events`;
  const connection = redisOptions(options.redisUrl);
  const now = options.now ?? (() => new Date());
  const heartbeatMs = options.pollIntervalMs ?? 2000;
  const lockDurationMs = options.lockDurationMs ?? 10_000;
  // A runner silent for this long is presumed dead; its job may be claimed by another process.
  const staleAfterMs = Math.max(lockDurationMs, 3 * heartbeatMs);
  const reconcileIntervalMs = options.reconcileIntervalMs ?? 30_000;
  const redisTimeoutMs = options.enqueueTimeoutMs ?? 1000;
  const handlers = new Map<string, JobHandler>();
  const running = new Map<string, RunningJob>();
  const active = new Set<Promise<unknown>>();
  const events = new EventEmitter().setMaxListeners(0);
  // Commands to a Redis that is away fail at once instead of waiting in memory for it to return.
  const queue = new Queue(queueName, { connection: { ...connection, enableOfflineQueue: false } });
  const publisher = new Redis(connection);
  const subscriber = new Redis(connection);
  // Redis going away is an 'error' event on each of these; unheard, the queue's would crash the process.
  // They reconnect on their own, so a log line is all that is needed.
  queue.on('error', (error) => log.warn({ err: error }, 'job queue connection error'));
  publisher.on('error', (error) => log.warn({ err: error }, 'redis publisher connection error'));
  subscriber.on('error', (error) => log.warn({ err: error }, 'redis subscriber connection error'));
  // The highest progress heard of each running job: a takeover's first reports never show less.
  const highest = new Map<string, number>();
  let worker: Worker | undefined;
  let reconcileTimer: NodeJS.Timeout | undefined;
  let reconciling: Promise<void> | undefined;
  let stopping = false;
  let publishFailing = false;

  const monotonic = (progress: JobProgress): JobProgress => {
    if (progress.status !== 'running') {
      highest.delete(progress.id);
      return progress;
    }
    const done = Math.max(progress.done, highest.get(progress.id) ?? 0);
    highest.set(progress.id, done);
    return done === progress.done ? progress : { ...progress, done };
  };

  const publish = (message: Message) => {
    // While Redis is away progress is dropped (the database keeps it) rather than piled up in memory.
    if (publisher.status !== 'ready') return;
    publisher.publish(channel, JSON.stringify(message)).then(
      () => {
        publishFailing = false;
      },
      (error) => {
        if (!publishFailing) log.warn({ err: error }, 'could not publish job events');
        publishFailing = true;
      },
    );
  };

  const add = (job: Pick<Job, 'id' | 'kind'>) =>
    // The job's own id: adding a job the queue already holds does nothing, so re-adding is always safe.
    queue.add(job.kind, { id: job.id }, { jobId: job.id, removeOnComplete: true, removeOnFail: 1000 });

  /** Hands chunks (or a job ready for its final step) to the queue; what Redis refuses, reconciliation adds. */
  const handOut = (jobs: Job[]) => {
    for (const job of jobs) {
      withTimeout(add(job), redisTimeoutMs, 'adding to the queue').catch((error) =>
        log.warn({ err: error, jobId: job.id }, 'the queue is unreachable; the job waits in the database'),
      );
    }
  };
  const emit = (progress: JobProgress) => publish({ type: 'progress', progress });

  /**
   * Re-adds every job the database says is queued, or running without a live runner, that the queue
   * does not hold; cancels running jobs whose cancel was requested and whose runner died.
   */
  async function reconcilePass() {
    const staleBefore = new Date(now().getTime() - staleAfterMs).toISOString();
    const cancelled = await cancelAbandonedJobs(db, staleBefore, now().toISOString());
    if (cancelled > 0) log.info({ cancelled }, 'reconciliation: cancelled jobs whose runner died');
    // A split job whose last chunk's process died before moving it on is moved on here.
    const waiting = await listWaitingJobIds(db);
    for (const id of waiting) {
      if (stopping) return;
      await settleParent(id, { db, log, now, emit, onQueued: handOut });
    }
    let requeued = 0;
    const unfinished = await listUnfinishedJobs(db, [...handlers.keys()]);
    // Progress heard of jobs that finished while their last message was lost is forgotten here.
    const ids = new Set([...unfinished.map((job) => job.id), ...waiting]);
    for (const id of highest.keys()) if (!ids.has(id)) highest.delete(id);
    for (const job of unfinished) {
      if (stopping) return;
      // A live runner holds it (its heartbeat is fresh), whatever the queue says.
      if (job.status === 'running' && job.updatedAt >= staleBefore) continue;
      const state = await withTimeout(queue.getJobState(job.id), redisTimeoutMs, 'reading the queue');
      if (HELD_STATES.has(state)) continue;
      // A finished entry would make adding the same id a no-op.
      if (state === 'completed' || state === 'failed') await queue.remove(job.id);
      await withTimeout(add(job), redisTimeoutMs, 'adding to the queue');
      requeued++;
    }
    if (requeued > 0) log.warn({ requeued }, 'reconciliation: re-queued jobs the queue did not hold');
  }

  function reconcile(): Promise<void> {
    reconciling ??= reconcilePass()
      .catch((error) => log.warn({ err: error }, 'reconciliation did not finish; it runs again shortly'))
      .finally(() => {
        reconciling = undefined;
      });
    return reconciling;
  }

  async function process(bullJob: BullJob<{ id: string }>, token?: string) {
    const staleBefore = new Date(now().getTime() - staleAfterMs).toISOString();
    const claim = await claimJob(db, bullJob.data.id, now().toISOString(), staleBefore);
    if (claim.kind === 'busy') {
      // Another process runs it and is alive: look again once its heartbeat would have gone stale.
      await bullJob.moveToDelayed(Date.now() + Math.max(100, claim.retryInMs), token);
      throw new DelayedError();
    }
    if (claim.kind === 'nothing') return;
    const { job } = claim;
    const handler = handlers.get(job.kind);
    if (!handler) return;
    const execution = executeJob(job, {
      db,
      log,
      handler,
      running,
      emit,
      isStopping: () => stopping,
      pollIntervalMs: heartbeatMs,
      progressWriteIntervalMs: options.progressWriteIntervalMs ?? 500,
      now,
      workerId: processId,
      canSplit: true,
      onQueued: handOut,
    });
    active.add(execution);
    let outcome: Awaited<typeof execution>;
    try {
      outcome = await execution;
    } finally {
      active.delete(execution);
    }
    if (outcome === 'interrupted') {
      // Shut down mid-way: back to the waiting list for the next worker (the database says queued too).
      await bullJob.moveToWait(token);
      throw new WaitingError();
    }
  }

  return {
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    async start() {
      subscriber.on('message', (_channel, raw) => {
        const message = JSON.parse(raw) as Message;
        if (message.type === 'progress') {
          const progress = monotonic(message.progress);
          events.emit(progress.id, progress);
        } else running.get(message.id)?.controller.abort(new Error('cancelled'));
      });
      // Subscribing before the connection is ready would make ioredis's ready check fail in subscriber
      // mode. With Redis away the node starts anyway and subscribes once it is back.
      const subscribe = () =>
        subscriber.subscribe(channel).catch((error) => log.warn({ err: error }, 'could not subscribe'));
      const ready = await withTimeout(
        new Promise((resolve) =>
          subscriber.status === 'ready' ? resolve(true) : subscriber.once('ready', resolve),
        ),
        redisTimeoutMs * 2,
        'connecting to Redis',
      ).then(
        () => true,
        () => false,
      );
      if (ready) await subscribe();
      else {
        log.warn('Redis does not answer; jobs are queued in the database and handed out once it does');
        subscriber.once('ready', () => void subscribe());
      }
      // Jobs queued while no process was up, or whose queue entry was lost, are handed out again now
      // and at every pass.
      await reconcile();
      reconcileTimer = setInterval(() => void reconcile(), reconcileIntervalMs);
      reconcileTimer.unref();
      if (options.processJobs) {
        worker = new Worker(queueName, process, {
          connection,
          concurrency: options.concurrency ?? 1,
          lockDuration: lockDurationMs,
          stalledInterval: options.stalledIntervalMs ?? 5_000,
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
      try {
        await withTimeout(add(job), redisTimeoutMs, 'adding to the queue');
      } catch (error) {
        // The row is the truth: the job is accepted, and reconciliation hands it out when Redis answers.
        log.warn({ err: error, jobId: id }, 'the queue is unreachable; the job waits in the database');
      }
      return job;
    },
    async cancel(id) {
      const before = await findJob(db, id);
      if (!before || isFinished(before.status)) return before;
      const job = await requestCancel(db, id, now().toISOString());
      publish({ type: 'cancel', id });
      for (const chunk of await chunkIdsOf(db, id)) publish({ type: 'cancel', id: chunk });
      if (job?.status === 'cancelled') publish({ type: 'progress', progress: progressOf(job, undefined) });
      return job;
    },
    async progress(id) {
      const job = await findJob(db, id);
      if (!job) return undefined;
      const progress = progressOf(job, running.get(id));
      const heard = highest.get(id);
      return progress.status === 'running' && heard !== undefined && heard > progress.done
        ? { ...progress, done: heard }
        : progress;
    },
    subscribe(id, listener) {
      events.on(id, listener);
      return () => events.off(id, listener);
    },
    async stop() {
      stopping = true;
      if (reconcileTimer) clearInterval(reconcileTimer);
      for (const state of running.values()) state.controller.abort(new Error('shutdown'));
      await Promise.all(active);
      await reconciling;
      // Closing waits on Redis; with Redis away it would wait forever, so each step is bounded.
      const closeTimeoutMs = 2 * redisTimeoutMs;
      if (worker) {
        const closing = worker;
        await withTimeout(closing.close(), closeTimeoutMs, 'closing the worker').catch(() =>
          withTimeout(closing.close(true), closeTimeoutMs, 'closing the worker').catch(() => undefined),
        );
      }
      await withTimeout(queue.close(), closeTimeoutMs, 'closing the queue').catch(() => {
        void queue.disconnect().catch(() => undefined);
      });
      await withTimeout(publisher.quit(), closeTimeoutMs, 'closing Redis').catch(() =>
        publisher.disconnect(),
      );
      // A connection in subscriber mode may only send subscriber commands; close it outright.
      subscriber.disconnect();
    },
  };
}
