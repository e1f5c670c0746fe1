import { randomBytes } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RestartableRedis, restartableRedis } from '../../test/support/restartable-redis.ts';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';
import { createBullJobRunner } from './bull-job-runner.ts';
import type { JobHandler, JobProgress } from './job.ts';
import type { JobRunner } from './job-runner.ts';
import { claimJob, findJob, insertJob, requestCancel, updateJobProgress } from './jobs.repository.ts';
import { redisOptions } from './redis-options.ts';

const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  fatal() {},
  trace() {},
  child: () => silent,
  level: 'silent',
  silent() {},
};
const log = silent as unknown as import('fastify').FastifyBaseLogger;

const counting: JobHandler = async (job, { signal, progress }) => {
  const { total } = job.payload as { total: number };
  let units = 0;
  for (let unit = job.done + 1; unit <= total; unit++) {
    signal.throwIfAborted();
    await setTimeout(5);
    units++;
    progress(unit, total);
  }
  return { firstUnit: job.done + 1, units };
};

function waitFor(
  runner: JobRunner,
  id: string,
  predicate: (progress: JobProgress) => boolean,
): Promise<JobProgress> {
  return new Promise((resolve) => {
    const unsubscribe = runner.subscribe(id, (progress) => {
      if (predicate(progress)) {
        unsubscribe();
        resolve(progress);
      }
    });
    void runner.progress(id).then((progress) => {
      if (progress && predicate(progress)) {
        unsubscribe();
        resolve(progress);
      }
    });
  });
}

describe('the scale-out job runner (BullMQ on Redis, PostgreSQL)', () => {
  let test: TestApp;
  const runners: JobRunner[] = [];
  const queueName = `test-${randomBytes(4).toString('hex')}`;

  function runner(processJobs: boolean) {
    const created = createBullJobRunner({
      db: test.app.database.db,
      log,
      redisUrl: inject('redisUrl'),
      queueName,
      processJobs,
      pollIntervalMs: 50,
      progressWriteIntervalMs: 0,
    });
    created.register('count', counting);
    runners.push(created);
    return created;
  }

  beforeAll(async () => {
    test = await createTestApp('postgres');
  });
  afterAll(async () => {
    for (const created of runners) await created.stop().catch(() => undefined);
    await test.close();
  });

  it('runs a job queued by a web node on a worker, with live progress on the web node', async () => {
    const web = runner(false);
    const worker = runner(true);
    await web.start();
    await worker.start();
    const job = await web.enqueue('count', { total: 8 }, 'user-1');
    const seen: number[] = [];
    web.subscribe(job.id, (progress) => seen.push(progress.done));
    const final = await waitFor(web, job.id, (progress) => progress.status === 'succeeded');
    expect(final.done).toBe(8);
    expect(seen).toContain(4);
    expect((await findJob(test.app.database.db, job.id))?.result).toEqual({ firstUnit: 1, units: 8 });
    await worker.stop();
  });

  it('cancels from the web node a job running on a worker', async () => {
    const web = runner(false);
    const worker = runner(true);
    await web.start();
    await worker.start();
    const job = await web.enqueue('count', { total: 100_000 }, null);
    await waitFor(web, job.id, (progress) => progress.done >= 3);
    await web.cancel(job.id);
    expect((await waitFor(web, job.id, (progress) => progress.status === 'cancelled')).done).toBeLessThan(
      100_000,
    );
    await worker.stop();
  });

  it('hands a job interrupted by a worker shutdown to the next worker, which resumes it', async () => {
    const web = runner(false);
    const first = runner(true);
    await web.start();
    await first.start();
    const job = await web.enqueue('count', { total: 60 }, null);
    await waitFor(web, job.id, (progress) => progress.done >= 5);
    await first.stop();
    const interrupted = await findJob(test.app.database.db, job.id);
    expect(interrupted?.status).toBe('queued');
    const second = runner(true);
    await second.start();
    await waitFor(web, job.id, (progress) => progress.status === 'succeeded');
    const resumed = await findJob(test.app.database.db, job.id);
    expect(resumed?.result).toEqual({
      firstUnit: (interrupted?.done ?? 0) + 1,
      units: 60 - (interrupted?.done ?? 0),
    });
    await second.stop();
  });
});

