import { z } from 'zod';
import { successSchema } from '../envelope.ts';
import { DependencyCheckSchema } from './dependency-check.ts';

/**
 * `GET /api/v1/health/ready`: whether this node can serve: the database, Redis (when configured) and
 * the blob store, each with its status and latency; 503 when one it needs is down.
 */
export const getHealthReady = {
  method: 'GET',
  path: '/api/v1/health/ready',
  response: successSchema(
    z.object({
      ready: z.boolean(),
      failing: z.array(DependencyCheckSchema.shape.name),
      checks: z.array(DependencyCheckSchema),
    }),
  ),
} as const;
export type GetHealthReadyResponse = z.infer<typeof getHealthReady.response>;
