import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedFixture, type FixtureContainer, type Rgba } from '../../test/support/animated-fixtures.ts';
import { AnimationTooLongError, UnsupportedMediaError } from '../errors/animation-errors.ts';
import { decodeAnimatedAsset } from './decode-animated-asset.ts';
import { probeMedia } from './probe-media.ts';

const RED: Rgba = [255, 0, 0, 255];
const GREEN: Rgba = [0, 255, 0, 255];
const BLUE: Rgba = [0, 0, 255, 255];
const YELLOW: Rgba = [255, 255, 0, 255];
const SIZE = 32;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'layerloom-decode-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

/** The colour at the centre of frame `frame` of a raw RGBA frame file. */
async function centre(file: string, frame: number): Promise<number[]> {
  const bytes = await readFile(file);
  const offset = frame * SIZE * SIZE * 4 + ((SIZE / 2) * SIZE + SIZE / 2) * 4;
  return [...bytes.subarray(offset, offset + 3)];
}

function near(actual: number[], expected: Rgba): boolean {
  return actual.every((value, index) => Math.abs(value - expected[index]!) <= 48);
}

describe('decodeAnimatedAsset', () => {
  const containers: { container: FixtureContainer; type: string }[] = [
    { container: 'gif', type: 'gif' },
    { container: 'webp', type: 'webp' },
    { container: 'apng', type: 'apng' },
    { container: 'mp4', type: 'mp4' },
    { container: 'mov', type: 'mov' },
    { container: 'webm', type: 'webm' },
  ];
  it.each(containers)(
    'resamples a $container layer onto the output frame rate by time',
    async ({ container, type }) => {
      // Four 250 ms frames played at 8 fps: each source frame shows for two output frames.
      const bytes = await animatedFixture(container, SIZE, [RED, GREEN, BLUE, YELLOW], 250);
      const info = await probeMedia(bytes, `layer.${container}`);
      expect(info).toMatchObject({ type, animated: true, width: SIZE, height: SIZE, frames: 4 });
      expect(info.durationMs).toBeGreaterThanOrEqual(950);
      expect(info.durationMs).toBeLessThanOrEqual(1050);

      const decoded = await decodeAnimatedAsset({
        bytes,
        width: SIZE,
        height: SIZE,
        label: container,
        folder: async () => dir,
        name: container,
        animation: { fps: 8, limits: { maxFrames: 100, maxSeconds: 10 } },
      });
      expect(decoded?.frames?.frames).toBe(8);
      const seen = [];
      for (let frame = 0; frame < 8; frame++) seen.push(await centre(decoded!.frames!.file, frame));
      const expected = [RED, RED, GREEN, GREEN, BLUE, BLUE, YELLOW, YELLOW];
      expect(seen.map((colour, index) => near(colour, expected[index]!))).toEqual(expected.map(() => true));
      // The first frame is kept in memory for thumbnails, previews and still output.
      expect(decoded?.pixels.width).toBe(SIZE);
    },
  );

  it('keeps only the first frame of a video layer when the output is still', async () => {
    const bytes = await animatedFixture('mp4', SIZE, [BLUE, RED], 500);
    const decoded = await decodeAnimatedAsset({
      bytes,
      width: 16,
      height: 16,
      label: 'still.mp4',
      folder: async () => dir,
      name: 'still',
    });
    expect(decoded?.frames).toBeUndefined();
    expect(decoded?.pixels).toMatchObject({ width: 16, height: 16 });
    expect(near([...decoded!.pixels.pixels.subarray(0, 3)], BLUE)).toBe(true);
  });

  it('refuses a layer longer than the limits, a codec it does not take and a file without video', async () => {
    const long = await animatedFixture('gif', SIZE, [RED, GREEN, BLUE], 1000);
    const decode = (bytes: Uint8Array, label: string, limits = { maxFrames: 240, maxSeconds: 2 }) =>
      decodeAnimatedAsset({
        bytes,
        width: SIZE,
        height: SIZE,
        label,
        folder: async () => dir,
        name: label,
        animation: { fps: 12, limits },
      });
    await expect(decode(long, 'long.gif')).rejects.toThrow(AnimationTooLongError);
    await expect(decode(long, 'long.gif')).rejects.toThrow(
      'long.gif is too long: it plays 3 s, at most 2 s are allowed',
    );
    await expect(decode(long, 'long.gif', { maxFrames: 24, maxSeconds: 10 })).rejects.toThrow(
      'long.gif is too long: 36 frames at 12 fps, at most 24 are allowed',
    );
    const mjpeg = await animatedFixture('mp4-mjpeg', SIZE, [RED, GREEN], 250);
    await expect(decode(mjpeg, 'clip.mp4')).rejects.toThrow(UnsupportedMediaError);
    await expect(decode(mjpeg, 'clip.mp4')).rejects.toThrow('the mjpeg codec is not supported');
    const sound = await animatedFixture('m4a', SIZE, [RED], 250);
    await expect(decode(sound, 'sound.mp4')).rejects.toThrow('sound.mp4: it holds no video stream');
  });
});
