import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { assertRunnable, ConfigError, loadConfig } from './config.ts';
import { describeEnsureAdmin, ensureAdmin } from './modules/admin-bootstrap/index.ts';
import { StorageMarkerError } from './modules/health/storage-marker.ts';

/** Prints a refusal to start as one line and exits; anything else is a crash with its stack. */
function refuse(error: unknown): never {
  if (error instanceof ConfigError || error instanceof StorageMarkerError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

function readConfig() {
  try {
    const config = loadConfig(process.env);
    assertRunnable(config, 'web');
    return config;
  } catch (error) {
    return refuse(error);
  }
}

const config = readConfig();
const webDist = config.webDist ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
const app = await buildApp({ config: { ...config, webDist } }).catch(refuse);
const adminNotice = describeEnsureAdmin(await ensureAdmin(app.database.db, config.admin));
// Printed, not logged: the generated password must reach the operator once and stay out of log stores.
if (adminNotice) console.log(adminNotice);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, 10_000);
  force.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.host, port: config.port });
app.log.info(`Layerloom is running at ${config.publicUrl} (data in ${config.dataDir}, ${app.database.kind})`);
