import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';
import type { JobHandler, JobProgress } from './job.ts';
import { createJobRunner } from './job-runner.ts';

type Line = { message: string } & Record<string, unknown>;

/** A logger that keeps every line with the bindings of its children, as pino would print them. */
function recordingLogger(lines: Line[], bindings: Record<string, unknown> = {}): unknown {
  const write = (fields: unknown, message?: string) => {
    if (typeof fields === 'string') lines.push({ ...bindings, message: fields });
    else lines.push({ ...bindings, ...(fields as object), message: message ?? '' });
  };
  return {
    info: write,
    warn: write,
    error: write,
    debug() {},
    trace() {},
    fatal: write,
    level: 'info',
    silent() {},
    child: (more: Record<string, unknown>) => recordingLogger(lines, { ...bindings, ...more }),
  };
}

const counting: JobHandler = async (_job, { progress }) => {
  for (let unit = 1; unit <= 40; unit++) {
    await new Promise((resolve) => setTimeout(resolve, 2));
    progress(unit, 40);
  }
};

describe('what a worker logs per job', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp('sqlite', { PROCESS_JOBS: 'false', REDIS_URL: '' });
  });
  afterAll(async () => {
    await test.close();
  });

  it('one line at the start, one per 10 %, and one at the end with duration and tokens/s, each naming job, collection and worker', async () => {
    const lines: Line[] = [];
    const runner = createJobRunner({
      db: test.app.database.db,
      log: recordingLogger(lines) as import('fastify').FastifyBaseLogger,
      pollIntervalMs: 50,
    });
    runner.register('count', counting);
    await runner.start();
    const job = await runner.enqueue('count', { collectionId: 'collection-1' }, null);
    await new Promise<JobProgress>((resolve) => {
      runner.subscribe(job.id, (progress) => {
        if (progress.status === 'succeeded') resolve(progress);
      });
    });
    await runner.stop();

    const ofJob = lines.filter((line) => line.jobId === job.id);
    expect(ofJob.map((line) => line.message)).toEqual([
      'job started',
      ...Array.from({ length: 9 }, () => 'job progress'),
      'job succeeded',
    ]);
    for (const line of ofJob) {
      expect(line).toMatchObject({
        collectionId: 'collection-1',
        workerId: expect.stringMatching(/^.+-\d+$/),
      });
    }
    expect(ofJob.filter((line) => line.message === 'job progress').map((line) => line.percent)).toEqual([
      10, 20, 30, 40, 50, 60, 70, 80, 90,
    ]);
    expect(ofJob.at(-1)).toMatchObject({
      outcome: 'succeeded',
      done: 40,
      total: 40,
      durationMs: expect.any(Number),
      tokensPerSecond: expect.any(Number),
    });
    expect(ofJob.at(-1)?.tokensPerSecond as number).toBeGreaterThan(0);
  });
});
