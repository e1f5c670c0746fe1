/** Parameters shared by every engine error. */
export interface BaseErrorParameters {
  /** Extra facts for logs and API answers (file, layer, counts…). */
  details?: Record<string, unknown>;
  /** The underlying error, kept for diagnosis. */
  cause?: unknown;
}

/**
 * Root of every error the engine throws on purpose. `code` is stable and machine-readable;
 * `message` is one line a user can act on.
 */
export abstract class BaseError extends Error {
  /** Stable, machine-readable error code (e.g. `ASSET_CORRUPT`). */
  abstract readonly code: string;
  /** Extra facts about the failure. */
  readonly details: Record<string, unknown>;

  constructor(message: string, parameters: BaseErrorParameters = {}) {
    super(message, parameters.cause === undefined ? undefined : { cause: parameters.cause });
    this.name = new.target.name;
    this.details = parameters.details ?? {};
  }
}
