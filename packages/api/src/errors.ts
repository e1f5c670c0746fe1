import { z } from 'zod';

/** Every error code the API answers with; the server maps each to one HTTP status. */
export const ErrorCodeSchema = z.enum([
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** The HTTP status for each error code. */
export const errorStatus: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** A field-level problem: the field's path (dot-separated) and what is wrong with it. */
export const FieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** The body of every failed response. */
export const ErrorBodySchema = z.object({
  status: z.literal('error'),
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    fields: z.array(FieldErrorSchema).optional(),
    retryAfterSeconds: z.number().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
