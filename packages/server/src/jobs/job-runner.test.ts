import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../test/support/test-app.ts';
import { AppError } from '../lib/app-error.ts';
import type { JobHandler, JobProgress } from './job.ts';
import { createJobRunner, type JobRunner } from './job-runner.ts';
import { claimNextJob, findJob } from './jobs.repository.ts';

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

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A handler that counts to the payload's total, one unit per tick, starting where the job stopped. */
const counting: JobHandler = async (job, { signal, progress }) => {
  const { total } = job.payload as { total: number };
  const seen: number[] = [];
  for (let unit = job.done + 1; unit <= total; unit++) {
    signal.throwIfAborted();
    await tick();
    seen.push(unit);
    progress(unit, total);
  }
  return { firstUnit: seen[0] ?? null, units: seen.length };
};

describe.each(databaseKinds)('the job runner on %s', (kind) => {
  let test: TestApp;
  const runners: JobRunner[] = [];

  function runner(handlers: Record<string, JobHandler>) {
    const created = createJobRunner({
      db: test.app.database.db,
      log,
      pollIntervalMs: 50,
      progressWriteIntervalMs: 0,
    });
    for (const [name, handler] of Object.entries(handlers)) created.register(name, handler);
    runners.push(created);
    return created;
  }

  beforeAll(async () => {
    test = await createTestApp(kind);
  });
  afterAll(async () => {
    for (const created of runners) await created.stop();
    await test.close();
  });

  it('runs a job to completion, reporting progress with an ETA, and keeps its result', async () => {
    const jobs = runner({ basic: counting });
    await jobs.start();
    const job = await jobs.enqueue('basic', { total: 5 }, 'user-1');
    const updates: JobProgress[] = [];
    jobs.subscribe(job.id, (progress) => updates.push(progress));
    const final = await waitFor(jobs, job.id, (progress) => progress.status === 'succeeded');
    expect(final).toMatchObject({ done: 5, total: 5, error: null });
    expect(updates.filter((update) => update.status === 'running').map((update) => update.done)).toContain(3);
    expect(updates.some((update) => update.etaSeconds !== null)).toBe(true);
    const stored = await findJob(test.app.database.db, job.id);
    expect(stored).toMatchObject({
      status: 'succeeded',
      ownerId: 'user-1',
      result: { firstUnit: 1, units: 5 },
      attempts: 1,
    });
  });

  it('stores a user-facing failure message, and a generic one for internal errors', async () => {
    const jobs = runner({
      refuse: async () => {
        throw new AppError('BAD_REQUEST', 'Only 12 unique combinations exist; asked for 20');
      },
      crash: async () => {
        throw new Error('ENOSPC /var/secret/path');
      },
    });
    await jobs.start();
    const refused = await jobs.enqueue('refuse', {}, null);
    const crashed = await jobs.enqueue('crash', {}, null);
    expect((await waitFor(jobs, refused.id, (p) => p.status === 'failed')).error).toBe(
      'Only 12 unique combinations exist; asked for 20',
    );
    const crash = await waitFor(jobs, crashed.id, (p) => p.status === 'failed');
    expect(crash.error).not.toContain('secret');
    expect(crash.error).toMatch(/on our side/);
  });

  it('cancels a running job and a queued one', async () => {
    const jobs = runner({ slow: counting });
    await jobs.start();
    const first = await jobs.enqueue('slow', { total: 10_000 }, null);
    const second = await jobs.enqueue('slow', { total: 10 }, null);
    await waitFor(jobs, first.id, (p) => p.done >= 2);
    expect((await jobs.cancel(second.id))?.status).toBe('cancelled');
    await jobs.cancel(first.id);
    expect((await waitFor(jobs, first.id, (p) => p.status === 'cancelled')).done).toBeLessThan(10_000);
    expect((await findJob(test.app.database.db, second.id))?.status).toBe('cancelled');
  });

  it('resumes a job interrupted by a shutdown where it stopped', async () => {
    const first = runner({ resume: counting });
    await first.start();
    const job = await first.enqueue('resume', { total: 40 }, null);
    await waitFor(first, job.id, (p) => p.done >= 5);
    await first.stop();
    const interrupted = await findJob(test.app.database.db, job.id);
    expect(interrupted?.status).toBe('queued');
    expect(interrupted?.done).toBeGreaterThanOrEqual(5);

    const second = runner({ resume: counting });
    await second.start();
    await waitFor(second, job.id, (p) => p.status === 'succeeded');
    const resumed = await findJob(test.app.database.db, job.id);
    expect(resumed?.result).toEqual({
      firstUnit: (interrupted?.done ?? 0) + 1,
      units: 40 - (interrupted?.done ?? 0),
    });
    expect(resumed?.attempts).toBe(2);
  });

  it('requeues a job a crashed process left running', async () => {
    const db = test.app.database.db;
    const crashed = runner({});
    crashed.register('crash-resume', counting);
    // Enqueue with a runner that never starts, then claim it as a crashed process would have.
    const job = await crashed.enqueue('crash-resume', { total: 3 }, null);
    await claimNextJob(db, ['crash-resume'], new Date().toISOString());
    expect((await findJob(db, job.id))?.status).toBe('running');
    const restarted = runner({ 'crash-resume': counting });
    await restarted.start();
    expect((await waitFor(restarted, job.id, (p) => p.status === 'succeeded')).done).toBe(3);
  });
});
