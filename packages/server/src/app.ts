import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config, ProcessRole } from './config.ts';
import { assertDatabaseUsable, type DatabaseHandle, migrateToLatest, openDatabase } from './db/database.ts';
import { createBullJobRunner } from './jobs/bull-job-runner.ts';
import { createJobRunner, type JobRunner } from './jobs/job-runner.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { deleteAccountRoutes } from './modules/account/delete-account.routes.ts';
import { allowlistsRoutes } from './modules/allowlists/allowlists.routes.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { authPlugin } from './modules/auth/auth.plugin.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { securityRoutes } from './modules/auth/security.routes.ts';
import { twoFactorRoutes } from './modules/auth/two-factor.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { collectionsRoutes } from './modules/collections/collections.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { deploymentsRoutes } from './modules/deployments/deployments.routes.ts';
import { dropsRoutes } from './modules/drops/drops.routes.ts';
import { withdrawalsRoutes } from './modules/drops/withdrawals.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { createLiveEvents } from './modules/events/live-events.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { checkStorageMarker } from './modules/health/storage-marker.ts';
import { ipfsGatewayRoutes } from './modules/ipfs-gateway/ipfs-gateway.routes.ts';
import { launchStatusRoutes } from './modules/launches/launch-status.routes.ts';
import { mailboxRoutes } from './modules/mail/mailbox.routes.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { marketplaceRoutes } from './modules/marketplace/marketplace.routes.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { nftLegacyRoutes } from './modules/nft-legacy/nft-legacy.routes.ts';
import { bellRoutes } from './modules/notifications/bell.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { presenceRoutes } from './modules/presence/presence.routes.ts';
import { projectsRoutes } from './modules/projects/projects.routes.ts';
import { hostedRoutes } from './modules/publications/hosted.routes.ts';
import { ipfsPublishingRoutes } from './modules/publications/ipfs.routes.ts';
import { placeholderRoutes } from './modules/publications/placeholder.routes.ts';
import { publicationsRoutes } from './modules/publications/publications.routes.ts';
import { qualityRoutes } from './modules/quality/quality.routes.ts';
import { referralsRoutes } from './modules/referrals/referrals.routes.ts';
import { approvalRoutes } from './modules/review/approval.routes.ts';
import { commentsRoutes } from './modules/review/comments.routes.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { adminUsersRoutes } from './modules/users/admin-users.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { registerWorkspaceRoles } from './modules/workspaces/route-roles.ts';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerCrossSiteGuard } from './plugins/cross-site.ts';
import { registerDocs } from './plugins/docs.ts';
import { frameworkError, registerErrorHandler } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerTextGuard } from './plugins/text-guard.ts';
import { registerWeb } from './plugins/web.ts';
import { createBlobStore } from './storage/create-blob-store.ts';
import type { App } from './types.ts';
import { version } from './version.ts';

export interface BuildAppOptions {
  config: Config;
  /** Fastify's logger option; defaults to pino at the configured level. */
  logger?: FastifyServerOptions['logger'];
  /** An already open database (tests share one); otherwise the configured one is opened and migrated. */
  database?: DatabaseHandle;
  /** A web node (default) writes the blob store marker at start; a worker verifies it before taking jobs. */
  role?: ProcessRole;
}

/** Builds the whole app (API, docs, web) without listening; `server.ts` listens, tests call `inject`. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const database =
    options.database ??
    openDatabase(config.database, (error) => app.log.warn({ err: error }, 'Idle database connection lost'));
  app.decorate('config', config);
  app.decorate('database', database);
  if (!options.database) {
    await assertDatabaseUsable(database, config.database).catch(async (error: unknown) => {
      await database.close();
      throw error;
    });
    await migrateToLatest(database.db);
  }

  const jobs: JobRunner = config.redisUrl
    ? createBullJobRunner({
        db: database.db,
        log: app.log,
        redisUrl: config.redisUrl,
        processJobs: config.processJobs,
        lockDurationMs: config.jobs.lockDurationMs,
        stalledIntervalMs: config.jobs.stalledIntervalMs,
        reconcileIntervalMs: config.jobs.reconcileIntervalMs,
      })
    : createJobRunner({ db: database.db, log: app.log });
  app.decorate('jobs', jobs);
  const blobs = createBlobStore(config.blobs);
  app.decorate('blobs', blobs);
  // Temporary files a crashed process left half-written are never committed: remove them at start.
  const swept = await blobs.sweep?.();
  if (swept) app.log.info({ swept }, 'removed temporary files left by a stopped process');
  const mail = createMailer(config, database.db, app.log);
  app.decorate('mail', mail);
  const live = createLiveEvents({ db: database.db, log: app.log, redisUrl: config.redisUrl });
  app.decorate('live', live);
  app.addHook('onClose', async () => {
    // Interrupted jobs are queued again before the database they are recorded in closes.
    await jobs.stop();
    await mail.close();
    await live.close();
    blobs.close?.();
    if (!options.database) await database.close();
  });

  await registerSecurity(app, config.redisUrl);
  registerCrossSiteGuard(app, config.publicUrl);
  await registerCompression(app);
  registerTextGuard(app);
  await registerDocs(app, version);
  registerWorkspaceRoles(app);
  await app.register(authPlugin);
  await app.register(healthRoutes);
  await app.register(contactRoutes);
  await app.register(rolesRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(adminUsersRoutes);
  await app.register(accountRoutes);
  await app.register(deleteAccountRoutes);
  await app.register(billingRoutes);
  await app.register(referralsRoutes);
  await app.register(notificationsRoutes);
  await app.register(eventsRoutes);
  await app.register(bellRoutes);
  await app.register(messagesRoutes);
  await app.register(securityRoutes);
  await app.register(twoFactorRoutes);
  await app.register(apiKeysRoutes);
  await app.register(webhooksRoutes);
  await app.register(workspacesRoutes);
  await app.register(projectsRoutes);
  await app.register(presenceRoutes);
  await app.register(commentsRoutes);
  await app.register(approvalRoutes);
  await app.register(qualityRoutes);
  await app.register(collectionsRoutes);
  await app.register(publicationsRoutes);
  await app.register(hostedRoutes);
  await app.register(ipfsPublishingRoutes);
  await app.register(ipfsGatewayRoutes);
  await app.register(placeholderRoutes);
  await app.register(deploymentsRoutes);
  await app.register(launchStatusRoutes);
  await app.register(dropsRoutes);
  await app.register(marketplaceRoutes);
  await app.register(withdrawalsRoutes);
  await app.register(allowlistsRoutes);
  await app.register(nftLegacyRoutes);
  await app.register(searchRoutes);
  if (config.env !== 'production' && mail.kind === 'outbox') await app.register(mailboxRoutes);
  await registerWeb(app, config.webDist);
  await app.ready();
  await checkStorageMarker(options.role ?? 'web', { db: database.db, blobs, location: blobs.location }).catch(
    async (error: unknown) => {
      await app.close();
      throw error;
    },
  );
  if (config.processJobs || config.redisUrl) await jobs.start();
  return app;
}
