import { getHealth, getHealthLive, getHealthReady } from '@layerloom/api';
import type { App } from '../../types.ts';
import { version } from '../../version.ts';
import { createDependencyChecks } from './dependency-checks.ts';

/**
 * Health for load balancers and operators: `live` (the process answers), `ready` (every dependency
 * this node needs answers: database, Redis when configured, blob store) and the original `/health`,
 * which keeps its fields and names what failed. Not ready is a 503.
 */
export async function healthRoutes(app: App): Promise<void> {
  const dependencies = createDependencyChecks({
    database: app.database,
    blobs: app.blobs,
    redisUrl: app.config.redisUrl,
    log: app.log,
  });
  app.addHook('onClose', async () => dependencies.close());

  async function checkAll() {
    const checks = await dependencies.check();
    const failing = checks.filter((check) => check.status === 'down').map((check) => check.name);
    return { checks, failing };
  }

  app.get(
    getHealth.path,
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and the state of the database, Redis and blob store',
        response: { 200: getHealth.response, 503: getHealth.response },
      },
    },
    async (_request, reply) => {
      const { checks, failing } = await checkAll();
      return reply.code(failing.length === 0 ? 200 : 503).send({
        status: 'success' as const,
        data: {
          ok: failing.length === 0,
          version,
          uptimeSeconds: Math.round(process.uptime()),
          database: app.database.kind,
          databaseOk: !failing.includes('database'),
          failing,
          checks,
        },
      });
    },
  );

  app.get(
    getHealthLive.path,
    {
      schema: {
        tags: ['health'],
        summary: 'The process is up (no dependency checked)',
        response: { 200: getHealthLive.response },
      },
    },
    async () => ({
      status: 'success' as const,
      data: { ok: true as const, version, uptimeSeconds: Math.round(process.uptime()) },
    }),
  );

  app.get(
    getHealthReady.path,
    {
      schema: {
        tags: ['health'],
        summary: 'Whether this node can serve: database, Redis and blob store, each with status and latency',
        response: { 200: getHealthReady.response, 503: getHealthReady.response },
      },
    },
    async (_request, reply) => {
      const { checks, failing } = await checkAll();
      return reply
        .code(failing.length === 0 ? 200 : 503)
        .send({ status: 'success' as const, data: { ready: failing.length === 0, failing, checks } });
    },
  );
}
