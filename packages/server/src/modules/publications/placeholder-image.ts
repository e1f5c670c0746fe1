import { createHash } from 'node:crypto';
import { PLACEHOLDER_MAX_BYTES } from '@layerloom/api';
import { detectImageType } from '@layerloom/engine';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import { shorten } from '../projects/shorten.ts';

/** Largest placeholder in pixels, as for layer images: more is a decompression bomb. */
const MAX_PIXELS = 4096 * 4096;

export type PlaceholderImageType = 'png' | 'jpeg' | 'webp' | 'gif';

export const placeholderContentTypes: Record<PlaceholderImageType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** The extension a placeholder's URL ends with, by type. */
export const placeholderExtensions: Record<PlaceholderImageType, string> = {
  png: 'png',
  jpeg: 'jpg',
  webp: 'webp',
  gif: 'gif',
};

const declaredTypes: Record<string, PlaceholderImageType> = {
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  webp: 'webp',
  gif: 'gif',
};

/** A placeholder image that passed every check, with the SHA-256 that names its URL. */
export interface CheckedPlaceholderImage {
  bytes: Buffer;
  type: PlaceholderImageType;
  hash: string;
}

function refuse(message: string): AppError {
  return new AppError('BAD_REQUEST', message, { fields: [{ path: 'image', message }] });
}

/**
 * Checks an uploaded placeholder the way layer images are checked: by its content (PNG, JPEG, WebP or GIF,
 * whatever its name says; a name claiming another type is refused as a likely mistake), within the size
 * and pixel limits, and decodable to the end.
 */
export async function checkPlaceholderImage(
  filename: string,
  bytes: Buffer,
): Promise<CheckedPlaceholderImage> {
  const base = filename.split(/[\\/]/).pop() || 'the image';
  const shown = shorten(base);
  if (bytes.length > PLACEHOLDER_MAX_BYTES) {
    throw refuse(
      `${shown} is over ${PLACEHOLDER_MAX_BYTES / 1024 / 1024} MB: use a smaller placeholder image`,
    );
  }
  const detected = detectImageType(bytes);
  if (!detected.supported || !(detected.type in placeholderContentTypes)) {
    throw refuse(`${shown} is not a PNG, JPEG, WebP or GIF image`);
  }
  const type = detected.type as PlaceholderImageType;
  const dot = base.lastIndexOf('.');
  const declared = dot > 0 ? declaredTypes[base.slice(dot + 1).toLowerCase()] : undefined;
  if (declared && declared !== type) {
    throw refuse(
      `${shown} is not really a ${declared.toUpperCase()} image (its content is ${type.toUpperCase()})`,
    );
  }
  try {
    await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).raw().toBuffer();
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) {
      throw refuse(`${shown} is too large: at most ${MAX_PIXELS.toLocaleString('en-US')} pixels`);
    }
    throw refuse(`${shown} is corrupt or truncated and cannot be read`);
  }
  return { bytes, type, hash: createHash('sha256').update(bytes).digest('hex') };
}
