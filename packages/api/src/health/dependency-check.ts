import { z } from 'zod';

/** One service a node depends on, as the health endpoints report it. */
export const DependencyCheckSchema = z.object({
  name: z.enum(['database', 'redis', 'blobs']),
  status: z.enum(['up', 'down']),
  latencyMs: z.number(),
  /** Why it is down, as a fixed word (addresses and error messages stay in the server's log). */
  reason: z.enum(['unreachable', 'timeout', 'marker-missing']).optional(),
});
export type DependencyCheck = z.infer<typeof DependencyCheckSchema>;
