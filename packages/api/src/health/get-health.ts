import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { DependencyCheckSchema } from './dependency-check.ts';

/** `GET /api/v1/health`: liveness and the state of the services the server depends on (503 when one is down). */
export const getHealth = {
  method: 'GET',
  path: '/api/v1/health',
  response: successSchema(
    z.object({
      ok: z.boolean(),
      version: z.string(),
      uptimeSeconds: z.number(),
      database: z.enum(['sqlite', 'postgres']),
      databaseOk: z.boolean(),
      /** The dependencies that are down (`database`, `redis`, `blobs`), empty when all are up. */
      failing: z.array(DependencyCheckSchema.shape.name),
      checks: z.array(DependencyCheckSchema),
    }),
  ),
} as const;
export type GetHealthResponse = z.infer<typeof getHealth.response>;
