import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app.ts';
import {
  dialogSettled,
  launchBrowser,
  openPage,
  screenshot,
  screenshotDir,
  seriousAxeViolations,
  signIn,
  testAdmin,
  viewports,
} from './support/browser.ts';
import { callInPage, waitUntilReady } from './support/in-page.ts';

const SIZE = 64;

/** An MP4 (H.264) of ffmpeg's test pattern, one second at 10 fps. */
async function filmMp4(folder: string): Promise<Buffer> {
  const file = join(folder, 'film.mp4');
  await promisify(execFile)('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${SIZE}x${SIZE}:rate=10:duration=1`,
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-y',
    file,
  ]);
  return readFile(file);
}

/** An animated GIF of a square hopping left and right on transparency, 250 ms a frame. */
function hopGif(): Promise<Buffer> {
  const frames = Buffer.alloc(SIZE * SIZE * 4 * 2);
  for (let frame = 0; frame < 2; frame++) {
    for (let y = 20; y < 44; y++) {
      for (let x = 0; x < 24; x++) {
        const left = frame === 0 ? 8 : 32;
        frames.set([250, 204, 21, 255], ((frame * SIZE + y) * SIZE + left + x) * 4);
      }
    }
  }
  return sharp(frames, { raw: { width: SIZE, height: SIZE * 2, channels: 4, pageHeight: SIZE } })
    .gif({ delay: [250, 250], loop: 0 })
    .toBuffer();
}

/** Animated and video layers: uploaded in the editor, previewed playing, generated, played on the token page. */
describe('Generate NFT: animated and video layers', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let folder: string;
  let projectId: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'layerloom-e2e-animated-'));
    [app, browser] = await Promise.all([
      startApp({ ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password }),
      launchBrowser(),
    ]);
    ({ context, page } = await openPage(browser, app.url));
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto('/dashboard');
    const created = await callInPage(page, '/api/v1/projects', 'POST', {
      name: 'Hopping Films',
      description: 'A film with a hopping square',
      collectionSize: 1,
      width: SIZE,
      height: SIZE,
    });
    projectId = created.json.data.project.id;
    await callInPage(page, `/api/v1/projects/${projectId}`, 'PATCH', {
      layers: [{ name: 'Film' }, { name: 'Hop' }],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('uploads an MP4 and a GIF layer, previews them playing, chooses MP4 at 8 fps, generates, and plays the token on its page', async () => {
    await page.goto(`/dashboard/nft?project=${projectId}`);
    await page.getByRole('heading', { name: 'Generate NFT' }).waitFor();
    const fileInput = page.locator('.ll-gen-layer-editor input[type=file]');
    const uploads = [
      {
        layer: 'Film',
        file: { name: 'Test Card.mp4', mimeType: 'video/mp4', buffer: await filmMp4(folder) },
      },
      { layer: 'Hop', file: { name: 'Square.gif', mimeType: 'image/gif', buffer: await hopGif() } },
    ];
    for (const { layer, file } of uploads) {
      await page.getByRole('button', { name: new RegExp(`^${layer}`) }).click();
      await page.getByRole('heading', { name: `Layer: ${layer}` }).waitFor();
      await expect.poll(() => fileInput.isEnabled()).toBe(true);
      await fileInput.setInputFiles([file]);
      await page.getByText('Images:1').waitFor({ timeout: 15_000 });
    }
    // The GIF is an <img> the browser animates; the video plays muted in a loop.
    await page.getByRole('img', { name: 'Square' }).waitFor();
    await page.getByRole('button', { name: /^Film/ }).click();
    const video = page.getByTestId('trait-video');
    await video.waitFor();
    // Browsers play muted autoplaying videos only while they are on screen.
    await video.scrollIntoViewIfNeeded();
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0);

    // Animation settings: shown once a trait moves. MP4 at 8 fps for the film's second.
    const settings = page.locator('.ll-gen-area-animation');
    await settings.getByRole('heading', { name: 'Animation' }).waitFor();
    await expect
      .poll(() => settings.getByTestId('animation-summary').textContent())
      .toBe(
        'Each token plays up to 1 s · 12 frames at 12 fps, with a PNG poster of frame 0 (at 0 s). The Free plan allows 5 s and 60 frames.',
      );
    await settings.getByRole('radio', { name: /^MP4/ }).check();
    const fps = settings.getByLabel('Frame rate');
    await fps.fill('8');
    await fps.blur();
    await expect
      .poll(() => settings.getByTestId('animation-summary').textContent())
      .toContain('8 frames at 8 fps');
    expect(await seriousAxeViolations(page)).toEqual([]);
    for (const viewport of ['desktop', 'tablet', 'phone'] as const) {
      await page.setViewportSize(viewports[viewport]);
      await settings.scrollIntoViewIfNeeded();
      await settings.screenshot({
        path: join(screenshotDir, `animation-settings-${viewport}-${viewports[viewport].width}.png`),
      });
    }
    await page.setViewportSize(viewports.desktop);

    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const done = page.getByRole('dialog', { name: 'NFT Collection Generated Successfully' });
    await done.waitFor({ timeout: 30_000 });
    await dialogSettled(page);
    await done.getByRole('button', { name: 'Open collection' }).click();
    await page.waitForURL(/\/dashboard\/collections\/[^/]+$/);
    const collectionId = page.url().split('/').pop()!;
    await waitUntilReady(page, collectionId);

    await page.goto(`/dashboard/collections/${collectionId}/tokens/1`);
    const animation = page.getByTestId('token-animation');
    await animation.waitFor();
    expect(await animation.getAttribute('src')).toBe(`/api/v1/collections/${collectionId}/images/1.mp4`);
    expect(await animation.getAttribute('poster')).toBe(`/api/v1/collections/${collectionId}/images/1.png`);
    await animation.scrollIntoViewIfNeeded();
    await expect
      .poll(() => animation.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0);
    const movie = join(folder, 'token.mp4');
    const file = await context.request.get(`${app.url}/api/v1/collections/${collectionId}/images/1.mp4`);
    await writeFile(movie, await file.body());
    const { stdout } = await promisify(execFile)('ffprobe', [
      '-v',
      'error',
      '-count_frames',
      '-show_entries',
      'stream=codec_name,pix_fmt,nb_read_frames',
      '-of',
      'csv=p=0',
      movie,
    ]);
    expect(stdout.trim()).toBe('h264,yuv420p,8');
    await page.getByRole('link', { name: 'Animation file (1.mp4)' }).waitFor();
    await page.getByRole('link', { name: 'Poster file (1.png)' }).waitFor();

    expect(await seriousAxeViolations(page)).toEqual([]);
    for (const viewport of ['desktop', 'tablet', 'phone'] as const) {
      await page.setViewportSize(viewports[viewport]);
      await screenshot(page, `token-animation-${viewport}`);
    }
  });
});
