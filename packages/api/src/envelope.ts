import { z } from 'zod';

/** Wraps a data schema in the success envelope `{ status: 'success', data }`. */
export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('success'), data });
}

/** The body of a successful response carrying `data` of type T. */
export type Success<T> = { status: 'success'; data: T };
