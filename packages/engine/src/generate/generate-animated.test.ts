import { execFile } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedFixture, type Rgba } from '../../test/support/animated-fixtures.ts';
import { tempDir } from '../../test/support/layer-fixtures.ts';
import { AnimationTooLongError } from '../errors/animation-errors.ts';
import { createFolderSink } from '../output/folder-sink.ts';
import { generateCollection } from './generate-collection.ts';

const RED: Rgba = [255, 0, 0, 255];
const BLUE: Rgba = [0, 0, 255, 255];
const GREEN: Rgba = [0, 255, 0, 255];
const YELLOW: Rgba = [255, 255, 0, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const SIZE = 32;

let work: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  work = await tempDir();
  // Background: an MP4 of one second (red, then blue); top: a GIF of half a second covering the
  // right half (green, then yellow), so it loops twice per token; and a still PNG trait.
  await writeFile(path.join(work.dir, 'back.mp4'), await animatedFixture('mp4', SIZE, [RED, BLUE], 500));
  await writeFile(
    path.join(work.dir, 'top.gif'),
    await animatedFixture('gif', SIZE, [GREEN, YELLOW], 250, 'right'),
  );
  await sharp({
    create: { width: SIZE, height: SIZE, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } },
  })
    .png()
    .toFile(path.join(work.dir, 'white.png'));
});
afterAll(async () => work.remove());

function spec(animation: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    name: 'Motion',
    size: 2,
    width: SIZE,
    height: SIZE,
    seed: 'same',
    layers: [
      {
        name: 'Back',
        traits: [
          { name: 'Film', asset: 'back.mp4' },
          { name: 'Paper', asset: 'white.png' },
        ],
      },
      { name: 'Top', traits: [{ name: 'Blink', asset: 'top.gif' }] },
    ],
    output: {
      baseUri: 'https://cdn.example/images',
      animation,
      solana: { sellerFeeBasisPoints: 0, creators: [{ address: 'Abc', share: 100 }] },
    },
    ...extra,
  };
}

async function generate(
  out: string,
  animation: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return generateCollection({
    spec: spec(animation, extra),
    baseDir: work.dir,
    sink: createFolderSink(out),
    threads: 1,
    overwrite: true,
  });
}

/** Every frame of an animated WebP or GIF, decoded. */
async function frames(file: string): Promise<{ left: number[]; right: number[] }[]> {
  const { data, info } = await sharp(file, { animated: true }).raw().toBuffer({ resolveWithObject: true });
  const pages = info.pageHeight ? info.height / info.pageHeight : 1;
  const height = info.pageHeight ?? info.height;
  const pixel = (page: number, x: number) => {
    const offset = ((page * height + height / 2) * info.width + x) * info.channels;
    return [...data.subarray(offset, offset + 3)];
  };
  return Array.from({ length: pages }, (_, page) => ({
    left: pixel(page, 4),
    right: pixel(page, info.width - 4),
  }));
}

const near = (actual: number[], expected: Rgba) =>
  actual.every((value, index) => Math.abs(value - expected[index]!) <= 40);

/** The edition whose background is the film (the plan decides which one). */
async function filmEdition(out: string): Promise<number> {
  for (const edition of [1, 2]) {
    const metadata = JSON.parse(await readFile(path.join(out, 'metadata', `${edition}.json`), 'utf8'));
    if (metadata.attributes.some((attribute: { value: string }) => attribute.value === 'Film'))
      return edition;
  }
  throw new Error('no token has the film background');
}

