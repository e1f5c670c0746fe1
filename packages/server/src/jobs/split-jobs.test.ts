import { randomBytes } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';
import { createBullJobRunner } from './bull-job-runner.ts';
import { type JobHandler, type JobProgress, JobSplit } from './job.ts';
import type { JobRunner } from './job-runner.ts';
import {
  chunkIdsOf,
  claimJob,
  findJob,
  insertJob,
  requestCancel,
  settleSplitJob,
  splitJob,
} from './jobs.repository.ts';

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

interface CountPayload {
  total: number;
  range?: { first: number; last: number };
  failAt?: number;
}

/** Counts units (5 ms each); split into ranges of 10 when the runner allows; the final step is recorded. */
function counting(worker: string, ran: { worker: string; range: string }[], finals: string[]): JobHandler {
  return async (job, { signal, progress, canSplit, afterChunks }) => {
    const { total, range, failAt } = job.payload as CountPayload;
    if (afterChunks) {
      finals.push(job.id);
      return { final: true };
    }
    if (!range && canSplit) {
      const ranges: CountPayload[] = [];
      for (let first = 1; first <= total; first += 10) {
        ranges.push({
          total,
          range: { first, last: Math.min(total, first + 9) },
          ...(failAt ? { failAt } : {}),
        });
      }
      return new JobSplit(ranges, total);
    }
    const { first, last } = range ?? { first: 1, last: total };
    ran.push({ worker, range: `${first}-${last}` });
    for (let unit = first; unit <= last; unit++) {
      signal.throwIfAborted();
      if (unit === failAt) throw new Error('unit broke');
      await setTimeout(5);
      progress(unit - first + 1, last - first + 1);
    }
    return { units: last - first + 1 };
  };
}

function waitFor(
  runner: JobRunner,
  id: string,
  predicate: (progress: JobProgress) => boolean,
  timeoutMs = 20_000,
): Promise<JobProgress> {
  return new Promise((resolve, reject) => {
    const timer = globalThis.setTimeout(() => reject(new Error(`job ${id} never got there`)), timeoutMs);
    const done = (progress: JobProgress) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(progress);
    };
    const unsubscribe = runner.subscribe(id, (progress) => {
      if (predicate(progress)) done(progress);
    });
    void runner.progress(id).then((progress) => {
      if (progress && predicate(progress)) done(progress);
    });
  });
}

