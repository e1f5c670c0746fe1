import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app.ts';
import {
  launchBrowser,
  openPage,
  screenshot,
  seriousAxeViolations,
  signIn,
  testAdmin,
  type ViewportName,
  viewports,
} from './support/browser.ts';
import { callInPage, startSampleCollection } from './support/in-page.ts';

const TITLE = 'Blob Club: the first drop';
const LINKS = {
  website: 'https://blobclub.example/',
  x: 'https://x.com/blobclub',
  discord: 'https://discord.gg/blobclub',
};
const ACCENT = '#e4572e';
const ACCENT_RGB = 'rgb(228, 87, 46)';

/** A banner the creator made: a wide two-colour image, as a PNG file. */
async function bannerFile() {
  const half = { width: 1200, height: 400, channels: 3 as const };
  const buffer = await sharp({ create: { ...half, width: 2400, background: '#1d3557' } })
    .composite([{ input: { create: { ...half, background: ACCENT } }, left: 1200, top: 0 }])
    .png()
    .toBuffer();
  return { name: 'blob-banner.png', mimeType: 'image/png', buffer };
}

async function logoFile() {
  const buffer = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ffd400' } })
    .png()
    .toBuffer();
  return { name: 'blob-logo.png', mimeType: 'image/png', buffer };
}