describe('the scale-out job runner when Redis loses its data', () => {
  let test: TestApp;
  let redis: RestartableRedis;
  const runners: JobRunner[] = [];
  const queueName = `test-${randomBytes(4).toString('hex')}`;

  function runner(processJobs: boolean) {
    const created = createBullJobRunner({
      db: test.app.database.db,
      log,
      redisUrl: redis.url,
      queueName,
      processJobs,
      pollIntervalMs: 50,
      progressWriteIntervalMs: 0,
      reconcileIntervalMs: 300,
    });
    created.register('count', counting);
    runners.push(created);
    return created;
  }

  beforeAll(async () => {
    test = await createTestApp('postgres');
    redis = await restartableRedis();
    await redis.start();
  });
  afterAll(async () => {
    for (const created of runners) await created.stop().catch(() => undefined);
    await redis.stop();
    await test.close();
  });

  it('finishes a running and a queued job after a Redis restart without persistence, each run once', async () => {
    const web = runner(false);
    const worker = runner(true);
    await web.start();
    await worker.start();
    const running = await web.enqueue('count', { total: 300 }, null);
    const queued = await web.enqueue('count', { total: 10 }, null);
    await waitFor(web, running.id, (progress) => progress.done >= 5);
    expect((await findJob(test.app.database.db, queued.id))?.status).toBe('queued');

    await redis.stop();
    await setTimeout(300);
    await redis.start();

    for (const id of [running.id, queued.id]) {
      for (let attempt = 0; attempt < 300; attempt++) {
        if ((await findJob(test.app.database.db, id))?.status === 'succeeded') break;
        await setTimeout(100);
      }
    }
    const first = await findJob(test.app.database.db, running.id);
    const second = await findJob(test.app.database.db, queued.id);
    expect(second?.status).toBe('succeeded');
    expect(first?.status).toBe('succeeded');
    // The running job went on in its worker and was never started a second time alongside.
    expect(first?.attempts).toBe(1);
    expect(first?.result).toEqual({ firstUnit: 1, units: 300 });
    expect(second?.result).toEqual({ firstUnit: 1, units: 10 });
  }, 60_000);
});

