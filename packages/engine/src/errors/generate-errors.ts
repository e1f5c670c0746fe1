import { BaseError, type BaseErrorParameters } from './base-error.ts';

/** The output already holds a different collection (other spec, seed or assets). */
export class OutputConflictError extends BaseError {
  readonly code = 'OUTPUT_CONFLICT';

  constructor(where: string) {
    super(`${where} holds the output of a different collection; choose an empty output or pass overwrite`, {
      details: { where },
    });
  }
}

/** The job was cancelled through its AbortSignal. Finished tokens stay; re-running resumes. */
export class GenerationCancelledError extends BaseError {
  readonly code = 'CANCELLED';

  constructor(parameters: BaseErrorParameters = {}) {
    super('Generation cancelled', parameters);
  }
}

/** A render worker crashed or failed on a token. */
export class RenderFailedError extends BaseError {
  readonly code = 'RENDER_FAILED';

  constructor(message: string, parameters: BaseErrorParameters = {}) {
    super(message, parameters);
  }
}

/** An output path escapes the output folder. */
export class InvalidOutputPathError extends BaseError {
  readonly code = 'OUTPUT_PATH_INVALID';

  constructor(where: string) {
    super(`Output path ${where} is outside the output folder`, { details: { where } });
  }
}

/** The engine's native PNG encoder is not built (it is compiled from C when the package is installed). */
export class PngEncoderMissingError extends BaseError {
  readonly code = 'PNG_ENCODER_MISSING';

  constructor(parameters: BaseErrorParameters = {}) {
    super(
      'The PNG encoder of @layerloom/engine is not built: run `npm rebuild @layerloom/engine` (it needs a C compiler, Python 3 and make)',
      parameters,
    );
  }
}

/** A range of editions to render that is not within the collection. */
export class EditionRangeError extends BaseError {
  readonly code = 'EDITION_RANGE_INVALID';

  constructor(first: number, last: number, size: number) {
    super(`Editions ${first}–${last} are not a range within 1–${size}`, { details: { first, last, size } });
  }
}

/** The collection's files are not all written yet, so it cannot be finished. */
export class CollectionIncompleteError extends BaseError {
  readonly code = 'COLLECTION_INCOMPLETE';

  constructor(missing: number[]) {
    super(`${missing.length} token(s) are not rendered yet (first: #${missing[0]})`, {
      details: { missing: missing.slice(0, 20) },
    });
  }
}
