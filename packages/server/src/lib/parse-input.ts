import type { FieldError } from '@layerloom/api';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

/**
 * Parses input that did not come through a route's schema (a service called by another service, an
 * import) and refuses it as the routes do: a 400 naming each bad field, never an uncaught ZodError.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = result.error.issues.map<FieldError>((issue) => ({
    path: issue.path.join('.') || 'body',
    message: issue.message,
  }));
  const first = fields[0]!;
  throw new AppError('VALIDATION_FAILED', `${first.path}: ${first.message}`, { fields });
}
