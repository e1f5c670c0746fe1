import {
  firstProblem,
  MIN_UPLOAD_BYTES,
  type Plan,
  TraitNameSchema,
  TraitWeightSchema,
} from '@layerloom/api';
import { detectImageType } from '@layerloom/engine';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import { shorten } from './shorten.ts';

/** Largest image accepted, in pixels: the biggest output is 4096², and more is a decompression bomb. */
export const MAX_IMAGE_PIXELS = 4096 * 4096;

const EXTENSIONS: Record<string, 'png' | 'jpeg' | 'gif'> = {
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  gif: 'gif',
};
const CONTENT_TYPES = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif' } as const;

/** A layer image the user sent, checked and ready to store. */
export interface CheckedTraitImage {
  name: string;
  weight: number;
  bytes: Buffer;
  extension: 'png' | 'jpg' | 'gif';
  image: {
    contentType: (typeof CONTENT_TYPES)[keyof typeof CONTENT_TYPES];
    width: number;
    height: number;
    bytes: number;
  };
}

function refuse(message: string): AppError {
  return new AppError('BAD_REQUEST', message, { fields: [{ path: 'files', message }] });
}

/**
 * Checks one uploaded layer image: JPEG, PNG or GIF by extension (any case) and by content, within the
 * plan's size limits and the pixel limit, and decodable to the end. The trait name comes from the file
 * name; a `#weight` suffix (`Red Cap#20.png`) sets its weight.
 */
export async function checkTraitImage(
  filename: string,
  bytes: Buffer,
  plan: Plan,
): Promise<CheckedTraitImage> {
  const base = filename.split(/[\\/]/).pop() ?? filename;
  const shown = shorten(base);
  const dot = base.lastIndexOf('.');
  const declared = dot > 0 ? EXTENSIONS[base.slice(dot + 1).toLowerCase()] : undefined;
  if (!declared) throw refuse(`File type is not supported: ${shown} (use JPEG, PNG or GIF)`);
  if (bytes.length > plan.maxUploadMb * 1024 * 1024) {
    throw refuse(`File size is too big: ${shown} is over ${plan.maxUploadMb} MB`);
  }
  if (bytes.length < MIN_UPLOAD_BYTES) throw refuse(`File size is too small: ${shown}`);
  const detected = detectImageType(bytes);
  if (!detected.supported || detected.type !== declared) {
    throw refuse(`File type is not supported: ${shown} is not really a ${declared.toUpperCase()} image`);
  }
  let width: number;
  let height: number;
  try {
    const decoded = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    ({ width, height } = decoded.info);
  } catch (error) {
    const message = (error as Error).message;
    if (/pixel limit/i.test(message)) {
      throw refuse(`${shown} is too large: at most ${MAX_IMAGE_PIXELS.toLocaleString('en-US')} pixels`);
    }
    throw refuse(`${shown} is corrupt or truncated and cannot be read`);
  }
  const stem = base.slice(0, dot);
  const hash = stem.lastIndexOf('#');
  let name = stem;
  let weight = 1;
  if (hash >= 0) {
    const text = stem.slice(hash + 1).trim();
    weight = Number(text);
    if (text === '' || !Number.isFinite(weight) || weight < 0) {
      throw refuse(`${shown}: "${text}" after # is not a weight (use a number like Name#10.png)`);
    }
    name = stem.slice(0, hash);
  }
  name = name.trim();
  if (name === '') throw refuse(`${shown} has no trait name before the extension`);
  // The editor's limits, so an uploaded trait can always be saved again by the editor.
  const problem = firstProblem(TraitNameSchema, name) ?? firstProblem(TraitWeightSchema, weight);
  if (problem) throw refuse(`${shown}: ${problem}`);
  return {
    name,
    weight,
    bytes,
    extension: declared === 'jpeg' ? 'jpg' : declared,
    image: { contentType: CONTENT_TYPES[declared], width, height, bytes: bytes.length },
  };
}
