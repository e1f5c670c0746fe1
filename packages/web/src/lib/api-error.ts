import type { ErrorCode, FieldError } from '@layerloom/api';

/** A failed API call: the server's error code, message and field errors, with the HTTP status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields: FieldError[] = [],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** True when the error is an ApiError with one of the given codes. */
export function isApiError(error: unknown, ...codes: ApiError['code'][]): error is ApiError {
  return error instanceof ApiError && (codes.length === 0 || codes.includes(error.code));
}

/** The one place any failure becomes a sentence a user can read. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.name === 'AbortError') return 'The request was cancelled.';
  return 'Something went wrong. Please try again.';
}
