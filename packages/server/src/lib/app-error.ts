import { type ErrorCode, errorStatus, type FieldError } from '@layerloom/api';

/** An error a user can cause: its code maps to an HTTP status and its message is shown to the user. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly fields: FieldError[] | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { fields?: FieldError[]; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.statusCode = errorStatus[code];
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** A 404 for a resource that does not exist or that the caller may not see (the two are not told apart). */
export function notFound(what: string): AppError {
  return new AppError('NOT_FOUND', `${what} not found`);
}
