import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

/** The email of a request body, lower-cased, if it has one. */
function bodyEmail(request: FastifyRequest): string | undefined {
  const body: unknown = request.body;
  if (typeof body !== 'object' || body === null || !('email' in body)) return undefined;
  return typeof body.email === 'string' ? body.email.trim().toLowerCase() : undefined;
}

/**
 * A preHandler limiting attempts per email address (in addition to the per-address route limit),
 * so guessing one account's password or flooding one inbox needs more than changing addresses.
 * Answers 429 RATE_LIMITED with the retry time.
 */
export function perEmailLimit(
  app: FastifyInstance,
  options: { name: string; max: number; timeWindow: string },
): (request: FastifyRequest) => Promise<void> {
  const limit = app.createRateLimit({
    max: options.max,
    timeWindow: options.timeWindow,
    keyGenerator: (request) => `${options.name}:${bodyEmail(request) ?? ''}`,
  });
  return async (request) => {
    if (bodyEmail(request) === undefined) return;
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, result.ttlInSeconds);
      throw new AppError(
        'RATE_LIMITED',
        `Too many attempts for this email. Try again in ${seconds} seconds.`,
        {
          retryAfterSeconds: seconds,
        },
      );
    }
  };
}
