import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

/**
 * Containers a fixture can be written in; `mp4-mjpeg` is an MP4 with a codec layers may not use,
 * `m4a` an MP4 holding only sound.
 */
export type FixtureContainer = 'gif' | 'webp' | 'apng' | 'mp4' | 'mov' | 'webm' | 'mp4-mjpeg' | 'm4a';

/** One RGBA colour. */
export type Rgba = readonly [number, number, number, number];

/** Raw RGBA frames of `size²`, each filled with its colour over `region` (transparent elsewhere). */
export function colourFrames(
  size: number,
  colours: readonly Rgba[],
  region: 'full' | 'right' = 'full',
): Buffer {
  const frames = Buffer.alloc(size * size * 4 * colours.length);
  colours.forEach((colour, frame) => {
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        if (region === 'right' && x < size / 2) continue;
        frames.set(colour, ((frame * size + y) * size + x) * 4);
      }
    }
  });
  return frames;
}

/**
 * Writes frames (each `frameMs` long) in a container: GIF and WebP by sharp, APNG and video by
 * ffmpeg (videos drop alpha). Returns the file's bytes.
 */
export async function animatedFixture(
  container: FixtureContainer,
  size: number,
  colours: readonly Rgba[],
  frameMs: number,
  region: 'full' | 'right' = 'full',
): Promise<Buffer> {
  return encodeFrames(container, colourFrames(size, colours, region), size, colours.length, frameMs);
}

/** Encodes `count` raw RGBA frames of `size²` (stacked) in a container, each frame `frameMs` long. */
export async function encodeFrames(
  container: FixtureContainer,
  raw: Buffer,
  size: number,
  count: number,
  frameMs: number,
): Promise<Buffer> {
  const input = { raw: { width: size, height: size * count, channels: 4 as const, pageHeight: size } };
  const delay = Array.from({ length: count }, () => frameMs);
  if (container === 'gif') return sharp(raw, input).gif({ delay, loop: 0 }).toBuffer();
  if (container === 'webp') return sharp(raw, input).webp({ delay, loop: 0, lossless: true }).toBuffer();
  const dir = await mkdtemp(path.join(tmpdir(), 'layerloom-fixture-'));
  try {
    const rawFile = path.join(dir, 'frames.rgba');
    const out = path.join(dir, 'out');
    await writeFile(rawFile, raw);
    const codec: Record<Exclude<FixtureContainer, 'gif' | 'webp'>, string[]> = {
      apng: ['-f', 'apng', '-plays', '0'],
      mp4: ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-f', 'mp4'],
      mov: ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-f', 'mov'],
      webm: ['-c:v', 'libvpx-vp9', '-pix_fmt', 'yuv420p', '-f', 'webm'],
      'mp4-mjpeg': ['-c:v', 'mjpeg', '-pix_fmt', 'yuvj420p', '-f', 'mp4'],
      m4a: ['-map', '1:a', '-c:a', 'aac', '-t', '0.5', '-f', 'mp4'],
    };
    await promisify(execFile)('ffmpeg', [
      '-v',
      'error',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgba',
      '-s',
      `${size}x${size}`,
      '-framerate',
      `1000/${frameMs}`,
      '-i',
      rawFile,
      ...(container === 'm4a' ? ['-f', 'lavfi', '-i', 'sine=duration=0.5'] : []),
      ...codec[container],
      '-y',
      out,
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
