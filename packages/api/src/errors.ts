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
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_PENDING',
  'ACCOUNT_REJECTED',
  'ACCOUNT_DEACTIVATED',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'OTP_INCORRECT',
  'OTP_LOCKED',
  'OTP_NOT_VERIFIED',
  'ACCOUNT_SELF_DEACTIVATED',
  'PRECONDITION_FAILED',
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
  /** Wrong email or password (one message for both). */
  INVALID_CREDENTIALS: 401,
  /** Login refused until the mailed link is opened. */
  EMAIL_NOT_VERIFIED: 403,
  /** Login refused until an admin approves the account. */
  ACCOUNT_PENDING: 403,
  /** Login refused: an admin rejected the account (the message carries the reason). */
  ACCOUNT_REJECTED: 403,
  /** Login refused: an admin deactivated the account. */
  ACCOUNT_DEACTIVATED: 403,
  /** An unknown, wrong or already used verification link or reset request. */
  TOKEN_INVALID: 400,
  /** A verification link or reset request that has expired. */
  TOKEN_EXPIRED: 410,
  /** A wrong one-time code; the message says how many tries are left. */
  OTP_INCORRECT: 400,
  /** Too many wrong one-time codes: the reset request is dead. */
  OTP_LOCKED: 410,
  /** A new password sent before the reset request's code was verified. */
  OTP_NOT_VERIFIED: 403,
  /** Login refused: the owner deactivated the account; POST /api/v1/account/reactivate lifts it. */
  ACCOUNT_SELF_DEACTIVATED: 403,
  /** A write based on a version of the resource that is no longer current (If-Match): reload or merge. */
  PRECONDITION_FAILED: 412,
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
