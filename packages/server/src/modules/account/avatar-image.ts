import { createHash } from 'node:crypto';
import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX, MIN_UPLOAD_BYTES } from '@layerloom/api';
import { detectImageType } from '@layerloom/engine';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';

/** Largest image decoded, in pixels: more is a decompression bomb. */
const MAX_INPUT_PIXELS = 8192 * 8192;

function refuse(message: string): AppError {
  return new AppError('BAD_REQUEST', message, { fields: [{ path: 'avatar', message }] });
}

/** Where an avatar lives in the blob store. */
export function avatarKey(userId: string, name: string): string {
  return `avatars/${userId}/${name}`;
}

/** An avatar's name: made from its bytes, so a name always means the same picture. */
export const AVATAR_NAME = /^[0-9a-f]{24}\.webp$/;

/**
 * Checks an uploaded avatar by its content (PNG, JPEG, GIF or WebP that decodes to the end, within the
 * size and pixel limits) and makes the stored picture: a centred square of AVATAR_SIZE_PX, as WebP.
 */
export async function makeAvatar(bytes: Buffer): Promise<{ name: string; webp: Buffer }> {
  if (bytes.length > AVATAR_MAX_BYTES) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The picture is too big: at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB`,
      {
        fields: [
          { path: 'avatar', message: `The picture is too big: at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB` },
        ],
      },
    );
  }
  if (bytes.length < MIN_UPLOAD_BYTES) throw refuse('The file is empty or too small to be a picture');
  if (!detectImageType(bytes).supported) {
    throw refuse('The file is not a supported picture (use PNG, JPEG, GIF or WebP)');
  }
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX, fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) {
      throw refuse(`The picture is too large: at most ${MAX_INPUT_PIXELS.toLocaleString('en-US')} pixels`);
    }
    throw refuse('The picture is corrupt or cut short and cannot be read');
  }
  const name = `${createHash('sha256').update(webp).digest('hex').slice(0, 24)}.webp`;
  return { name, webp };
}