describe('the mint page editor', () => {
  let app: RunningApp;
  let browser: Browser;
  let creator: Page;
  let collectionId: string;
  let slug: string;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startApp({ ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password }),
      launchBrowser(),
    ]);
    const owner = await openPage(browser, app.url);
    creator = owner.page;
    await signIn(owner.context, testAdmin.email, testAdmin.password);
    await creator.goto('/dashboard');
    collectionId = await startSampleCollection(creator, {
      name: 'Blob Club',
      description: 'Six blobs with a page of their own.',
      size: 6,
    });
    // Generation shares two cores with everything else running: allow it a few minutes.
    for (let attempt = 0; ; attempt++) {
      const { json } = await callInPage(creator, `/api/v1/collections/${collectionId}`);
      if (json.data.collection.progress.status === 'ready') break;
      if (attempt > 900) throw new Error('The collection did not finish generating');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const published = await callInPage(
      creator,
      `/api/v1/collections/${collectionId}/publication`,
      'POST',
      {},
    );
    expect(published.status).toBe(201);
    slug = published.json.data.publication.slug;
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('lets the creator dress the page, previewing each change live before saving it', async () => {
    await creator.goto(`/dashboard/collections/${collectionId}`);
    const entry = creator.getByRole('region', { name: 'Mint page' });
    await entry.scrollIntoViewIfNeeded({ timeout: 30_000 });
    await screenshot(creator, 'mint-page-entry');
    await entry.getByRole('link', { name: 'Edit the mint page' }).click();
    await expect
      .poll(() => creator.getByRole('heading', { name: 'Mint page', level: 1 }).isVisible())
      .toBe(true);
    const preview = creator.getByTestId('mint-page-preview');
    // Before any change: the collection's name and its collage as the banner.
    await expect
      .poll(() => preview.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
      .toBe('Blob Club');
    expect(await preview.getByRole('img', { name: 'Blob Club banner' }).getAttribute('src')).toMatch(
      /\/mint-page\/images\/collage\.webp$/,
    );

    await creator.getByLabel('Title').fill(TITLE);
    await creator.getByLabel('Website').fill(LINKS.website);
    await creator.getByLabel('X', { exact: true }).fill(LINKS.x);
    await creator.getByLabel('Discord').fill(LINKS.discord);
    await creator.getByLabel('Use my own accent colour').click();
    await creator.getByLabel('Hex colour').fill(ACCENT);
    await creator.getByLabel('Tokens I choose').check();
    await creator.getByLabel('Token numbers').fill('4, 2, 6');
    await creator
      .getByRole('region', { name: 'Banner' })
      .locator('input[type=file]')
      .setInputFiles(await bannerFile());
    await creator
      .getByRole('region', { name: 'Logo' })
      .locator('input[type=file]')
      .setInputFiles(await logoFile());

    // The preview shows every unsaved value at once…
    await expect.poll(() => preview.getByRole('heading', { level: 1 }).textContent()).toBe(TITLE);
    await expect
      .poll(() => preview.getByRole('img', { name: `${TITLE} banner` }).getAttribute('src'))
      .toMatch(/\/mint-page\/images\/banner-[0-9a-f]{24}\.webp$/);
    await expect.poll(() => preview.getByRole('img', { name: `${TITLE} logo` }).isVisible()).toBe(true);
    expect(await preview.getByRole('link', { name: /Website/ }).getAttribute('href')).toBe(LINKS.website);
    expect(
      await preview.locator('.llm-banner').evaluate((node) => getComputedStyle(node).borderBottomColor),
    ).toBe(ACCENT_RGB);
    expect(
      await preview
        .getByRole('list', { name: 'Gallery' })
        .getByRole('img')
        .evaluateAll((images) => images.map((image) => image.getAttribute('alt'))),
    ).toEqual(['Blob Club #4', 'Blob Club #2', 'Blob Club #6']);
    await expect
      .poll(() =>
        creator.getByText(/^Text on this colour is (white|black) \(contrast \d+\.\d:1, WCAG AA\)\.$/).count(),
      )
      .toBe(1);
    // …while collectors still see the page as it was.
    const before = await callInPage(creator, `/api/v1/drops/${slug}`);
    expect(before.json.data.drop.page).toMatchObject({
      title: 'Blob Club',
      accentColor: null,
      logoUrl: null,
    });

    expect(await seriousAxeViolations(creator)).toEqual([]);
    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      await creator.setViewportSize(viewports[viewport]);
      await screenshot(creator, 'mint-page-editor');
    }
    await creator.setViewportSize(viewports.desktop);
    await creator.getByRole('region', { name: 'Preview' }).getByText('Phone', { exact: true }).click();
    await expect
      .poll(() =>
        preview.locator('.llme-preview-page').evaluate((node) => node.getBoundingClientRect().width),
      )
      .toBeLessThanOrEqual(390);
    await screenshot(creator, 'mint-page-editor-phone-preview');

    await creator.getByRole('button', { name: 'Save the mint page' }).click();
    await expect
      .poll(() => creator.getByText('Saved: the public mint page shows it now').isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
  }, 120_000);

  it('shows the saved banner, logo, links and accent to a visitor without an account', async () => {
    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const visitor = await openPage(browser, app.url, viewport);
      const { page } = visitor;
      await page.goto(`/mint/${slug}`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).first().textContent(), { timeout: 15_000 })
        .toBe(TITLE);
      const banner = page.getByRole('img', { name: `${TITLE} banner` });
      expect(await banner.getAttribute('src')).toMatch(
        new RegExp(`/api/v1/drops/${slug}/images/banner-[0-9a-f]{24}\\.webp$`),
      );
      // Each width gets its own copy of the banner (1600, 1024 or 640 px). Its naturalWidth is no measure: for a
      // srcset candidate Chromium reports it scaled to the slot (1600 px shown in 1440 reads 1440).
      const copy = { desktop: '.webp', tablet: '-1024.webp', phone: '-640.webp' }[viewport];
      await expect
        .poll(() => banner.evaluate((image: HTMLImageElement) => image.complete && image.currentSrc))
        .toMatch(new RegExp(`/images/banner-[0-9a-f]{24}${copy.replace('.', '\\.')}$`));
      await expect
        .poll(() =>
          page
            .getByRole('img', { name: `${TITLE} logo` })
            .evaluate((image: HTMLImageElement) => image.naturalWidth),
        )
        .toBe(256);
      const links = page.getByRole('list', { name: 'Links' }).getByRole('link');
      expect(
        await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href'))),
      ).toEqual([LINKS.website, LINKS.x, LINKS.discord]);
      expect(
        await page.locator('.llm-banner').evaluate((node) => getComputedStyle(node).borderBottomColor),
      ).toBe(ACCENT_RGB);
      expect(await links.first().evaluate((node) => getComputedStyle(node).borderTopColor)).toBe(ACCENT_RGB);
      expect(
        await page
          .getByRole('list', { name: 'Gallery' })
          .getByRole('img')
          .evaluateAll((images) => images.map((image) => image.getAttribute('alt'))),
      ).toEqual(['Blob Club #4', 'Blob Club #2', 'Blob Club #6']);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, 'mint-page-customized');
      expect(visitor.errors).toEqual([]);
      await visitor.context.close();
    }

    // The embedded widget carries the logo, the links and the accent too.
    const embedded = await openPage(browser, app.url, 'phone');
    await embedded.page.goto(`/mint/${slug}?embed=1`);
    const card = embedded.page.getByRole('region', { name: 'Mint', exact: true });
    await expect
      .poll(() => card.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
      .toBe(TITLE);
    expect(await card.locator('.llm-card-head img').getAttribute('src')).toMatch(
      /\/logo-[0-9a-f]{24}\.webp$/,
    );
    expect(await card.getByRole('link', { name: /Discord/ }).getAttribute('href')).toBe(LINKS.discord);
    expect(
      await card
        .getByRole('link', { name: /Discord/ })
        .evaluate((node) => getComputedStyle(node).borderTopColor),
    ).toBe(ACCENT_RGB);
    expect(await seriousAxeViolations(embedded.page)).toEqual([]);
    await screenshot(embedded.page, 'mint-page-customized-embed');
    await embedded.context.close();

    // A shared link previews with the title and the banner.
    const html = await (await creator.context().request.get(`/mint/${slug}`)).text();
    expect(html).toContain(`<meta property="og:title" content="${TITLE}" />`);
    expect(html).toMatch(
      new RegExp(
        `<meta property="og:image" content="${app.url}/api/v1/drops/${slug}/images/banner-[0-9a-f]{24}\\.webp" />`,
      ),
    );
  }, 180_000);
});
