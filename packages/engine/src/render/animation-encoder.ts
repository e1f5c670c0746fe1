import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { FfmpegMissingError } from '../errors/animation-errors.ts';
import type { AnimationOptions } from '../spec/collection-spec.ts';
import { lastLine } from './run-ffmpeg.ts';

/** An ffmpeg encoder fed raw RGBA frames one at a time. */
export interface AnimationEncoder {
  /** Queues one frame (the bytes are copied); resolves when the encoder can take more. */
  write(frame: Uint8Array): Promise<void>;
  /** Ends the input and waits for the file to be complete. */
  finish(): Promise<void>;
  /** Stops the encoder (on failure); the partial file is the caller's to remove. */
  abort(): void;
}

/** Parameters of `startAnimationEncoder`. */
export interface StartAnimationEncoderParameters {
  animation: Pick<AnimationOptions, 'format' | 'fps' | 'dither' | 'quality'>;
  width: number;
  height: number;
  /** Channels of the frames written: 4 (RGBA) or 3 (RGB, an opaque token). */
  channels?: 3 | 4;
  file: string;
}

/** File extension of each animated output format. */
export const ANIMATION_EXTENSIONS = { webp: 'webp', gif: 'gif', mp4: 'mp4' } as const;
/** MIME type of each animated output format. */
export const ANIMATION_MIME_TYPES = { webp: 'image/webp', gif: 'image/gif', mp4: 'video/mp4' } as const;

/**
 * The ffmpeg arguments that encode raw RGBA on stdin into `file`. Single-threaded and `bitexact`
 * (no encoder version or timestamps in the container), so the same frames give the same bytes:
 * WebP (libwebp, lossy with alpha), GIF (a palette per token from all its frames, dithered as
 * chosen) and MP4 (H.264, yuv420p, `+faststart`; odd sizes padded by one pixel).
 */
export function encoderArguments(parameters: StartAnimationEncoderParameters): string[] {
  const { animation, width, height, file } = parameters;
  const input = [
    '-hide_banner',
    '-v',
    'error',
    '-f',
    'rawvideo',
    '-pix_fmt',
    parameters.channels === 3 ? 'rgb24' : 'rgba',
    '-s',
    `${width}x${height}`,
    '-framerate',
    String(animation.fps),
    '-i',
    'pipe:0',
    '-threads',
    '1',
    '-fflags',
    '+bitexact',
    '-flags:v',
    '+bitexact',
    '-map_metadata',
    '-1',
  ];
  const quality = String(animation.quality);
  if (animation.format === 'webp') {
    return [...input, '-c:v', 'libwebp_anim', '-quality', quality, '-loop', '0', '-f', 'webp', '-y', file];
  }
  if (animation.format === 'gif') {
    const dither = animation.dither === 'none' ? 'none' : animation.dither;
    return [
      ...input,
      '-filter_complex',
      `split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=${dither}`,
      '-loop',
      '0',
      '-f',
      'gif',
      '-y',
      file,
    ];
  }
  // CRF from quality: 100 → 12 (near lossless), 0 → 40.
  const crf = String(Math.round(40 - (animation.quality * 28) / 100));
  return [
    ...input,
    '-vf',
    'pad=ceil(iw/2)*2:ceil(ih/2)*2',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    crf,
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    '-y',
    file,
  ];
}

/** Starts ffmpeg encoding an animation into `file`. */
export function startAnimationEncoder(parameters: StartAnimationEncoderParameters): AnimationEncoder {
  const child = spawn('ffmpeg', encoderArguments(parameters), { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  let failure: Error | undefined;
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  child.on('error', (error) => {
    failure ??= new FfmpegMissingError({ cause: error });
  });
  // A broken pipe (ffmpeg exited) surfaces through the exit code below.
  child.stdin.on('error', () => {});
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    async write(frame) {
      if (failure) throw failure;
      if (!child.stdin.write(Buffer.from(frame))) {
        await Promise.race([once(child.stdin, 'drain'), exited]);
      }
      if (failure) throw failure;
    },
    async finish() {
      child.stdin.end();
      const code = await exited;
      if (failure) throw failure;
      if (code !== 0)
        throw new Error(`ffmpeg could not encode the animation: ${lastLine(stderr) || `code ${code}`}`);
    },
    abort() {
      child.kill('SIGKILL');
    },
  };
}
