import type { ErrorCode, FieldError, GenerationProgress } from '@layerloom/api';

/** The base of every error the SDK throws; `cause` keeps what went wrong underneath. */
export class LayerloomError extends Error {
  override name = 'LayerloomError';
}

/** What the API said when it refused a request: its HTTP status, error code, message and field problems. */
export interface ApiErrorDetails {
  status: number;
  code: ErrorCode;
  message: string;
  fields?: FieldError[] | undefined;
  /** Seconds to wait before trying again (429 and 503 answers). */
  retryAfterSeconds?: number | undefined;
  method: string;
  url: string;
}

/** The API answered with an error (`{ status: "error", error: { code, message, fields? } }`). */
export class ApiError extends LayerloomError {
  override name = 'ApiError';
  /** The HTTP status, e.g. 404. */
  readonly status: number;
  /** The API's error code, e.g. `NOT_FOUND`. */
  readonly code: ErrorCode;
  /** Field-level problems (path and message) of a refused form, empty when none. */
  readonly fields: FieldError[];
  /** Seconds the server asked to wait before trying again, when it said. */
  readonly retryAfterSeconds: number | undefined;
  /** The request that failed, e.g. `POST /api/v1/projects`. */
  readonly request: string;

  constructor(details: ApiErrorDetails, options?: ErrorOptions) {
    super(details.message, options);
    this.status = details.status;
    this.code = details.code;
    this.fields = details.fields ?? [];
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.request = `${details.method} ${new URL(details.url).pathname}`;
  }
}

/** 400: the request was malformed or a field is invalid (see `fields`). */
export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
}

/** 401: no API key, or an unknown, revoked or expired one. */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}

/** 403: the key lacks the scope, or the route does not take API keys. */
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError';
}

/** 404: no such resource among the key owner's. */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}

/** 409: the resource is not in a state that allows this (e.g. a collection still generating). */
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}

/**
 * 412: a write sent with the version it was based on (`ifVersion`) found a newer one: someone saved in between.
 * Nothing was written; read the resource again and apply the change to it.
 */
export class PreconditionFailedError extends ApiError {
  override name = 'PreconditionFailedError';
}

/** 429: over the key's rate limit, after the SDK's retries (see `retryAfterSeconds`). */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
}

/** 5xx: the server failed or is unavailable. */
export class ServerError extends ApiError {
  override name = 'ServerError';
}

/** The server could not be reached (DNS, refused connection, reset), or answered something that is not the API. */
export class ConnectionError extends LayerloomError {
  override name = 'ConnectionError';
}

/** A generation the SDK was waiting for ended failed or cancelled; `progress` holds its last state and reason. */
export class GenerationFailedError extends LayerloomError {
  override name = 'GenerationFailedError';
  readonly collectionId: string;
  readonly progress: GenerationProgress;

  constructor(collectionId: string, progress: GenerationProgress) {
    super(
      progress.status === 'cancelled'
        ? `The generation of collection ${collectionId} was cancelled`
        : `The generation of collection ${collectionId} failed: ${progress.error ?? 'no reason given'}`,
    );
    this.collectionId = collectionId;
    this.progress = progress;
  }
}

const byStatus: Record<number, new (details: ApiErrorDetails, options?: ErrorOptions) => ApiError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  412: PreconditionFailedError,
  429: RateLimitError,
};

/** The typed error for an API error answer: by status, `ServerError` for 5xx, else `ApiError`. */
export function apiErrorOf(details: ApiErrorDetails): ApiError {
  const Class = byStatus[details.status] ?? (details.status >= 500 ? ServerError : ApiError);
  return new Class(details);
}
