import { z } from 'zod';
import { successSchema } from '../envelope.ts';

/** `GET /api/v1/health/live`: the process is up and answers (no dependency is checked). */
export const getHealthLive = {
  method: 'GET',
  path: '/api/v1/health/live',
  response: successSchema(z.object({ ok: z.literal(true), version: z.string(), uptimeSeconds: z.number() })),
} as const;
export type GetHealthLiveResponse = z.infer<typeof getHealthLive.response>;
