import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { FfmpegMissingError, UnsupportedMediaError } from '../errors/animation-errors.ts';
import { AssetCorruptError, UnsupportedAssetTypeError } from '../errors/asset-errors.ts';
import { detectMediaType, isVideoType, type MediaType } from './detect-media-type.ts';
import { runFfmpeg } from './run-ffmpeg.ts';

/** What a layer file holds, read from its header and container without decoding its frames. */
export interface MediaInfo {
  type: MediaType;
  /** More than one frame. */
  animated: boolean;
  width: number;
  height: number;
  /** Frames in the file (1 for a still). */
  frames: number;
  /** Length of one play-through in milliseconds (0 for a still). */
  durationMs: number;
  /** Video codec (ffprobe's name) of a video or APNG. */
  codec?: string;
}

/** Video codecs accepted in MP4, MOV and WebM layers: those this ffmpeg build decodes. */
export const VIDEO_CODECS = ['h264', 'hevc', 'vp8', 'vp9', 'av1', 'mpeg4', 'prores', 'png', 'qtrle'] as const;

/** Shortest frame delay browsers honour; GIFs asking for less (often 0) play at 100 ms a frame. */
const MIN_DELAY_MS = 20;
const DEFAULT_DELAY_MS = 100;

/** Frame delays (ms) as browsers play them. */
export function normalizeDelays(delays: readonly number[] | undefined, frames: number): number[] {
  return Array.from({ length: frames }, (_, index) => {
    const delay = delays?.[index] ?? DEFAULT_DELAY_MS;
    return delay < MIN_DELAY_MS ? DEFAULT_DELAY_MS : delay;
  });
}

/**
 * Reads what a layer file is: type by content, size, frame count and duration. GIF and WebP are
 * read by sharp; APNG and video by ffprobe, refusing containers without a video stream or with a
 * codec outside `VIDEO_CODECS`. Throws `UnsupportedAssetTypeError`, `UnsupportedMediaError` or
 * `AssetCorruptError` naming `label`.
 */
export async function probeMedia(bytes: Uint8Array, label: string): Promise<MediaInfo> {
  const detected = detectMediaType(bytes);
  if (!detected.supported) throw new UnsupportedAssetTypeError(label, detected.type);
  const { type } = detected;
  if (type === 'apng' || isVideoType(type)) return probeWithFfprobe(bytes, type, label);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { failOn: 'error', animated: true }).metadata();
  } catch (cause) {
    throw new AssetCorruptError(label, { cause });
  }
  const frames = meta.pages ?? 1;
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (frames <= 1) return { type, animated: false, width, height, frames: 1, durationMs: 0 };
  const durationMs = normalizeDelays(meta.delay, frames).reduce((sum, delay) => sum + delay, 0);
  return { type, animated: true, width, height, frames, durationMs };
}

interface ProbeOutput {
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    nb_read_packets?: string;
    duration?: string;
  }[];
  format?: { duration?: string };
}

async function probeWithFfprobe(
  bytes: Uint8Array,
  type: 'apng' | 'mp4' | 'mov' | 'webm',
  label: string,
): Promise<MediaInfo> {
  // MP4 and MOV may keep their index at the end: ffprobe needs a seekable file, not a pipe.
  const folder = await mkdtemp(path.join(tmpdir(), 'layerloom-probe-'));
  const file = path.join(folder, `input.${type === 'apng' ? 'png' : type}`);
  let output: ProbeOutput;
  try {
    await writeFile(file, bytes);
    const { stdout } = await runFfmpeg('ffprobe', [
      '-v',
      'error',
      '-count_packets',
      '-show_entries',
      'stream=codec_type,codec_name,width,height,nb_read_packets,duration:format=duration',
      '-of',
      'json',
      file,
    ]);
    output = JSON.parse(stdout.toString()) as ProbeOutput;
  } catch (cause) {
    if (cause instanceof FfmpegMissingError) throw cause;
    throw new AssetCorruptError(label, { cause });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  const video = output.streams?.find((stream) => stream.codec_type === 'video');
  if (!video) throw new UnsupportedMediaError(label, 'it holds no video stream');
  const codec = video.codec_name ?? 'unknown';
  if (type !== 'apng' && !(VIDEO_CODECS as readonly string[]).includes(codec)) {
    throw new UnsupportedMediaError(
      label,
      `the ${codec} codec is not supported (use H.264, VP8, VP9, AV1 or HEVC)`,
    );
  }
  if (type === 'apng') {
    // ffprobe misreads APNG durations; the frame control chunks say exactly how long each frame shows.
    const timing = apngTiming(bytes);
    return {
      type,
      animated: timing.frames > 1,
      width: video.width ?? 0,
      height: video.height ?? 0,
      frames: timing.frames,
      durationMs: timing.durationMs,
      codec,
    };
  }
  const frames = Number(video.nb_read_packets ?? 0);
  const seconds = Number(video.duration ?? output.format?.duration ?? 0);
  if (!video.width || !video.height || !(frames > 0)) {
    throw new AssetCorruptError(label, { cause: new Error('no decodable video frames') });
  }
  const durationMs =
    Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : frames * DEFAULT_DELAY_MS;
  return { type, animated: frames > 1, width: video.width, height: video.height, frames, durationMs, codec };
}

/** Frame count and play time of an APNG from its `fcTL` chunks (delay `num/den` seconds, den 0 meaning 100). */
function apngTiming(bytes: Uint8Array): { frames: number; durationMs: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const delays: number[] = [];
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (type === 'fcTL' && length >= 26) {
      const numerator = view.getUint16(offset + 8 + 20);
      const denominator = view.getUint16(offset + 8 + 22) || 100;
      delays.push((numerator * 1000) / denominator);
    }
    if (type === 'IEND') break;
    offset += 12 + length;
  }
  const normalized = normalizeDelays(delays, Math.max(1, delays.length));
  return {
    frames: Math.max(1, delays.length),
    durationMs: Math.round(normalized.reduce((sum, delay) => sum + delay, 0)),
  };
}
