import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app.ts';
import {
  launchBrowser,
  type OpenedPage,
  openPage,
  screenshot,
  seriousAxeViolations,
  signIn,
  testAdmin,
  type ViewportName,
} from './support/browser.ts';
import { zipEntries } from './support/zip.ts';

const COLLECTION = 'Pixel Cats';
const SIZE = 30;

/** Layers of the seeded project: 3 × 4 × 3 = 36 combinations, so 30 unique tokens always exist. */
const layers = [
  { name: 'Background', shape: 'square', traits: { Sky: '#87ceeb', Sand: '#f4a460', Moss: '#8fbc8f' } },
  {
    name: 'Body',
    shape: 'circle',
    traits: { Red: '#d62828', Blue: '#1d3557', Gold: '#ffb703', Mint: '#2ec4b6' },
  },
  { name: 'Hat', shape: 'bar', traits: { Cap: '#000000', Crown: '#ffd700', Band: '#ffffff' } },
] as const;

function shapeSvg(kind: string, color: string, size: number): string {
  const half = size / 2;
  const shapes: Record<string, string> = {
    square: `<rect width="${size}" height="${size}" fill="${color}"/>`,
    circle: `<circle cx="${half}" cy="${half + size / 10}" r="${size / 3}" fill="${color}"/>`,
    bar: `<rect x="${size / 4}" y="${size / 10}" width="${size / 2}" height="${size / 6}" rx="${size / 24}" fill="${color}"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${shapes[kind]}</svg>`;
}

/** A tiny API client with one account's session cookie (Node's fetch; the browser gets its own session). */
class Api {
  constructor(
    readonly url: string,
    readonly cookie = '',
  ) {}

  static async login(url: string, email: string, password: string): Promise<{ api: Api; userId: string }> {
    const response = await fetch(`${url}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
    const cookie = response.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    const body = (await response.json()) as { data: { user: { _id: string } } };
    return { api: new Api(url, cookie), userId: body.data.user._id };
  }

  async send<T>(method: string, path: string, body?: unknown, expected = [200, 201, 202]): Promise<T> {
    const isForm = body instanceof FormData;
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        cookie: this.cookie,
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const text = await response.text();
    if (!expected.includes(response.status)) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

type TraitTable = Record<string, Record<string, { count: number; share: number }>>;

interface SeedLayer {
  name: string;
  shape: string;
  traits: Record<string, string>;
}

/** Creates a project through the API, uploads each layer's traits as PNGs made with sharp, and starts generating. */
async function startGeneration(
  api: Api,
  project: { name: string; description: string; size: number; pixels: number; layers: readonly SeedLayer[] },
): Promise<string> {
  const created = await api.send<{ data: { project: { id: string } } }>('POST', '/api/v1/projects', {
    name: project.name,
    description: project.description,
    collectionSize: project.size,
    width: project.pixels,
    height: project.pixels,
  });
  const projectId = created.data.project.id;
  const withLayers = await api.send<{ data: { project: { layers: { id: string }[] } } }>(
    'PATCH',
    `/api/v1/projects/${projectId}`,
    { layers: project.layers.map((layer) => ({ name: layer.name })) },
  );
  for (const [index, layer] of project.layers.entries()) {
    const form = new FormData();
    for (const [name, color] of Object.entries(layer.traits)) {
      const png = await sharp(Buffer.from(shapeSvg(layer.shape, color, project.pixels)))
        .png()
        .toBuffer();
      form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), `${name}.png`);
    }
    const layerId = withLayers.data.project.layers[index]!.id;
    await api.send('POST', `/api/v1/projects/${projectId}/layers/${layerId}/traits`, form);
  }
  const started = await api.send<{ data: { collection: { id: string } } }>(
    'POST',
    `/api/v1/projects/${projectId}/generate`,
  );
  return started.data.collection.id;
}

/** Seeds the finished test collection: 30 tokens of 96 px, and waits until it is ready. */
async function seedCollection(api: Api): Promise<string> {
  const id = await startGeneration(api, {
    name: COLLECTION,
    description: 'Thirty cats in hats, seeded by the browser test.',
    size: SIZE,
    pixels: 96,
    layers,
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { data } = await api.send<{
      data: { collection: { progress: { status: string; error: string } } };
    }>('GET', `/api/v1/collections/${id}`);
    if (data.collection.progress.status === 'ready') return id;
    if (data.collection.progress.status !== 'generating' || Date.now() > deadline) {
      throw new Error(`generation ended as ${JSON.stringify(data.collection.progress)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Layers with 10 × 10 × 20 = 2,000 combinations, for a generation long enough to watch and cancel. */
function manyTraits(count: number, hue: number): Record<string, string> {
  return Object.fromEntries(
    Array.from({ length: count }, (_, index) => [
      `Tone ${index + 1}`,
      `hsl(${(hue + index * 17) % 360} 70% 55%)`,
    ]),
  );
}
const bigLayers: SeedLayer[] = [
  { name: 'Background', shape: 'square', traits: manyTraits(10, 190) },
  { name: 'Body', shape: 'circle', traits: manyTraits(10, 20) },
  { name: 'Hat', shape: 'bar', traits: manyTraits(20, 260) },
];

/** Signs up a user, confirms the emailed link and has the admin approve them. */
async function createApprovedUser(app: RunningApp, admin: Api): Promise<{ email: string; password: string }> {
  const email = `empty-${Date.now()}@layerloom.test`;
  const password = 'Empty-User-Pass-1';
  const anonymous = new Api(app.url);
  const signedUp = await anonymous.send<{ data: { user: { _id: string } } }>('POST', '/api/v1/users', {
    firstname: 'Emma',
    lastname: 'Empty',
    email,
    password,
  });
  const mails = await anonymous.send<{ data: { mails: { to: string; text: string }[] } }>(
    'GET',
    '/dev/mailbox.json',
  );
  const link = mails.data.mails
    .find((mail) => mail.to === email)
    ?.text.match(/\/verify\/([^/\s]+)\/([^\s]+)/);
  if (!link) throw new Error(`no verification mail for ${email}`);
  await anonymous.send('PATCH', `/api/v1/users/verify/${link[1]}/${link[2]}`);
  await admin.send('PATCH', `/api/v1/users/update-account-status/${signedUp.data.user._id}`, {
    accountAccepted: { status: 'approved' },
  });
  return { email, password };
}

/** The page's own content (the dashboard shell around it may hold links of the same names). */
const content = (page: Page) => page.locator('.llc-col-page');

/** The edition numbers the gallery shows, in order. */
async function shownEditions(page: Page): Promise<number[]> {
  const labels = await content(page)
    .locator('.llc-gallery-item img')
    .evaluateAll((images) => images.map((image) => image.getAttribute('alt') ?? ''));
  return labels.map((label) => Number(label.slice(label.lastIndexOf('#') + 1)));
}

async function shownRanks(page: Page): Promise<number[]> {
  const texts = await content(page).locator('.llc-gallery-rank').allTextContents();
  return texts.map((text) => Number(text.replace(/\D/g, '')));
}

/** Ticks a filter checkbox; it is controlled by the URL, so its state follows a moment after the click. */
async function checkBox(box: Locator) {
  await box.click();
  await expect.poll(() => box.isChecked()).toBe(true);
}

async function expectClean(opened: OpenedPage, allowed: RegExp[] = []) {
  expect(await seriousAxeViolations(opened.page)).toEqual([]);
  expect(opened.errors.filter((error) => !allowed.some((pattern) => pattern.test(error)))).toEqual([]);
}

/** Whether every gallery image on screen has loaded real pixels. */
async function visibleImagesLoaded(page: Page): Promise<boolean> {
  const first = page.locator('.llc-gallery-item img').first();
  // Gallery images load lazily, and the gallery sits below the collection's panels: scrolled to, as a
  // visitor would, the first one must load.
  await first.scrollIntoViewIfNeeded();
  return first.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);
}

describe('My Collection', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: Api;
  let collectionId: string;
  let traits: TraitTable;
  let emptyUser: { email: string; password: string };
  const downloads = mkdtempSync(join(tmpdir(), 'layerloom-downloads-'));

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password });
    const login = await Api.login(app.url, testAdmin.email, testAdmin.password);
    admin = login.api;
    // Pro plan: no Free-plan watermark over the small test images.
    await admin.send('PATCH', `/api/v1/users/${login.userId}/plan`, { planId: 'pro' });
    collectionId = await seedCollection(admin);
    traits = (
      await admin.send<{ data: { traits: TraitTable } }>(
        'GET',
        `/api/v1/collections/${collectionId}/tokens?pageSize=1`,
      )
    ).data.traits;
    emptyUser = await createApprovedUser(app, admin);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    rmSync(downloads, { recursive: true, force: true });
  });

  it('lists the collection, and its gallery pages, sorts and filters by trait with the state in the URL', async () => {
    const opened = await openPage(browser, app.url, 'desktop');
    const { page, context } = opened;
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto('/dashboard/collections');
    const card = content(page).getByRole('link', { name: COLLECTION });
    await card.waitFor();
    await expect
      .poll(() =>
        content(page)
          .locator('.llc-col-thumb img')
          .first()
          .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
      )
      .toBe(true);
    await expect.poll(() => content(page).getByText(`${SIZE} items · 96 × 96px`).isVisible()).toBe(true);
    await screenshot(page, 'collections-list');
    await expectClean(opened);

    await card.click();
    await page.waitForURL(`**/dashboard/collections/${collectionId}`);
    await content(page).getByRole('heading', { level: 1, name: COLLECTION }).waitFor();
    await content(page).getByText('Showing 1–30 of 30 tokens').waitFor();
    expect(await shownEditions(page)).toEqual(Array.from({ length: SIZE }, (_, index) => index + 1));
    await expect.poll(() => visibleImagesLoaded(page)).toBe(true);
    await content(page).getByText(/^bafy/).first().waitFor();
    await screenshot(page, 'collection-detail');
    await expectClean(opened);

    // Paging, 24 a page: page 2 holds the last 6.
    await page.goto(`/dashboard/collections/${collectionId}?size=24`);
    await content(page).getByText('Showing 1–24 of 30 tokens').waitFor();
    await content(page).locator('.ant-pagination-item-2').click();
    await content(page).getByText('Showing 25–30 of 30 tokens').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(await shownEditions(page)).toEqual([25, 26, 27, 28, 29, 30]);

    // Sorting by rarity starts again at page 1 with rank 1.
    await content(page).getByText('Rarity rank', { exact: true }).click();
    await content(page).getByText('Showing 1–24 of 30 tokens').waitFor();
    expect(new URL(page.url()).searchParams.get('sort')).toBe('rarity');
    const ranks = await shownRanks(page);
    expect(ranks[0]).toBe(1);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);

    // Filters: two values of one type widen, a second type narrows.
    const gold = traits.Body!.Gold!.count;
    const mint = traits.Body!.Mint!.count;
    await checkBox(content(page).getByRole('checkbox', { name: /^Gold/ }));
    await content(page).getByText(`Showing 1–${gold} of ${gold} matching`).waitFor();
    await checkBox(content(page).getByRole('checkbox', { name: /^Mint/ }));
    await content(page)
      .getByText(`Showing 1–${gold + mint} of ${gold + mint} matching`)
      .waitFor();
    await checkBox(content(page).getByRole('checkbox', { name: /^Crown/ }));
    const goldOrMintWithCrown = (
      await admin.send<{ data: { total: number } }>(
        'GET',
        `/api/v1/collections/${collectionId}/tokens?trait=Body%3AGold&trait=Body%3AMint&trait=Hat%3ACrown`,
      )
    ).data.total;
    await content(page)
      .getByText(
        goldOrMintWithCrown === 0
          ? 'No matching tokens'
          : `Showing 1–${goldOrMintWithCrown} of ${goldOrMintWithCrown} matching`,
      )
      .waitFor();
    expect(new URL(page.url()).searchParams.getAll('trait')).toEqual(['Body:Gold', 'Body:Mint', 'Hat:Crown']);
    await screenshot(page, 'collection-filtered');
    await expectClean(opened);

    // The URL keeps the view over a reload and back/forward.
    await page.reload();
    await content(page).getByRole('button', { name: 'Remove filter Hat: Crown' }).waitFor();
    expect(await content(page).getByRole('checkbox', { name: /^Gold/ }).isChecked()).toBe(true);
    await page.goBack();
    await content(page)
      .getByText(`Showing 1–${gold + mint} of ${gold + mint} matching`)
      .waitFor();
    await content(page).getByRole('button', { name: 'Remove filter Body: Mint' }).click();
    await content(page).getByText(`Showing 1–${gold} of ${gold} matching`).waitFor();
    const goldEditions = await shownEditions(page);
    for (const edition of goldEditions.slice(0, 3)) {
      const token = await admin.send<{
        data: { tokens: { attributes: { trait_type: string; value: string }[] }[] };
      }>('GET', `/api/v1/collections/${collectionId}/tokens?page=${edition}&pageSize=1`);
      expect(token.data.tokens[0]!.attributes).toContainEqual({ trait_type: 'Body', value: 'Gold' });
    }
    await context.close();
  });

  it('shows a token with rank, attribute shares and metadata, steps to the next one and back to the gallery', async () => {
    const opened = await openPage(browser, app.url, 'desktop');
    const { page, context } = opened;
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto(`/dashboard/collections/${collectionId}?sort=rarity`);
    const first = content(page).locator('.llc-gallery-item img').first();
    const label = (await first.getAttribute('alt'))!;
    const edition = Number(label.slice(label.lastIndexOf('#') + 1));
    await content(page).getByRole('link', { name: label, exact: true }).click();
    await page.waitForURL(`**/tokens/${edition}`);
    await content(page)
      .getByRole('heading', { level: 1, name: `${COLLECTION} #${edition}` })
      .waitFor();
    await content(page).getByText(`Rank 1 of ${SIZE}`).waitFor();
    const attributes = content(page).locator('.llc-attr');
    expect(await attributes.count()).toBe(3);
    expect(await attributes.locator('.llc-attr-type').allTextContents()).toEqual([
      'Background',
      'Body',
      'Hat',
    ]);
    const body = await attributes.nth(1).locator('.llc-attr-value').textContent();
    const share = Math.round(traits.Body![body!]!.share * 100);
    expect(await attributes.nth(1).textContent()).toContain(`${share}% have this`);
    await content(page).locator('.llc-json').getByText(`"name": "${COLLECTION} #${edition}"`).waitFor();
    expect(
      await content(page)
        .getByRole('link', { name: `Metadata file (${edition}.json)` })
        .getAttribute('href'),
    ).toBe(`/api/v1/collections/${collectionId}/metadata/${edition}.json`);
    await expect
      .poll(() =>
        content(page)
          .locator('.llc-token-media img')
          .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth === 96),
      )
      .toBe(true);
    await screenshot(page, 'token');
    await expectClean(opened);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await content(page).getByRole('button', { name: 'Copy JSON' }).click();
    await page.getByText('Metadata copied').waitFor();
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
      edition: number;
    };
    expect(copied.edition).toBe(edition);

    const next = edition < SIZE ? edition + 1 : edition - 1;
    await content(page)
      .getByRole('link', { name: edition < SIZE ? `Next token, #${next}` : `Previous token, #${next}` })
      .click();
    await page.waitForURL(`**/tokens/${next}`);
    await content(page)
      .getByRole('heading', { level: 1, name: `${COLLECTION} #${next}` })
      .waitFor();
    await content(page).getByRole('link', { name: 'Back to collection' }).click();
    await page.waitForURL(
      (url) => url.pathname.endsWith(collectionId) && url.searchParams.get('sort') === 'rarity',
    );

    // A token number the collection does not have.
    await page.goto(`/dashboard/collections/${collectionId}/tokens/${SIZE + 1}`);
    await content(page).getByRole('heading', { name: 'Token not found' }).waitFor();
    await context.close();
  });

  it('downloads the ZIP with images, metadata and the rarity report', async () => {
    const opened = await openPage(browser, app.url, 'desktop');
    const { page, context } = opened;
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto(`/dashboard/collections/${collectionId}`);
    await content(page).getByRole('button', { name: 'Download' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /ZIP archive/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Pixel-Cats-collection.zip');
    const file = join(downloads, 'collection.zip');
    await download.saveAs(file);
    const listing = await zipEntries(readFileSync(file));
    for (let edition = 1; edition <= SIZE; edition++) {
      expect(listing).toContain(`images/${edition}.png`);
      expect(listing).toContain(`metadata/${edition}.json`);
    }
    expect(listing).toContain('rarity.json');
    expect(listing).toContain('_metadata.json');
    await expectClean(opened);
    await context.close();
  });

  it.each(['tablet', 'phone'] as ViewportName[])('works at %s width', async (viewport) => {
    const opened = await openPage(browser, app.url, viewport);
    const { page, context } = opened;
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto('/dashboard/collections');
    await content(page).getByRole('link', { name: COLLECTION }).waitFor();
    await screenshot(page, 'collections-list');
    await expectClean(opened);

    await page.goto(`/dashboard/collections/${collectionId}`);
    await content(page).getByText('Showing 1–30 of 30 tokens').waitFor();
    await expect.poll(() => visibleImagesLoaded(page)).toBe(true);
    await screenshot(page, 'collection-detail');
    await expectClean(opened);

    // Below the desktop width the trait filter is a drawer.
    await content(page).getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filter by trait' });
    await checkBox(drawer.getByRole('checkbox', { name: /^Sky/ }));
    const sky = traits.Background!.Sky!.count;
    await drawer.getByRole('button', { name: `Show ${sky} tokens` }).waitFor();
    await screenshot(page, 'collection-filter-drawer');
    await expectClean(opened);
    await drawer.getByRole('button', { name: `Show ${sky} tokens` }).click();
    await content(page).getByText(`Showing 1–${sky} of ${sky} matching`).waitFor();
    expect(new URL(page.url()).searchParams.getAll('trait')).toEqual(['Background:Sky']);

    await content(page).locator('.llc-gallery-item').first().click();
    await content(page).locator('.llc-attr').first().waitFor();
    await content(page)
      .getByText(new RegExp(`^Rank \\d+ of ${SIZE}$`))
      .waitFor();
    await screenshot(page, 'token');
    await expectClean(opened);
    await context.close();
  });

  it('shows live progress of a generation, cancels it, and deletes the collection after a confirm', async () => {
    const bigId = await startGeneration(admin, {
      name: 'Big Cats',
      description: 'Two thousand cats, cancelled by the browser test.',
      size: 2000,
      pixels: 1024,
      layers: bigLayers,
    });
    const opened = await openPage(browser, app.url, 'desktop');
    const { page, context } = opened;
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto('/dashboard/collections');
    const bigCard = content(page).locator('.llc-col-card', {
      has: page.getByRole('link', { name: 'Big Cats' }),
    });
    await bigCard.getByText(/of 2,000 images/).waitFor();
    await bigCard.getByText('Generating').waitFor();
    await screenshot(page, 'collections-generating');
    await expectClean(opened);

    await content(page).getByRole('link', { name: 'Big Cats' }).click();
    await page.waitForURL(`**/dashboard/collections/${bigId}`);
    await content(page).getByRole('heading', { name: 'Generating your collection' }).waitFor();
    const progressText = content(page).locator('.llc-gen-text');
    const doneNow = async () =>
      Number((await progressText.textContent())!.split(' of ')[0]!.replace(/\D/g, ''));
    const before = await doneNow();
    // The count moves on without a reload: the page follows the server-sent events.
    await expect.poll(doneNow, { timeout: 30_000 }).toBeGreaterThan(before);
    expect(await content(page).getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await screenshot(page, 'collection-generating');
    await expectClean(opened);

    await content(page).getByRole('button', { name: 'Cancel generating Big Cats' }).click();
    await page.getByRole('button', { name: 'Cancel generation' }).click();
    await content(page).getByText('Generation cancelled', { exact: true }).waitFor();
    await content(page).getByText('Cancelled', { exact: true }).waitFor();

    await content(page).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete collection' }).click();
    await page.waitForURL('**/dashboard/collections');
    await page.getByText('Collection deleted').waitFor();
    await content(page).getByRole('link', { name: COLLECTION }).waitFor();
    expect(await content(page).getByRole('link', { name: 'Big Cats' }).count()).toBe(0);
    await admin.send('GET', `/api/v1/collections/${bigId}`, undefined, [404]);
    await expectClean(opened);
    await context.close();
  });

  it("shows 'No Collection Generated' to a new user, and another user's collection as not found", async () => {
    for (const viewport of ['desktop', 'phone'] as ViewportName[]) {
      const opened = await openPage(browser, app.url, viewport);
      const { page, context } = opened;
      await signIn(context, emptyUser.email, emptyUser.password);
      await page.goto('/dashboard/collections');
      await content(page).getByText('No Collection Generated').waitFor();
      expect(
        await content(page).getByRole('link', { name: 'Generate NFT' }).first().getAttribute('href'),
      ).toBe('/dashboard/nft');
      await screenshot(page, 'collections-empty');
      await expectClean(opened);

      await page.goto(`/dashboard/collections/${collectionId}`);
      await content(page).getByRole('heading', { name: 'Collection not found' }).waitFor();
      expect(await content(page).getByText(COLLECTION).count()).toBe(0);
      await screenshot(page, 'collection-not-found');
      // The browser itself logs the API's 404 answer.
      await expectClean(opened, [/status of 404/]);
      await context.close();
    }
  });
});
