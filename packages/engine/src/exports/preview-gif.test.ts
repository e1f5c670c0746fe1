import { rm } from 'node:fs/promises';
import sharp from 'sharp';
import { afterEach, expect, it } from 'vitest';
import { writeTestCollection } from '../../test/support/write-test-collection.ts';
import { createPreviewGif } from './preview-gif.ts';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

it('makes a looping GIF of the first tokens, one frame each, at the asked size and delay', async () => {
  const colors = [
    [200, 30, 30],
    [30, 200, 30],
    [30, 30, 200],
    [0, 0, 0],
  ] as const;
  const { dir, source } = await writeTestCollection(colors.map((color) => ({ color, attributes: [] })));
  folders.push(dir);
  const parts: Uint8Array[] = [];
  for await (const chunk of createPreviewGif(source, { count: 3, size: 24, delay: 300 })) parts.push(chunk);
  const gif = Buffer.concat(parts);
  const metadata = await sharp(gif, { animated: true }).metadata();
  expect(metadata).toMatchObject({ format: 'gif', width: 24, pages: 3, pageHeight: 24, loop: 0 });
  expect(metadata.delay).toEqual([300, 300, 300]);
  const frames = await sharp(gif, { animated: true }).raw().toBuffer({ resolveWithObject: true });
  colors.slice(0, 3).forEach((color, frame) => {
    const offset = (frame * 24 * 24 + 12 * 24 + 12) * frames.info.channels;
    const pixel = [...frames.data.subarray(offset, offset + 3)];
    for (const [channel, value] of pixel.entries()) {
      expect(Math.abs(value - color[channel]!)).toBeLessThanOrEqual(8);
    }
  });
});