describe('a job split into chunks (BullMQ on Redis, PostgreSQL)', () => {
  let test: TestApp;
  const runners: JobRunner[] = [];
  const ran: { worker: string; range: string }[] = [];
  const finals: string[] = [];
  let web: JobRunner;

  beforeAll(async () => {
    test = await createTestApp('postgres');
    const queueName = `split-${randomBytes(4).toString('hex')}`;
    const runner = (processJobs: boolean, name: string) => {
      const created = createBullJobRunner({
        db: test.app.database.db,
        log,
        redisUrl: inject('redisUrl'),
        queueName,
        processJobs,
        pollIntervalMs: 50,
        progressWriteIntervalMs: 0,
      });
      created.register('count', counting(name, ran, finals));
      runners.push(created);
      return created;
    };
    web = runner(false, 'web');
    await web.start();
    await runner(true, 'worker-a').start();
    await runner(true, 'worker-b').start();
  });
  afterAll(async () => {
    for (const created of runners) await created.stop().catch(() => undefined);
    await test.close();
  });

  it('is shared by both workers, shows the sum of its chunks never going back, and runs its final step once', async () => {
    ran.length = 0;
    const job = await web.enqueue('count', { total: 95 }, 'user-1');
    const seen: JobProgress[] = [];
    web.subscribe(job.id, (progress) => seen.push(progress));
    const final = await waitFor(web, job.id, (progress) => progress.status === 'succeeded');
    expect(final).toMatchObject({ done: 95, total: 95, error: null });
    expect(finals.filter((id) => id === job.id)).toHaveLength(1);
    expect((await findJob(test.app.database.db, job.id))?.result).toEqual({ final: true });
    // Ten ranges, each run once, by both workers.
    expect(ran.map((run) => run.range).sort()).toHaveLength(10);
    expect(new Set(ran.map((run) => run.range)).size).toBe(10);
    expect(new Set(ran.map((run) => run.worker))).toEqual(new Set(['worker-a', 'worker-b']));
    const running = seen.filter((progress) => progress.status === 'running');
    expect(running.some((progress) => progress.done > 0 && progress.done < 95)).toBe(true);
    for (let index = 1; index < seen.length; index++) {
      expect(seen[index]!.done).toBeGreaterThanOrEqual(seen[index - 1]!.done);
    }
    expect(running.filter((progress) => progress.done > 0).every((progress) => progress.total === 95)).toBe(
      true,
    );
  });

  it('is cancelled at once from the web node, and every chunk stops', async () => {
    const job = await web.enqueue('count', { total: 400 }, null);
    await waitFor(web, job.id, (progress) => progress.done >= 20);
    const cancelled = await web.cancel(job.id);
    expect(cancelled?.status).toBe('cancelled');
    const chunks = await chunkIdsOf(test.app.database.db, job.id);
    expect(chunks).toHaveLength(40);
    for (let attempt = 0; attempt < 100; attempt++) {
      const statuses = await Promise.all(chunks.map((id) => findJob(test.app.database.db, id)));
      if (statuses.every((chunk) => chunk?.status === 'cancelled' || chunk?.status === 'succeeded')) break;
      await setTimeout(50);
    }
    const statuses = await Promise.all(
      chunks.map(async (id) => (await findJob(test.app.database.db, id))?.status),
    );
    // What had finished stays finished; nothing else runs or waits.
    expect(statuses.filter((status) => status !== 'succeeded' && status !== 'cancelled')).toEqual([]);
    expect(statuses.filter((status) => status === 'cancelled').length).toBeGreaterThan(30);
    expect((await web.progress(job.id))?.status).toBe('cancelled');
  });

  it('fails with the failing chunk’s message, the other chunks stopped', async () => {
    const job = await web.enqueue('count', { total: 200, failAt: 37 }, null);
    const final = await waitFor(web, job.id, (progress) => progress.status === 'failed');
    expect(final.error).toBeTruthy();
    expect(finals).not.toContain(job.id);
    await setTimeout(500);
    const chunks = await chunkIdsOf(test.app.database.db, job.id);
    const statuses = await Promise.all(
      chunks.map(async (id) => (await findJob(test.app.database.db, id))?.status),
    );
    expect(statuses.filter((status) => status === 'queued' || status === 'running')).toEqual([]);
    expect(statuses.filter((status) => status === 'failed')).toHaveLength(1);
  });
});

describe('the last chunks of a split job finishing at the same time', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp('postgres');
  });
  afterAll(async () => test.close());

  it('queue the job for its final step exactly once', async () => {
    const { db } = test.app.database;
    const now = new Date().toISOString();
    await insertJob(db, { id: 'parent-1', kind: 'count', ownerId: null, payload: {}, now });
    const claimed = await claimJob(db, 'parent-1', now, now);
    if (claimed.kind !== 'claimed') throw new Error('not claimed');
    const chunks = await splitJob(db, claimed.job, { payloads: [{}, {}, {}], total: 30 }, now);
    expect(chunks).toHaveLength(3);
    expect((await findJob(db, 'parent-1'))?.status).toBe('running');
    for (const chunk of chunks ?? []) {
      await db.updateTable('jobs').set({ status: 'succeeded' }).where('id', '=', chunk.id).execute();
    }
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => settleSplitJob(db, 'parent-1', now)));
    expect(outcomes.filter((outcome) => outcome === 'requeued')).toHaveLength(1);
    expect((await findJob(db, 'parent-1'))?.status).toBe('queued');
  });

  it('is not split once its cancel was requested', async () => {
    const { db } = test.app.database;
    const now = new Date().toISOString();
    await insertJob(db, { id: 'parent-2', kind: 'count', ownerId: null, payload: {}, now });
    const claimed = await claimJob(db, 'parent-2', now, now);
    if (claimed.kind !== 'claimed') throw new Error('not claimed');
    await requestCancel(db, 'parent-2', now);
    expect(await splitJob(db, claimed.job, { payloads: [{}, {}], total: 20 }, now)).toBeUndefined();
    expect(await chunkIdsOf(db, 'parent-2')).toEqual([]);
  });
});
