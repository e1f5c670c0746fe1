import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { encodeFrames } from '../../test/support/animated-fixtures.ts';
import { tempDir } from '../../test/support/layer-fixtures.ts';
import { AnimationOptionsSchema } from '../spec/collection-spec.ts';
import { cropToVisible } from './crop-to-visible.ts';
import { decodeAnimatedAsset } from './decode-animated-asset.ts';
import { renderTokenAnimation } from './render-animation.ts';
import { createRenderBuffers } from './render-token.ts';

const SIZE = 32;
let work: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  work = await tempDir();
});
afterAll(async () => work.remove());

it('draws a sprite that moves between frames where each frame puts it, over an opaque still background, the same on a later token', async () => {
  // Two frames: a yellow square on the left, then on the right; transparent elsewhere.
  const frames = Buffer.alloc(SIZE * SIZE * 4 * 2);
  for (let frame = 0; frame < 2; frame++) {
    for (let y = 8; y < 24; y++) {
      for (let x = 0; x < 8; x++) {
        const left = frame === 0 ? 4 : 20;
        frames.set([255, 255, 0, 255], ((frame * SIZE + y) * SIZE + left + x) * 4);
      }
    }
  }
  const sprite = await decodeAnimatedAsset({
    bytes: await encodeFrames('gif', frames, SIZE, 2, 500),
    width: SIZE,
    height: SIZE,
    label: 'hop.gif',
    folder: async () => work.dir,
    name: 'hop',
    animation: { fps: 2, limits: { maxFrames: 10, maxSeconds: 10 } },
  });
  const blue = Buffer.alloc(SIZE * SIZE * 4);
  for (let i = 0; i < SIZE * SIZE; i++) blue.set([0, 0, 255, 255], i * 4);
  const render = (file: string) =>
    renderTokenAnimation({
      layers: [
        { image: cropToVisible(blue, SIZE, SIZE), blend: 'normal', opacity: 1 },
        { image: sprite!.pixels, frames: sprite!.frames, blend: 'normal', opacity: 1 },
      ],
      width: SIZE,
      height: SIZE,
      compression: 'fast',
      animation: AnimationOptionsSchema.parse({ format: 'webp', fps: 2, quality: 100 }),
      frames: 2,
      file,
      posterFile: `${file}.png`,
      buffers: createRenderBuffers(SIZE, SIZE),
    });
  const file = path.join(work.dir, 'token.webp');
  await render(file);
  // Again, as on another token of the job: each frame's shape is now known, the same bytes come out.
  const again = path.join(work.dir, 'again.webp');
  await render(again);
  expect(await readFile(again)).toEqual(await readFile(file));
  const { data } = await sharp(file, { animated: true }).raw().toBuffer({ resolveWithObject: true });
  const at = (frame: number, x: number) => {
    const offset = ((frame * SIZE + 16) * SIZE + x) * 4;
    return data[offset]! > 200 && data[offset + 1]! > 200
      ? 'yellow'
      : data[offset + 2]! > 200
        ? 'blue'
        : 'other';
  };
  expect([at(0, 6), at(0, 22), at(1, 6), at(1, 22)]).toEqual(['yellow', 'blue', 'blue', 'yellow']);
});

it('reads only the rows a known frame shows, clearing the rows the last frame showed, on the float path too', async () => {
  // A square at the top, then at the bottom, over a half-transparent base (so every layer is drawn
  // pixel by pixel): on a later token, frame 1 must not keep frame 0's square.
  const frames = Buffer.alloc(SIZE * SIZE * 4 * 2);
  for (let frame = 0; frame < 2; frame++) {
    for (let y = 0; y < 8; y++) {
      for (let x = 12; x < 20; x++) {
        const top = frame === 0 ? 2 : 22;
        frames.set([255, 0, 0, 255], ((frame * SIZE + top + y) * SIZE + x) * 4);
      }
    }
  }
  const sprite = await decodeAnimatedAsset({
    bytes: await encodeFrames('gif', frames, SIZE, 2, 500),
    width: SIZE,
    height: SIZE,
    label: 'drop.gif',
    folder: async () => work.dir,
    name: 'drop',
    animation: { fps: 2, limits: { maxFrames: 10, maxSeconds: 10 } },
  });
  const base = Buffer.alloc(SIZE * SIZE * 4);
  for (let i = 0; i < SIZE * SIZE; i++) base.set([0, 0, 255, 128], i * 4);
  const render = (file: string) =>
    renderTokenAnimation({
      layers: [
        { image: cropToVisible(base, SIZE, SIZE), blend: 'normal', opacity: 1 },
        { image: sprite!.pixels, frames: sprite!.frames, blend: 'normal', opacity: 1 },
      ],
      width: SIZE,
      height: SIZE,
      compression: 'fast',
      animation: AnimationOptionsSchema.parse({ format: 'webp', fps: 2, quality: 100 }),
      frames: 2,
      file,
      posterFile: `${file}.png`,
      buffers: createRenderBuffers(SIZE, SIZE),
    });
  const first = path.join(work.dir, 'drop-1.webp');
  const later = path.join(work.dir, 'drop-2.webp');
  await render(first);
  await render(later);
  expect(await readFile(later)).toEqual(await readFile(first));
  const { data } = await sharp(later, { animated: true }).raw().toBuffer({ resolveWithObject: true });
  const red = (frame: number, y: number) => data[((frame * SIZE + y) * SIZE + 16) * 4]! > 200;
  expect([red(0, 5), red(0, 25), red(1, 5), red(1, 25)]).toEqual([true, false, false, true]);
});
