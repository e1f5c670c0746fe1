import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** The path of the first string holding a NUL character, or null. */
function nulPath(value: unknown, path: string[], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = nulPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses text with a NUL character anywhere in a request's path, query or JSON body: PostgreSQL cannot
 * store it (SQLite would, so the two would differ) and no name, id or description needs it.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = nulPath(value, []);
      if (path) {
        const field = path.join('.') || part;
        throw new AppError('VALIDATION_FAILED', `${field}: text cannot contain the NUL character`, {
          fields: [{ path: field, message: 'Text cannot contain the NUL character' }],
        });
      }
    }
  });
}
