import { getHealth } from '@layerloom/api';
import type { App } from '../../types.ts';
import { version } from '../../version.ts';

/** `GET /api/v1/health`: answers 200 when the server and its database work, 503 otherwise. */
export async function healthRoutes(app: App): Promise<void> {
  app.get(
    getHealth.path,
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database state',
        response: { 200: getHealth.response, 503: getHealth.response },
      },
    },
    async (_request, reply) => {
      const databaseOk = await app.database.ping();
      return reply.code(databaseOk ? 200 : 503).send({
        status: 'success' as const,
        data: {
          ok: databaseOk,
          version,
          uptimeSeconds: Math.round(process.uptime()),
          database: app.database.kind,
          databaseOk,
        },
      });
    },
  );
}
