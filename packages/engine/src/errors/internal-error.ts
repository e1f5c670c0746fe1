import { BaseError } from './base-error.ts';

/** An invariant of the engine broke: a bug, never a user mistake. */
export class InternalError extends BaseError {
  readonly code = 'INTERNAL';
}
