import { buildApp } from './app.ts';
import { assertRunnable, ConfigError, loadConfig } from './config.ts';
import { processId } from './jobs/process-id.ts';
import { StorageMarkerError } from './modules/health/storage-marker.ts';

/** Prints a refusal to start as one line and exits; anything else is a crash with its stack. */
function refuse(error: unknown): never {
  if (error instanceof ConfigError || error instanceof StorageMarkerError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// A generation worker for the scale-out mode: the app without its HTTP listener, taking jobs from Redis.
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
  assertRunnable(config, 'worker');
} catch (error) {
  refuse(error);
}

// The worker checks the blob store marker web nodes write before it takes any job.
const app = await buildApp({
  config: { ...config, processJobs: true, webDist: undefined },
  role: 'worker',
}).catch(refuse);
app.log.info(
  {
    workerId: processId,
    lockDurationMs: config.jobs.lockDurationMs,
    stalledIntervalMs: config.jobs.stalledIntervalMs,
    reconcileIntervalMs: config.jobs.reconcileIntervalMs,
  },
  'Layerloom worker is taking jobs',
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'worker shutting down; running jobs go back to the queue');
  const force = setTimeout(() => {
    app.log.error('shutdown timed out; exiting (its jobs are taken over once their heartbeat is stale)');
    process.exit(1);
  }, 20_000);
  force.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
