import { ART_IMAGE_MAX_BYTES } from '@layerloom/api';
import { detectImageType } from '@layerloom/engine';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import { shorten } from '../projects/shorten.ts';

/** Largest replacement in pixels, as for layer images: more is a decompression bomb. */
const MAX_PIXELS = 4096 * 4096;

const accepted = new Set(['png', 'jpeg', 'webp', 'gif']);

const declaredTypes: Record<string, string> = {
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  webp: 'webp',
  gif: 'gif',
};

function refuse(edition: number, message: string): AppError {
  return new AppError('BAD_REQUEST', message, { fields: [{ path: `token-${edition}`, message }] });
}

/**
 * Checks a token's replacement image the way layer images are checked (by its content: PNG, JPEG, WebP or
 * GIF whatever its name says, within the size and pixel limits, decodable to the end, one frame), and that
 * it has the collection's size; answers it as PNG, the format of every token's image (a PNG as sent).
 */
export async function checkArtImage(
  edition: number,
  filename: string,
  bytes: Buffer,
  size: { width: number; height: number },
): Promise<Buffer> {
  const shown = `${shorten(filename.split(/[\\/]/).pop() || 'The image')} (token #${edition})`;
  if (bytes.length > ART_IMAGE_MAX_BYTES) {
    throw refuse(edition, `${shown} is over ${ART_IMAGE_MAX_BYTES / 1024 / 1024} MB: use a smaller image`);
  }
  const detected = detectImageType(bytes);
  if (!detected.supported || !accepted.has(detected.type)) {
    throw refuse(edition, `${shown} is not a PNG, JPEG, WebP or GIF image`);
  }
  const dot = filename.lastIndexOf('.');
  const declared = dot > 0 ? declaredTypes[filename.slice(dot + 1).toLowerCase()] : undefined;
  if (declared && declared !== detected.type) {
    throw refuse(
      edition,
      `${shown} is not really a ${declared.toUpperCase()} image (its content is ${detected.type.toUpperCase()})`,
    );
  }
  let info: { width?: number; height?: number; pages?: number };
  try {
    info = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).raw().toBuffer();
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) {
      throw refuse(edition, `${shown} is too large: at most ${MAX_PIXELS.toLocaleString('en-US')} pixels`);
    }
    throw refuse(edition, `${shown} is corrupt or truncated and cannot be read`);
  }
  if ((info.pages ?? 1) > 1) {
    throw refuse(edition, `${shown} is animated: a token's image is a still picture (PNG)`);
  }
  if (info.width !== size.width || info.height !== size.height) {
    throw refuse(
      edition,
      `${shown} is ${info.width}×${info.height} px; this collection's images are ${size.width}×${size.height} px`,
    );
  }
  return detected.type === 'png' ? bytes : sharp(bytes).png().toBuffer();
}
