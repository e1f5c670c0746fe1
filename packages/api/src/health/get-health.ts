import { z } from 'zod';
import { successSchema } from '../envelope.ts';

/** `GET /api/v1/health`: liveness and the state of the services the server depends on. */
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
    }),
  ),
} as const;
export type GetHealthResponse = z.infer<typeof getHealth.response>;
