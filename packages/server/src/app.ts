import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/database.ts';
import { createBullJobRunner } from './jobs/bull-job-runner.ts';
import { createJobRunner, type JobRunner } from './jobs/job-runner.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';
import type { App } from './types.ts';
import { version } from './version.ts';

export interface BuildAppOptions {
  config: Config;
  /** Fastify's logger option; defaults to pino at the configured level. */
  logger?: FastifyServerOptions['logger'];
  /** An already open database (tests share one); otherwise the configured one is opened and migrated. */
  database?: DatabaseHandle;
}

/** Builds the whole app (API, docs, web) without listening; `server.ts` listens, tests call `inject`. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const database = options.database ?? openDatabase(config.database);
  app.decorate('config', config);
  app.decorate('database', database);
  if (!options.database) await migrateToLatest(database.db);

  const jobs: JobRunner = config.redisUrl
    ? createBullJobRunner({
        db: database.db,
        log: app.log,
        redisUrl: config.redisUrl,
        processJobs: config.processJobs,
      })
    : createJobRunner({ db: database.db, log: app.log });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => {
    // Interrupted jobs are queued again before the database they are recorded in closes.
    await jobs.stop();
    if (!options.database) await database.close();
  });

  await registerSecurity(app);
  await registerDocs(app, version);
  await app.register(healthRoutes);
  await app.register(contactRoutes);
  await registerWeb(app, config.webDist);
  await app.ready();
  if (config.processJobs || config.redisUrl) await jobs.start();
  return app;
}
