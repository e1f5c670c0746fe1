import { BaseError, type BaseErrorParameters } from './base-error.ts';

/** An animated or video asset uses a container or codec the engine does not decode. */
export class UnsupportedMediaError extends BaseError {
  readonly code = 'MEDIA_UNSUPPORTED';

  constructor(asset: string, problem: string, parameters: BaseErrorParameters = {}) {
    super(`Unsupported animation ${asset}: ${problem}`, {
      ...parameters,
      details: { asset, problem, ...parameters.details },
    });
  }
}

/** An animation is longer (in frames or seconds) than the allowed limit. */
export class AnimationTooLongError extends BaseError {
  readonly code = 'ANIMATION_TOO_LONG';

  constructor(what: string, problem: string) {
    super(`${what} is too long: ${problem}`, { details: { what, problem } });
  }
}

/** The ffmpeg program needed for video layers and animated output is missing or failed to start. */
export class FfmpegMissingError extends BaseError {
  readonly code = 'FFMPEG_MISSING';

  constructor(parameters: BaseErrorParameters = {}) {
    super('ffmpeg is needed for animated output and video layers (apt-get install -y ffmpeg)', parameters);
  }
}
