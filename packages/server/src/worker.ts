import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

// A generation worker for the scale-out mode: the app without its HTTP listener, taking jobs from Redis.
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
  if (!config.redisUrl) throw new ConfigError('Invalid configuration: REDIS_URL must be set to run a worker');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const app = await buildApp({ config: { ...config, processJobs: true, webDist: undefined } });
app.log.info('Layerloom worker is taking jobs');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'worker shutting down; running jobs go back to the queue');
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
