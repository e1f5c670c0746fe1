import { BaseError, GenerationCancelledError, InternalError, RenderFailedError } from '@layerloom/engine';
import { AppError } from '../../lib/app-error.ts';

/**
 * Turns an engine error the user can fix (bad spec, impossible size, unreadable image, unknown trait in a
 * rule…) into a 400 carrying the engine's message; anything else is rethrown as is (a 500).
 */
export function fromEngineError(error: unknown): never {
  if (
    error instanceof BaseError &&
    !(error instanceof InternalError) &&
    !(error instanceof RenderFailedError) &&
    !(error instanceof GenerationCancelledError)
  ) {
    throw new AppError('BAD_REQUEST', error.message, { cause: error });
  }
  throw error;
}
