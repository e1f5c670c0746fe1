import {
  firstProblem,
  MIN_UPLOAD_BYTES,
  type Plan,
  type TraitImage,
  TraitNameSchema,
  TraitWeightSchema,
} from '@layerloom/api';
import {
  decodeAsset,
  detectMediaType,
  FfmpegMissingError,
  isVideoType,
  MEDIA_MIME_TYPES,
  type MediaInfo,
  type MediaType,
  probeMedia,
  UnsupportedMediaError,
} from '@layerloom/engine';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error.ts';
import { shorten } from './shorten.ts';

/** Largest image accepted, in pixels: the biggest output is 4096², and more is a decompression bomb. */
export const MAX_IMAGE_PIXELS = 4096 * 4096;

type Declared = 'png' | 'jpeg' | 'gif' | 'webp' | 'mp4' | 'mov' | 'webm';
const EXTENSIONS: Record<string, Declared> = {
  png: 'png',
  apng: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  gif: 'gif',
  webp: 'webp',
  mp4: 'mp4',
  m4v: 'mp4',
  mov: 'mov',
  webm: 'webm',
};
const SUPPORTED = 'JPEG, PNG, GIF, WebP, APNG, MP4, MOV or WebM';
/** What a file of each declared type may really be: a `.png` may be an APNG; `.mp4` and `.mov` share a container family. */
const ACCEPTED: Record<Declared, readonly MediaType[]> = {
  png: ['png', 'apng'],
  jpeg: ['jpeg'],
  gif: ['gif'],
  webp: ['webp'],
  mp4: ['mp4', 'mov'],
  mov: ['mov', 'mp4'],
  webm: ['webm'],
};
const STORED_EXTENSIONS: Record<MediaType, CheckedTraitImage['extension']> = {
  png: 'png',
  apng: 'png',
  jpeg: 'jpg',
  gif: 'gif',
  webp: 'webp',
  mp4: 'mp4',
  mov: 'mov',
  webm: 'webm',
};

/** A layer image the user sent, checked and ready to store. */
export interface CheckedTraitImage {
  name: string;
  weight: number;
  bytes: Buffer;
  extension: 'png' | 'jpg' | 'gif' | 'webp' | 'mp4' | 'mov' | 'webm';
  image: TraitImage;
}

function refuse(message: string): AppError {
  return new AppError('BAD_REQUEST', message, { fields: [{ path: 'files', message }] });
}

/**
 * Checks one uploaded layer file: JPEG, PNG, GIF, WebP, APNG, MP4, MOV or WebM by extension (any case)
 * and by content, within the plan's size limits and the pixel limit; a still decodable to the end; an
 * animation or video with a supported container and codec, a decodable first frame, and no longer (in
 * seconds and frames) than the plan allows. The trait name comes from the file name; a `#weight`
 * suffix (`Red Cap#20.png`) sets its weight.
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
  if (!declared) throw refuse(`File type is not supported: ${shown} (use ${SUPPORTED})`);
  if (bytes.length > plan.maxUploadMb * 1024 * 1024) {
    throw refuse(`File size is too big: ${shown} is over ${plan.maxUploadMb} MB`);
  }
  if (bytes.length < MIN_UPLOAD_BYTES) throw refuse(`File size is too small: ${shown}`);
  const detected = detectMediaType(bytes);
  if (!detected.supported || !ACCEPTED[declared].includes(detected.type)) {
    const kind = declared === 'mp4' || declared === 'mov' || declared === 'webm' ? 'video' : 'image';
    throw refuse(`File type is not supported: ${shown} is not really a ${declared.toUpperCase()} ${kind}`);
  }
  const type = detected.type;
  const info = await readMedia(bytes, shown);
  if (info.width * info.height > MAX_IMAGE_PIXELS) {
    throw refuse(`${shown} is too large: at most ${MAX_IMAGE_PIXELS.toLocaleString('en-US')} pixels`);
  }
  if (info.animated) checkAnimationLimits(info, shown, plan);
  const moving = info.animated || type === 'apng' || isVideoType(type);
  const { width, height } = moving
    ? await decodeFirstFrame(bytes, info, shown)
    : await decodeStill(bytes, shown);
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
    extension: STORED_EXTENSIONS[type],
    image: {
      contentType: MEDIA_MIME_TYPES[type] as TraitImage['contentType'],
      width,
      height,
      bytes: bytes.length,
      ...(info.animated
        ? { animation: { frames: info.frames, durationMs: Math.round(info.durationMs) } }
        : {}),
    },
  };
}

/** The file's type, size, frames and duration (containers and codecs checked); a 400 when it cannot be read or is refused. */
async function readMedia(bytes: Buffer, shown: string): Promise<MediaInfo> {
  try {
    return await probeMedia(bytes, shown);
  } catch (error) {
    if (error instanceof UnsupportedMediaError)
      throw refuse(`${shown} cannot be used: ${error.details.problem}`);
    if (error instanceof FfmpegMissingError) throw error;
    throw refuse(`${shown} is corrupt or truncated and cannot be read`);
  }
}

/** Decodes the first frame of an animation or video (its thumbnail), refusing a file whose frames cannot be read; its size. */
async function decodeFirstFrame(
  bytes: Buffer,
  info: MediaInfo,
  shown: string,
): Promise<{ width: number; height: number }> {
  try {
    await decodeAsset(bytes, info.width, info.height, shown);
  } catch (error) {
    if (error instanceof FfmpegMissingError) throw error;
    throw refuse(`${shown} is corrupt or truncated and cannot be read`);
  }
  return { width: info.width, height: info.height };
}

/** Refuses an animation longer than the plan allows, in seconds or in frames. */
function checkAnimationLimits(info: MediaInfo, shown: string, plan: Plan): void {
  const seconds = info.durationMs / 1000;
  if (seconds > plan.maxAnimationSeconds) {
    throw refuse(
      `${shown} plays ${Number(seconds.toFixed(2))} s: the ${plan.name} plan allows animations up to ${plan.maxAnimationSeconds} s`,
    );
  }
  if (info.frames > plan.maxAnimationFrames) {
    throw refuse(
      `${shown} has ${info.frames} frames: the ${plan.name} plan allows animations up to ${plan.maxAnimationFrames} frames`,
    );
  }
}

/** Decodes a still image to the end (a truncated file is refused); its size. */
async function decodeStill(bytes: Buffer, shown: string): Promise<{ width: number; height: number }> {
  try {
    const decoded = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { width: decoded.info.width, height: decoded.info.height };
  } catch (error) {
    const message = (error as Error).message;
    if (/pixel limit/i.test(message)) {
      throw refuse(`${shown} is too large: at most ${MAX_IMAGE_PIXELS.toLocaleString('en-US')} pixels`);
    }
    throw refuse(`${shown} is corrupt or truncated and cannot be read`);
  }
}
