import type { z } from 'zod';
import { InvalidSpecError } from '../errors/spec-errors.ts';
import { type CollectionSpec, CollectionSpecSchema } from './collection-spec.ts';

/** Validates a collection spec (e.g. parsed JSON) and applies defaults; throws `InvalidSpecError` listing every problem. */
export function parseCollectionSpec(input: unknown): CollectionSpec {
  const result = CollectionSpecSchema.safeParse(input);
  if (!result.success) throw new InvalidSpecError(toIssues(result.error), { cause: result.error });
  return result.data;
}

function toIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}