describe('a job taken over from a worker that died', () => {
  let test: TestApp;
  const runners: JobRunner[] = [];
  const queueName = `test-${randomBytes(4).toString('hex')}`;
  // What the dead worker had written: like rendered files, a resumed run finds and keeps them.
  const finished = new Set<number>();

  /** Counts units as the engine counts tokens: finished ones found again are counted as it scans past them. */
  const resuming: JobHandler = async (job, { signal, progress }) => {
    const { total } = job.payload as { total: number };
    let done = 0;
    let rendered = 0;
    for (let unit = 1; unit <= total; unit++) {
      signal.throwIfAborted();
      if (!finished.has(unit)) {
        await setTimeout(5);
        finished.add(unit);
        rendered++;
      }
      done++;
      progress(done, total);
    }
    return { rendered };
  };

  function runner(processJobs: boolean) {
    // The defaults an operator gets: a 10 s lock, a stalled-job check every 5 s, a heartbeat every 2 s.
    const created = createBullJobRunner({
      db: test.app.database.db,
      log,
      redisUrl: inject('redisUrl'),
      queueName,
      processJobs,
    });
    created.register('count', resuming);
    runners.push(created);
    return created;
  }

  beforeAll(async () => {
    test = await createTestApp('postgres');
  });
  afterAll(async () => {
    for (const created of runners) await created.stop().catch(() => undefined);
    await test.close();
  });

  it('resumes from what exists within the 15 s failover time, and the progress shown and stored never goes back', async () => {
    const db = test.app.database.db;
    const web = runner(false);
    await web.start();
    const job = await web.enqueue('count', { total: 200 }, null);
    const shown: number[] = [];
    web.subscribe(job.id, (progress) => shown.push(progress.done));

    // A worker takes the job, shows 160 done live, has stored 137 (progress is written every 500 ms), and dies.
    const connection = new Redis(redisOptions(inject('redisUrl')));
    const publisher = new Redis(redisOptions(inject('redisUrl')));
    let taken!: () => void;
    const isTaken = new Promise<void>((resolve) => {
      taken = resolve;
    });
    const doomed = new Worker(
      queueName,
      async () => {
        await claimJob(db, job.id, new Date().toISOString(), new Date(0).toISOString());
        for (let unit = 1; unit <= 160; unit++) finished.add(unit);
        await updateJobProgress(db, job.id, 137, 200, new Date().toISOString());
        const progress: JobProgress = {
          id: job.id,
          status: 'running',
          done: 160,
          total: 200,
          etaSeconds: 5,
          error: null,
        };
        await publisher.publish(`${queueName}:events`, JSON.stringify({ type: 'progress', progress }));
        taken();
        await new Promise(() => {});
      },
      // The settings every worker of a deployment shares (the stalled check is one per queue, at its interval).
      { connection, lockDuration: 10_000, stalledInterval: 5_000 },
    );
    doomed.on('error', () => undefined);
    await isTaken;
    await waitFor(web, job.id, (progress) => progress.done === 160);
    void doomed.close(true).catch(() => undefined);
    connection.disconnect();
    publisher.disconnect();
    const diedAt = Date.now();

    const stored: number[] = [];
    const watch = setInterval(() => {
      void findJob(db, job.id).then((row) => row && stored.push(row.done));
    }, 20);
    const second = runner(true);
    await second.start();
    const resumed = await waitFor(
      web,
      job.id,
      (progress) => progress.status === 'running' && progress.done > 160,
    );
    const takeoverMs = Date.now() - diedAt;
    const final = await waitFor(web, job.id, (progress) => progress.status === 'succeeded');
    clearInterval(watch);

    expect(resumed.done).toBeGreaterThan(160);
    // At most lock (10 s) + stalled check (5 s); the rest is slack for a busy test machine.
    expect(takeoverMs).toBeLessThan(18_000);
    expect(final.done).toBe(200);
    expect((await findJob(db, job.id))?.result).toEqual({ rendered: 40 });
    const nonDecreasing = (values: number[]) =>
      values.every((value, index) => index === 0 || value >= values[index - 1]!);
    expect(shown.length).toBeGreaterThan(10);
    expect(shown.filter((done) => done < 160)).toEqual([]);
    expect(nonDecreasing(shown), shown.join(' ')).toBe(true);
    expect(stored.filter((done) => done < 137)).toEqual([]);
    expect(nonDecreasing(stored), stored.join(' ')).toBe(true);
  }, 40_000);
});

describe('reconciliation of jobs whose worker died', () => {
  let test: TestApp;
  const runners: JobRunner[] = [];
  const queueName = `test-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    test = await createTestApp('postgres');
  });
  afterAll(async () => {
    for (const created of runners) await created.stop().catch(() => undefined);
    await test.close();
  });

  it('hands a running job out again once its runner is silent, and cancels one whose cancel nobody carried out', async () => {
    const db = test.app.database.db;
    const longAgo = new Date(Date.now() - 60_000).toISOString();
    // Two jobs left running by a worker that died while Redis lost its queue: nothing holds them.
    for (const id of ['orphan-running', 'orphan-cancelled']) {
      await insertJob(db, { id, kind: 'count', ownerId: null, payload: { total: 5 }, now: longAgo });
      await claimJob(db, id, longAgo, longAgo);
    }
    await requestCancel(db, 'orphan-cancelled', longAgo);
    const worker = createBullJobRunner({
      db,
      log,
      redisUrl: inject('redisUrl'),
      queueName,
      processJobs: true,
      pollIntervalMs: 50,
      lockDurationMs: 2000,
      reconcileIntervalMs: 300,
    });
    worker.register('count', counting);
    runners.push(worker);
    await worker.start();
    const resumed = await waitFor(worker, 'orphan-running', (progress) => progress.status === 'succeeded');
    expect(resumed.done).toBe(5);
    expect((await findJob(db, 'orphan-running'))?.attempts).toBe(2);
    expect((await findJob(db, 'orphan-cancelled'))?.status).toBe('cancelled');
  }, 30_000);
});
