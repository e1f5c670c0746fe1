import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFiles } from '../../../test/support/multipart.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createUserAndLogin, type LoggedInUser } from '../../../test/support/users.ts';

let work: string;

/** A file `name` made by ffmpeg from a lavfi `source`, with the given output arguments. */
async function ffmpegFile(name: string, source: string, output: string[]): Promise<Buffer> {
  const file = path.join(work, name);
  await promisify(execFile)('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', source, ...output, '-y', file]);
  return readFile(file);
}

/** A clip of ffmpeg's test pattern: `seconds` long at `fps` (default 10), 48², with the given output arguments. */
function clip(name: string, seconds: number, output: string[], fps = 10): Promise<Buffer> {
  return ffmpegFile(name, `testsrc=size=48x48:rate=${fps}:duration=${seconds}`, output);
}

const H264 = ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-f', 'mp4'];

describe('animated and video trait uploads', () => {
  let test: TestApp;
  let alice: LoggedInUser;
  let projectId: string;
  let layerId: string;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'layerloom-animated-uploads-'));
    test = await createTestApp('sqlite');
    alice = await createUserAndLogin(test.app);
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: { cookie: alice.cookie },
      payload: { name: 'Moving Cats', description: '', collectionSize: 4, width: 48, height: 48 },
    });
    projectId = created.json().data.project.id;
    const patched = await test.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${projectId}`,
      headers: { cookie: alice.cookie },
      payload: { layers: [{ name: 'Back' }] },
    });
    layerId = patched.json().data.project.layers[0].id;
  });
  afterAll(async () => {
    await test?.close();
    await rm(work, { recursive: true, force: true });
  });

  const upload = (files: { filename: string; bytes: Uint8Array }[]) => {
    const body = multipartFiles(files);
    return test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${projectId}/layers/${layerId}/traits`,
      headers: { cookie: alice.cookie, ...body.headers },
      payload: body.payload,
    });
  };

  it('accepts animated GIF, WebP and APNG and MP4, MOV and WebM videos, with their frames, duration and a first-frame thumbnail', async () => {
    const strip = Buffer.from(
      Array.from(
        { length: 48 * 48 * 4 * 3 },
        (_, index) => (index * 37 + Math.floor(index / 9216) * 80) % 256,
      ),
    );
    const raw = { raw: { width: 48, height: 48 * 3, channels: 4 as const, pageHeight: 48 } };
    const files = [
      { filename: 'Spin.gif', bytes: await clip('spin.gif', 1, ['-f', 'gif']) },
      {
        filename: 'Glow.webp',
        bytes: await sharp(strip, raw)
          .webp({ delay: [100, 100, 100], loop: 0 })
          .toBuffer(),
      },
      { filename: 'Pulse.png', bytes: await clip('pulse.png', 0.5, ['-f', 'apng', '-plays', '0']) },
      { filename: 'Film#3.mp4', bytes: await clip('film.mp4', 1, H264) },
      {
        filename: 'Reel.mov',
        bytes: await clip('reel.mov', 1, ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-f', 'mov']),
      },
      { filename: 'Wave.webm', bytes: await clip('wave.webm', 1, ['-c:v', 'libvpx-vp9', '-f', 'webm']) },
    ];
    const response = await upload(files);
    expect(response.statusCode, response.body).toBe(201);
    const added = response.json().data.added as {
      id: string;
      name: string;
      weight: number;
      image: { contentType: string; width: number; animation?: { frames: number; durationMs: number } };
    }[];
    expect(
      added.map((trait) => [
        trait.name,
        trait.weight,
        trait.image.contentType,
        trait.image.animation?.frames,
      ]),
    ).toEqual([
      ['Spin', 1, 'image/gif', 10],
      ['Glow', 1, 'image/webp', 3],
      ['Pulse', 1, 'image/apng', 5],
      ['Film', 3, 'video/mp4', 10],
      ['Reel', 1, 'video/quicktime', 10],
      ['Wave', 1, 'video/webm', 10],
    ]);
    expect(added[3]!.image.animation!.durationMs).toBe(1000);

    const video = await test.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${projectId}/traits/${added[3]!.id}/image`,
      headers: { cookie: alice.cookie },
    });
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.rawPayload).toEqual(files[3]!.bytes);
    const thumbnail = await test.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${projectId}/traits/${added[3]!.id}/thumbnail`,
      headers: { cookie: alice.cookie },
    });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/png');
    const meta = await sharp(thumbnail.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 48, 48]);

    const someoneElse = await createUserAndLogin(test.app);
    const foreign = await test.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${projectId}/traits/${added[3]!.id}/thumbnail`,
      headers: { cookie: someoneElse.cookie },
    });
    expect(foreign.statusCode).toBe(404);
  }, 90_000);

  it('refuses, with a 400 saying why and nothing stored, videos over the plan limits, unsupported codecs, files without video, disguised and broken files', async () => {
    const before = await test.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${projectId}`,
      headers: { cookie: alice.cookie },
    });
    const traitsBefore = before.json().data.project.layers[0].traits;
    const mp4 = await clip('ok.mp4', 1, H264);
    const cases: [string, Uint8Array, string][] = [
      [
        'Long.mp4',
        await clip('long.mp4', 6, H264),
        'Long.mp4 plays 6 s: the Free plan allows animations up to 5 s',
      ],
      [
        'Many.gif',
        await clip('many.gif', 4, ['-f', 'gif'], 25),
        'Many.gif has 100 frames: the Free plan allows animations up to 60 frames',
      ],
      [
        'Jpeg.mp4',
        await clip('mjpeg.mp4', 1, ['-c:v', 'mjpeg', '-pix_fmt', 'yuvj420p', '-f', 'mp4']),
        'Jpeg.mp4 cannot be used: the mjpeg codec is not supported (use H.264, VP8, VP9, AV1 or HEVC)',
      ],
      [
        'Sound.mp4',
        await ffmpegFile('sound.mp4', 'sine=duration=1', ['-c:a', 'aac']),
        'Sound.mp4 cannot be used: it holds no video stream',
      ],
      ['Fake.gif', mp4, 'File type is not supported: Fake.gif is not really a GIF image'],
      [
        'Clip.avi',
        mp4,
        'File type is not supported: Clip.avi (use JPEG, PNG, GIF, WebP, APNG, MP4, MOV or WebM)',
      ],
      ['Cut.mp4', mp4.subarray(0, 200), 'Cut.mp4 is corrupt or truncated and cannot be read'],
    ];
    for (const [filename, bytes, message] of cases) {
      const response = await upload([{ filename, bytes }]);
      expect([filename, response.statusCode, response.json().error?.message ?? response.body]).toEqual([
        filename,
        400,
        message,
      ]);
    }
    const after = await test.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${projectId}`,
      headers: { cookie: alice.cookie },
    });
    expect(after.json().data.project.layers[0].traits).toEqual(traitsBefore);
  }, 90_000);

  it('generates an animated collection from a GIF and an MP4 layer: each token an animated WebP beside its PNG poster, linked in its metadata', async () => {
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: { cookie: alice.cookie },
      payload: { name: 'Film Cats', description: '', collectionSize: 2, width: 48, height: 48 },
    });
    const id = created.json().data.project.id;
    const patched = await test.app.inject({
      method: 'PATCH',
      url: `/api/v1/projects/${id}`,
      headers: { cookie: alice.cookie },
      payload: { layers: [{ name: 'Back' }, { name: 'Top' }] },
    });
    const [back, top] = patched.json().data.project.layers as { id: string }[];
    const send = async (layer: string, files: { filename: string; bytes: Uint8Array }[]) => {
      const body = multipartFiles(files);
      const response = await test.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${id}/layers/${layer}/traits`,
        headers: { cookie: alice.cookie, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    await send(back!.id, [{ filename: 'Film.mp4', bytes: await clip('back.mp4', 1, H264) }]);
    await send(top!.id, [
      { filename: 'Spin.gif', bytes: await clip('top.gif', 0.5, ['-f', 'gif']) },
      {
        filename: 'Still.png',
        bytes: await sharp({ create: { width: 48, height: 48, channels: 4, background: '#ff000080' } })
          .png()
          .toBuffer(),
      },
    ]);
    const started = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/generate`,
      headers: { cookie: alice.cookie },
    });
    expect(started.statusCode, started.body).toBe(202);
    const collectionId = started.json().data.collection.id;
    await expect
      .poll(
        async () => {
          const response = await test.app.inject({
            method: 'GET',
            url: `/api/v1/collections/${collectionId}`,
            headers: { cookie: alice.cookie },
          });
          return response.json().data.collection.progress.status;
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe('ready');
    const tokens = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}/tokens`,
      headers: { cookie: alice.cookie },
    });
    const list = tokens.json().data.tokens as { edition: number; image: string; animation?: string }[];
    expect(list.map((token) => [token.image, token.animation])).toEqual(
      [1, 2].map((edition) => [
        `/api/v1/collections/${collectionId}/images/${edition}.png`,
        `/api/v1/collections/${collectionId}/images/${edition}.webp`,
      ]),
    );
    const animation = await test.app.inject({
      method: 'GET',
      url: list[0]!.animation!,
      headers: { cookie: alice.cookie },
    });
    expect(animation.headers['content-type']).toBe('image/webp');
    // The film's second at 12 fps (the encoder merges repeated frames into longer ones).
    const played = await sharp(animation.rawPayload, { animated: true }).metadata();
    expect(played.pages).toBeGreaterThan(1);
    // 12 frames of 83⅓ ms, rounded to whole milliseconds.
    expect(Math.abs(played.delay!.reduce((sum, delay) => sum + delay, 0) - 1000)).toBeLessThanOrEqual(12);
    const metadata = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}/metadata/1.json`,
      headers: { cookie: alice.cookie },
    });
    expect(metadata.json()).toMatchObject({
      image: expect.stringMatching(/\/1\.png$/),
      animation_url: expect.stringMatching(/\/1\.webp$/),
    });
    const missing = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}/images/1.mp4`,
      headers: { cookie: alice.cookie },
    });
    expect(missing.statusCode).toBe(404);
  }, 90_000);

  it('renders with the project animation settings: MP4 at the chosen rate and length, refused past the plan before any job', async () => {
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/v1/projects',
      headers: { cookie: alice.cookie },
      payload: { name: 'Reel Cats', description: '', collectionSize: 2, width: 48, height: 48 },
    });
    const id = created.json().data.project.id;
    expect(created.json().data.project.animation).toEqual({
      format: 'webp',
      fps: 12,
      durationSeconds: null,
      posterFrame: 0,
      dither: 'sierra2_4a',
    });
    const patch = (payload: Record<string, unknown>) =>
      test.app.inject({
        method: 'PATCH',
        url: `/api/v1/projects/${id}`,
        headers: { cookie: alice.cookie },
        payload,
      });
    const [back] = (await patch({ layers: [{ name: 'Back' }] })).json().data.project.layers as {
      id: string;
    }[];
    const body = multipartFiles([
      { filename: 'Film.mp4', bytes: await clip('reel-a.mp4', 2, H264) },
      { filename: 'Dusk.mp4', bytes: await clip('reel-b.mp4', 1, H264, 5) },
    ]);
    const uploaded = await test.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${id}/layers/${back!.id}/traits`,
      headers: { cookie: alice.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);

    // Out of range: refused with the field, nothing saved.
    const tooFast = await patch({ animation: { format: 'mp4', fps: 31 } });
    expect(tooFast.statusCode).toBe(400);
    expect(tooFast.json().error.fields).toEqual([
      { path: 'animation.fps', message: 'Frame rate is at most 30 fps' },
    ]);
    const unknown = await patch({ animation: { format: 'avi' } });
    expect(unknown.statusCode).toBe(400);
    const generate = () =>
      test.app.inject({
        method: 'POST',
        url: `/api/v1/projects/${id}/generate`,
        headers: { cookie: alice.cookie },
      });

    // The Free plan: 5 s and 60 frames. 2 s at 30 fps is 60 frames (fits), 6 s is too long, 3 s at 30 fps too many.
    expect((await patch({ animation: { fps: 30, durationSeconds: 6 } })).statusCode).toBe(200);
    const tooLong = await generate();
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(
      'Tokens would play 6 s: the Free plan allows animations up to 5 s. Set a shorter duration.',
    );
    expect((await patch({ animation: { fps: 30, durationSeconds: 3 } })).statusCode).toBe(200);
    const tooMany = await generate();
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields).toEqual([
      {
        path: 'animation.fps',
        message:
          'Tokens would have 90 frames (3 s at 30 fps): the Free plan allows 60. Lower the frame rate to 20 fps or set a shorter duration.',
      },
    ]);
    const listed = await test.app.inject({
      method: 'GET',
      url: '/api/v1/collections',
      headers: { cookie: alice.cookie },
    });
    expect(JSON.stringify(listed.json().data)).not.toContain('Reel Cats');

    const settings = { format: 'mp4', fps: 8, durationSeconds: 1.5, posterFrame: 11, dither: 'bayer' };
    const saved = await patch({ animation: settings });
    expect(saved.json().data.project.animation).toEqual(settings);
    const started = await generate();
    expect(started.statusCode, started.body).toBe(202);
    const collectionId = started.json().data.collection.id;
    await expect
      .poll(
        async () =>
          (
            await test.app.inject({
              method: 'GET',
              url: `/api/v1/collections/${collectionId}`,
              headers: { cookie: alice.cookie },
            })
          ).json().data.collection.progress.status,
        { timeout: 60_000, interval: 100 },
      )
      .toBe('ready');
    const tokens = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}/tokens`,
      headers: { cookie: alice.cookie },
    });
    const list = tokens.json().data.tokens as { edition: number; animation?: string }[];
    expect(list.map((token) => token.animation)).toEqual(
      [1, 2].map((edition) => `/api/v1/collections/${collectionId}/images/${edition}.mp4`),
    );
    for (const token of list) {
      const movie = await test.app.inject({
        method: 'GET',
        url: token.animation!,
        headers: { cookie: alice.cookie },
      });
      expect(movie.headers['content-type']).toBe('video/mp4');
      const file = path.join(work, `reel-${token.edition}.mp4`);
      await writeFile(file, movie.rawPayload);
      const { stdout } = await promisify(execFile)('ffprobe', [
        '-v',
        'error',
        '-count_frames',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=codec_name,pix_fmt,avg_frame_rate,nb_read_frames',
        '-of',
        'json',
        file,
      ]);
      // Both films (2 s and 1 s) play the set 1.5 s: 12 frames at 8 fps, H.264 in yuv420p.
      expect(JSON.parse(stdout).streams[0]).toMatchObject({
        codec_name: 'h264',
        pix_fmt: 'yuv420p',
        avg_frame_rate: '8/1',
        nb_read_frames: '12',
      });
    }
    const metadata = await test.app.inject({
      method: 'GET',
      url: `/api/v1/collections/${collectionId}/metadata/1.json`,
      headers: { cookie: alice.cookie },
    });
    expect(metadata.json().animation_url).toMatch(/\/1\.mp4$/);
  }, 90_000);
});
