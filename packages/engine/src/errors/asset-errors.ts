import { BaseError, type BaseErrorParameters } from './base-error.ts';

/** An asset could not be read (missing file, failing loader). */
export class AssetUnreadableError extends BaseError {
  readonly code = 'ASSET_UNREADABLE';

  constructor(asset: string, parameters: BaseErrorParameters = {}) {
    super(`Cannot read asset ${asset}${reason(parameters.cause)}`, {
      ...parameters,
      details: { asset, ...parameters.details },
    });
  }
}

/** An asset is not one of the supported image or video types. */
export class UnsupportedAssetTypeError extends BaseError {
  readonly code = 'ASSET_UNSUPPORTED_TYPE';

  constructor(asset: string, detected: string) {
    super(
      `Unsupported image type for ${asset}: ${detected} (use PNG, JPEG, GIF, WebP, APNG, MP4, MOV or WebM)`,
      {
        details: { asset, detected },
      },
    );
  }
}

/** An asset has a supported type but its bytes cannot be decoded. */
export class AssetCorruptError extends BaseError {
  readonly code = 'ASSET_CORRUPT';

  constructor(asset: string, parameters: BaseErrorParameters = {}) {
    super(`Corrupt image ${asset}${reason(parameters.cause)}`, {
      ...parameters,
      details: { asset, ...parameters.details },
    });
  }
}

/** A file name in a layers folder does not follow `Name#weight.ext`. */
export class InvalidTraitFileNameError extends BaseError {
  readonly code = 'TRAIT_FILE_NAME_INVALID';

  constructor(file: string, problem: string) {
    super(`Invalid trait file name ${file}: ${problem}`, { details: { file, problem } });
  }
}

/** A layers folder is missing or holds no layer folders. */
export class LayersFolderError extends BaseError {
  readonly code = 'LAYERS_FOLDER_INVALID';

  constructor(message: string, parameters: BaseErrorParameters = {}) {
    super(message, parameters);
  }
}

function reason(cause: unknown): string {
  if (cause instanceof Error && cause.message) return `: ${cause.message.split('\n')[0]}`;
  return '';
}
