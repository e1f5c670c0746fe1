import { open, rm, stat, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { FfmpegMissingError } from '../errors/animation-errors.ts';
import { AssetCorruptError } from '../errors/asset-errors.ts';
import { type MediaInfo, normalizeDelays } from './probe-media.ts';
import { runFfmpeg } from './run-ffmpeg.ts';

/** Parameters of `decodeFrames`. */
export interface DecodeFramesParameters {
  bytes: Uint8Array;
  info: MediaInfo;
  /** Canvas size every frame is scaled to. */
  width: number;
  height: number;
  /** Frames per second of the output timeline. */
  fps: number;
  /** Raw RGBA frames are written here, one after the other (`width·height·4` bytes each). */
  file: string;
  /** Stop after this many frames (the caller refuses longer animations). */
  maxFrames: number;
  label: string;
}

/** A decoded animation on disk: `frames` raw RGBA frames in `file`, one per output tick. */
export interface FrameFile {
  file: string;
  frames: number;
}

/**
 * Decodes an animated layer onto the output timeline: frame `k` of the file is what the layer
 * shows at `k / fps` seconds of one play-through (so layers of different frame rates line up by
 * time), scaled to the canvas, straight-alpha RGBA. Frames stream to disk, so memory holds a few
 * decoded frames whatever the animation's length. Animated WebP is decoded by sharp a few pages at
 * a time; GIF, APNG and video by ffmpeg's `fps` filter.
 */
export async function decodeFrames(parameters: DecodeFramesParameters): Promise<FrameFile> {
  const { info, label } = parameters;
  try {
    // ffmpeg cannot read animated WebP; everything else streams through it in one pass.
    if (info.type === 'webp') return await decodeWithSharp(parameters);
    return await decodeWithFfmpeg(parameters);
  } catch (cause) {
    if (cause instanceof FfmpegMissingError || cause instanceof AssetCorruptError) throw cause;
    throw new AssetCorruptError(label, { cause });
  }
}

/** Number of output ticks one play-through of `durationMs` spans at `fps` (at least one). */
export function framesForDuration(durationMs: number, fps: number): number {
  return Math.max(1, Math.round((durationMs * fps) / 1000));
}

/** WebP pages decoded per call: libwebp's animation decoder starts from the first frame each time. */
const PAGES_PER_BATCH = 8;

async function decodeWithSharp(parameters: DecodeFramesParameters): Promise<FrameFile> {
  const { bytes, info, width, height, fps, file, maxFrames } = parameters;
  const meta = await sharp(bytes, { animated: true }).metadata();
  const delays = normalizeDelays(meta.delay, info.frames);
  const ticks = Math.min(maxFrames, framesForDuration(info.durationMs, fps));
  const frameBytes = width * height * 4;
  const handle = await open(file, 'w');
  try {
    let source = 0;
    let sourceEnd = delays[0]!;
    let batch: Buffer | undefined;
    let batchStart = -1;
    let batchPages = 0;
    for (let tick = 0; tick < ticks; tick++) {
      const time = (tick * 1000) / fps;
      while (time >= sourceEnd && source < delays.length - 1) sourceEnd += delays[++source]!;
      if (source < batchStart || source >= batchStart + batchPages) {
        batchStart = source;
        batchPages = Math.min(PAGES_PER_BATCH, info.frames - source);
        // Pages are stacked vertically; each is scaled to the canvas on its own.
        const stacked = await sharp(bytes, { page: source, pages: batchPages, failOn: 'error' })
          .ensureAlpha()
          .toColourspace('srgb')
          .raw()
          .toBuffer({ resolveWithObject: true });
        const pageHeight = stacked.info.height / batchPages;
        const pages: Buffer[] = [];
        for (let page = 0; page < batchPages; page++) {
          const start = page * stacked.info.width * pageHeight * 4;
          const raw = stacked.data.subarray(start, start + stacked.info.width * pageHeight * 4);
          pages.push(
            stacked.info.width === width && pageHeight === height
              ? Buffer.from(raw)
              : await sharp(raw, { raw: { width: stacked.info.width, height: pageHeight, channels: 4 } })
                  .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
                  .raw()
                  .toBuffer(),
          );
        }
        batch = Buffer.concat(pages);
      }
      const offset = (source - batchStart) * frameBytes;
      await handle.write(batch!, offset, frameBytes);
    }
    return { file, frames: ticks };
  } finally {
    await handle.close();
  }
}

async function decodeWithFfmpeg(parameters: DecodeFramesParameters): Promise<FrameFile> {
  const { bytes, info, width, height, fps, file, maxFrames } = parameters;
  const input = `${file}.input`;
  await writeFile(input, bytes);
  try {
    await runFfmpeg('ffmpeg', [
      '-hide_banner',
      '-v',
      'error',
      '-nostdin',
      '-threads',
      '1',
      '-i',
      input,
      '-an',
      '-vf',
      `fps=${fps},scale=${width}:${height}:flags=lanczos+accurate_rnd+full_chroma_int,format=rgba`,
      '-frames:v',
      String(maxFrames),
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgba',
      '-y',
      file,
    ]);
  } finally {
    await rm(input, { force: true });
  }
  const frames = Math.floor((await stat(file)).size / (width * height * 4));
  if (frames < 1) throw new Error(`${info.type} decoded to no frames`);
  return { file, frames };
}
