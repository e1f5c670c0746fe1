import { MESSAGE_IMAGE_MAX_BYTES } from '@layerloom/api';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';

/** Largest attachment in pixels: more is a decompression bomb, not a photo. */
const MAX_PIXELS = 8192 * 8192;
const TYPES = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' } as const;

/** An attachment checked by its content, ready to store. */
export interface CheckedImage {
  bytes: Buffer;
  contentType: (typeof TYPES)[keyof typeof TYPES];
  extension: 'png' | 'jpg' | 'gif' | 'webp';
  width: number;
  height: number;
}

function refuse(message: string): AppError {
  return new AppError('BAD_REQUEST', message, { fields: [{ path: 'file', message }] });
}

/**
 * Checks an image attachment by what it holds, not its name: a PNG, JPEG, GIF or WebP within the size and
 * pixel limits that decodes to the end. A JPEG is re-encoded upright without its metadata (a phone photo's
 * EXIF carries where it was taken); other formats are kept as sent.
 */
export async function checkMessageImage(bytes: Buffer): Promise<CheckedImage> {
  if (bytes.length === 0) throw refuse('The image is empty');
  if (bytes.length > MESSAGE_IMAGE_MAX_BYTES) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `An image can be at most ${MESSAGE_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
    );
  }
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    format = meta.format;
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
    if (!(format && format in TYPES)) throw refuse('Attach a PNG, JPEG, GIF or WebP image');
    // Decoding every pixel proves the file is whole (a truncated or corrupt image fails here).
    await image.raw().toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (/pixel limit/i.test(String((error as Error)?.message))) {
      throw refuse('The image has too many pixels (at most 8192 × 8192)');
    }
    throw refuse('This file is not an image Layerloom can read: attach a PNG, JPEG, GIF or WebP image');
  }
  const kind = format as keyof typeof TYPES;
  if (kind === 'jpeg') {
    const upright = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .jpeg({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: upright.data,
      contentType: TYPES.jpeg,
      extension: 'jpg',
      width: upright.info.width,
      height: upright.info.height,
    };
  }
  return { bytes, contentType: TYPES[kind], extension: kind, width, height };
}