describe('generateCollection with animated layers', () => {
  it('aligns layers by time, loops the shorter one, and writes a WebP, a PNG poster and both in the metadata', async () => {
    const out = path.join(work.dir, 'webp');
    await generate(out, { format: 'webp', fps: 4, quality: 100 });
    const film = await filmEdition(out);
    const paper = 3 - film;
    // Four frames at 4 fps over the film's second: the film changes at 0.5 s, the GIF every 0.25 s.
    const seen = await frames(path.join(out, 'images', `${film}.webp`));
    expect(seen).toHaveLength(4);
    const expected: [Rgba, Rgba][] = [
      [RED, GREEN],
      [RED, YELLOW],
      [BLUE, GREEN],
      [BLUE, YELLOW],
    ];
    expect(
      seen.map(
        (frame, index) => near(frame.left, expected[index]![0]) && near(frame.right, expected[index]![1]),
      ),
    ).toEqual([true, true, true, true]);
    // A token whose only animated layer is the GIF plays that (two frames), over the still paper.
    const paperFrames = await frames(path.join(out, 'images', `${paper}.webp`));
    expect(paperFrames).toHaveLength(2);
    expect(near(paperFrames[0]!.left, WHITE) && near(paperFrames[1]!.right, YELLOW)).toBe(true);

    const poster = await sharp(path.join(out, 'images', `${film}.png`))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(poster.info.format).toBe('raw');
    expect(near([...poster.data.subarray(0, 3)], RED)).toBe(true);
    const metadata = JSON.parse(await readFile(path.join(out, 'metadata', `${film}.json`), 'utf8'));
    expect(metadata).toMatchObject({
      image: `https://cdn.example/images/${film}.png`,
      animation_url: `https://cdn.example/images/${film}.webp`,
    });
    const solana = JSON.parse(await readFile(path.join(out, 'solana', `${film}.json`), 'utf8'));
    expect(solana.properties.files).toEqual([
      { uri: `${film}.png`, type: 'image/png' },
      { uri: `${film}.webp`, type: 'image/webp' },
    ]);
    expect(solana.animation_url).toBe(`${film}.webp`);
    // No frame files are left behind in the output.
    expect((await readdir(path.join(out, 'images'))).sort()).toEqual(['1.png', '1.webp', '2.png', '2.webp']);
  });

  it('plays every token for a set duration and uses the chosen frame as poster', async () => {
    const out = path.join(work.dir, 'duration');
    await generate(out, { format: 'gif', fps: 4, durationSeconds: 2, posterFrame: 2 });
    const film = await filmEdition(out);
    const seen = await frames(path.join(out, 'images', `${film}.gif`));
    expect(seen).toHaveLength(8);
    expect(near(seen[6]!.left, BLUE) && near(seen[4]!.left, RED)).toBe(true);
    const poster = await sharp(path.join(out, 'images', `${film}.png`))
      .raw()
      .toBuffer();
    expect(near([...poster.subarray(0, 3)], BLUE)).toBe(true);
  });

  it.each(['webp', 'gif', 'mp4'])('gives the same bytes for the same seed in %s', async (format) => {
    const first = path.join(work.dir, `same-${format}-1`);
    const second = path.join(work.dir, `same-${format}-2`);
    await generate(first, { format, fps: 6 });
    await generate(second, { format, fps: 6 });
    for (const edition of [1, 2]) {
      for (const name of [`images/${edition}.${format}`, `images/${edition}.png`]) {
        expect(await readFile(path.join(second, name)), name).toEqual(await readFile(path.join(first, name)));
      }
    }
  });

  it('writes MP4 as H.264 in yuv420p with the index first (+faststart), and resumes after a stop', async () => {
    const out = path.join(work.dir, 'same-mp4-1');
    const { stdout } = await promisify(execFile)('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,pix_fmt,nb_frames',
      '-of',
      'json',
      path.join(out, 'images', '1.mp4'),
    ]);
    expect(JSON.parse(stdout).streams[0]).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p' });
    const bytes = await readFile(path.join(out, 'images', '1.mp4'));
    expect(bytes.indexOf('moov')).toBeGreaterThan(0);
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));

    // A job stopped after token 1: token 2's metadata is gone, so a re-run renders token 2 only.
    const before = await readFile(path.join(out, 'images', '2.mp4'));
    await rm(path.join(out, 'metadata', '2.json'));
    await rm(path.join(out, 'images', '2.mp4'));
    const resumed = await generateCollection({
      spec: spec({ format: 'mp4', fps: 6 }),
      baseDir: work.dir,
      sink: createFolderSink(out),
      threads: 1,
    });
    expect(resumed).toMatchObject({ rendered: 1, resumed: 1 });
    expect(await readFile(path.join(out, 'images', '2.mp4'))).toEqual(before);
  });

  it('keeps memory bounded: peak RSS does not grow with the number of tokens', async () => {
    // 3 layers × 2 traits of 16 frames each, at 128²; a job of 2 tokens against one of 10.
    const size = 128;
    const colours: Rgba[] = Array.from({ length: 16 }, (_, frame) => [
      frame * 15,
      255 - frame * 15,
      128,
      255,
    ]);
    const layers: { name: string; traits: { name: string; asset: string }[] }[] = [];
    for (let layer = 0; layer < 3; layer++) {
      const traits = [];
      for (let trait = 0; trait < 2; trait++) {
        const file = `mem-${layer}-${trait}.gif`;
        const shifted = colours.map(
          ([r, g, b, a]) => [r, (g + trait * 90) % 256, (b + layer * 60) % 256, a] as Rgba,
        );
        await writeFile(
          path.join(work.dir, file),
          await animatedFixture('gif', size, shifted, 80, layer ? 'right' : 'full'),
        );
        traits.push({ name: `T${trait}`, asset: file });
      }
      layers.push({ name: `L${layer}`, traits });
    }
    const peakGrowth = async (tokens: number) => {
      const out = path.join(work.dir, `mem-${tokens}`);
      const base = process.memoryUsage().rss;
      let peak = base;
      const timer = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 5);
      try {
        await generateCollection({
          spec: {
            name: 'Memory',
            size: tokens,
            width: size,
            height: size,
            layers,
            output: { animation: { fps: 12 } },
          },
          baseDir: work.dir,
          sink: createFolderSink(out),
          threads: 1,
        });
      } finally {
        clearInterval(timer);
      }
      await rm(out, { recursive: true, force: true });
      return peak - base;
    };
    await peakGrowth(1); // warms up the worker code, so neither measured job pays for it
    const small = await peakGrowth(2);
    const large = await peakGrowth(8);
    console.info(
      `peak RSS growth: 2 tokens ${(small / 2 ** 20).toFixed(1)} MiB, 8 tokens ${(large / 2 ** 20).toFixed(1)} MiB`,
    );
    expect(large - small).toBeLessThan(24 * 2 ** 20);
  }, 120_000);

  it('refuses a set duration over the plan limit before decoding anything', async () => {
    await expect(
      generateCollection({
        spec: spec({ format: 'webp', fps: 12, durationSeconds: 5 }),
        baseDir: work.dir,
        sink: createFolderSink(path.join(work.dir, 'limit')),
        animationLimits: { maxFrames: 48, maxSeconds: 10 },
      }),
    ).rejects.toThrow(
      new AnimationTooLongError('The animation', '60 frames at 12 fps, at most 48 are allowed'),
    );
  });
});
