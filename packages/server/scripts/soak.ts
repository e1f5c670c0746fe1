// `npm run soak`: a long-lived worker's memory. One process (this one) runs the app as the embedded
// default does — SQLite, the in-process job runner, the render pool per job — and takes 100 small
// generation jobs one after the other (each: 27 tokens of 256², the standard fixture project; the
// collection is deleted once ready, as users do). It prints the RSS after every 10th job and exits 1
// when the RSS after the last job is above 1.2× the RSS after job 10 (the start-up and first-job
// allocations are done by then). A report, not a test: it takes about three minutes.
// Settings: SOAK_JOBS (100), SOAK_TOKENS (27), SOAK_SIZE (256), SOAK_LOG=1.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { startGeneration } from '../src/modules/collections/collections.service.ts';
import { createFixtureProject } from '../test/support/project-fixture.ts';
import { createUserAndLogin } from '../test/support/users.ts';

const JOBS = Number(process.env.SOAK_JOBS ?? 100);
const TOKENS = Number(process.env.SOAK_TOKENS ?? 27);
const SIZE = Number(process.env.SOAK_SIZE ?? 256);
const LIMIT = 1.2;
const BASELINE_JOB = Math.min(10, JOBS);

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

const dataDir = mkdtempSync(join(tmpdir(), 'layerloom-soak-'));
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
  // SOAK_LOG=1 prints the app's error lines (a failed job's cause).
  logger: process.env.SOAK_LOG === '1' ? { level: 'error' } : false,
});
let exitCode = 0;
try {
  const user = await createUserAndLogin(app, { planId: 'pro' });
  const projectId = await createFixtureProject(app, user.cookie, { collectionSize: TOKENS, size: SIZE });
  console.log(
    `Soak: ${JOBS} generation jobs of ${TOKENS} tokens at ${SIZE}² through one process (pid ${process.pid})`,
  );
  let baseline = 0;
  const started = performance.now();
  for (let job = 1; job <= JOBS; job++) {
    // The service, not the route: the route's per-user limit (20 per 10 minutes) is not what is soaked here.
    const collection = await startGeneration(app, { id: user.id, planId: 'pro' }, projectId);
    for (;;) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/collections/${collection.id}`,
        headers: { cookie: user.cookie },
      });
      const { status, error } = response.json().data.collection.progress;
      if (status === 'ready') break;
      if (status === 'failed' || status === 'cancelled') throw new Error(`job ${job} ${status}: ${error}`);
      await setTimeout(25);
    }
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/collections/${collection.id}`,
      headers: { cookie: user.cookie },
    });
    if (deleted.statusCode >= 300) throw new Error(`delete after job ${job}: ${deleted.body}`);
    const { rss, heapUsed, external } = process.memoryUsage();
    if (job === BASELINE_JOB) baseline = rss;
    if (job % 10 === 0 || job === JOBS) {
      console.log(
        `  after job ${String(job).padStart(3)}: RSS ${mib(rss).padStart(8)}   JS heap ${mib(heapUsed).padStart(7)}   external ${mib(external).padStart(6)}   ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    }
  }
  const last = process.memoryUsage().rss;
  const ratio = last / baseline;
  console.log(
    `RSS after job ${JOBS} / after job ${BASELINE_JOB}: ${ratio.toFixed(2)}× (${mib(last)} / ${mib(baseline)}; limit ${LIMIT}×)`,
  );
  if (ratio > LIMIT) {
    console.log('FAIL: the worker keeps memory from job to job');
    exitCode = 1;
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
