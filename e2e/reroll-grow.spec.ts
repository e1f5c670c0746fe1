import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app.ts';
import {
  dialogSettled,
  launchBrowser,
  type OpenedPage,
  openPage,
  screenshot,
  seriousAxeViolations,
  signIn,
  testAdmin,
  viewports,
} from './support/browser.ts';
import { callInPage, startSampleCollection, waitUntilReady } from './support/in-page.ts';
import { zipText } from './support/zip.ts';

const SIZE = 12;

describe('after generation: lock and reroll, grow, edit metadata', () => {
  let app: RunningApp;
  let browser: Browser;
  let opened: OpenedPage;
  let context: BrowserContext;
  let page: Page;
  let collectionId: string;

  const imageBytes = async (edition: number) =>
    (await context.request.get(`/api/v1/collections/${collectionId}/images/${edition}.png`)).body();
  const tokens = async () =>
    (await callInPage(page, `/api/v1/collections/${collectionId}/tokens?pageSize=200`)).json.data.tokens as {
      edition: number;
      name: string;
      attributes: { trait_type: string; value: string }[];
    }[];
  const shown = (token: { attributes: { trait_type: string; value: string }[] }) =>
    token.attributes.map((attribute) => `${attribute.trait_type}=${attribute.value}`).join(',');

  /** Screenshots the page at the widths given (the panels' layouts), checking axe first when asked. */
  async function shoot(name: string, widths: readonly (keyof typeof viewports)[], axe = true) {
    if (axe) expect(await seriousAxeViolations(page)).toEqual([]);
    for (const viewport of widths) {
      await page.setViewportSize(viewports[viewport]);
      await screenshot(page, name);
    }
    await page.setViewportSize(viewports.desktop);
  }

  const everyWidth = ['desktop', 'tablet', 'phone'] as const;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startApp({ ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password }),
      launchBrowser(),
    ]);
    opened = await openPage(browser, app.url);
    ({ context, page } = opened);
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto('/dashboard');
    collectionId = await startSampleCollection(page, {
      name: 'Reroll Blobs',
      description: 'Locked and rerolled in the browser',
      size: SIZE,
    });
    await waitUntilReady(page, collectionId);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('keeps three tokens chosen in the gallery and rerolls the rest: kept images byte-identical, the rest new, before and after shown', async () => {
    const before = await tokens();
    const kept = [await imageBytes(1), await imageBytes(2), await imageBytes(3)];
    await page.goto(`/dashboard/collections/${collectionId}`);
    const panel = page.getByRole('region', { name: 'Lock and reroll' });
    await panel.getByRole('button', { name: 'Choose tokens to keep' }).click();
    const gallery = page.getByRole('region', { name: 'Gallery' });
    for (const token of before.slice(0, 3)) {
      await gallery.getByRole('button', { name: token.name, exact: true }).click();
    }
    await expect.poll(() => panel.getByText('3 kept · 9 to reroll').isVisible()).toBe(true);
    expect(await gallery.locator('[aria-pressed="true"]').count()).toBe(3);
    await shoot('collection-reroll-choosing', everyWidth);

    await panel.getByRole('button', { name: 'Reroll 9 tokens' }).click();
    await dialogSettled(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Reroll', exact: true }).click();
    await expect
      .poll(() => panel.getByRole('heading', { name: 'Before and after' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    const after = await tokens();
    expect([await imageBytes(1), await imageBytes(2), await imageBytes(3)]).toEqual(kept);
    for (const edition of [1, 2, 3]) expect(shown(after[edition - 1]!)).toBe(shown(before[edition - 1]!));
    for (let edition = 4; edition <= SIZE; edition++) {
      expect(shown(after[edition - 1]!)).not.toBe(shown(before[edition - 1]!));
    }
    expect(new Set(after.map(shown)).size).toBe(SIZE);
    expect(await panel.locator('.llc-change').count()).toBe(9);
    await expect
      .poll(() => panel.getByRole('img', { name: `${after[3]!.name} before the reroll` }).isVisible())
      .toBe(true);
    // Every before and after image loads (the replaced versions are kept for this view).
    await expect
      .poll(() =>
        panel
          .locator('.llc-change img')
          .evaluateAll((images) =>
            images.every(
              (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
            ),
          ),
      )
      .toBe(true);
    expect(await panel.getByText('Rerolled 9 tokens').isVisible()).toBe(true);
    // The gallery shows the new images, not the cached old ones.
    const src = await gallery
      .getByRole('link', { name: after[3]!.name, exact: true })
      .locator('img')
      .getAttribute('src');
    expect(src).toMatch(/\?v=/);
    await shoot('collection-reroll-done', ['desktop']);
    expect(opened.errors).toEqual([]);
  }, 120_000);

  it('grows the collection by four tokens: the first twelve stay, all sixteen unique', async () => {
    const before = await tokens();
    const grow = page.getByRole('region', { name: 'Grow the collection' });
    await grow.getByLabel('Tokens to add').fill('4');
    await grow.getByRole('button', { name: 'Add tokens' }).click();
    await expect
      .poll(() => page.getByText('Added 4 tokens (#13–#16)').isVisible(), { timeout: 40_000 })
      .toBe(true);
    expect(await page.getByRole('definition').filter({ hasText: /^16$/ }).count()).toBe(1);
    const after = await tokens();
    expect(after).toHaveLength(16);
    expect(after.slice(0, SIZE).map(shown)).toEqual(before.map(shown));
    expect(new Set(after.map(shown)).size).toBe(16);
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: 'Gallery' })
          .getByRole('link', { name: after[15]!.name, exact: true })
          .isVisible(),
      )
      .toBe(true);
    await page.getByRole('region', { name: 'Grow the collection' }).scrollIntoViewIfNeeded();
    // The panels were checked at every width above; this shows the grown gallery and the history.
    await shoot('collection-grow-done', ['desktop'], false);
    expect(opened.errors).toEqual([]);
  }, 120_000);

  it('edits the name pattern and one token’s attributes, and the ZIP holds them', async () => {
    const editor = page.getByRole('region', { name: 'Edit metadata' });
    await editor.getByRole('textbox', { name: 'Name pattern' }).fill('Blob {edition} of {collection}');
    expect(await editor.getByText('Token #1 reads “Blob 1 of Reroll Blobs”').isVisible()).toBe(true);
    await editor.getByRole('button', { name: /Add an attribute to one token/ }).click();
    await editor.getByRole('spinbutton', { name: 'Token 1 number' }).fill('16');
    await editor.getByRole('textbox', { name: 'Token 1 attribute name' }).fill('Signed');
    await editor.getByRole('textbox', { name: 'Token 1 attribute value' }).fill('Yes');
    // The single-token rows are labelled for assistive technology like the rest of the form.
    expect(await seriousAxeViolations(page)).toEqual([]);
    await editor.getByRole('button', { name: 'Save metadata' }).click();
    await expect
      .poll(
        () =>
          page
            .getByRole('region', { name: 'Edit metadata' })
            .getByText(
              /^Name pattern “\{collection\} #\{edition\}” → “Blob \{edition\} of \{collection\}”; Token attribute added: #16 Signed: Yes$/,
            )
            .isVisible(),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    // The form shows what the files now hold.
    expect(await editor.getByRole('textbox', { name: 'Name pattern' }).inputValue()).toBe(
      'Blob {edition} of {collection}',
    );
    await page.getByRole('button', { name: 'Download' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /ZIP archive/ }).click(),
    ]);
    const zip = readFileSync(await download.path());
    expect(JSON.parse(await zipText(zip, 'metadata/1.json')).name).toBe('Blob 1 of Reroll Blobs');
    const sixteenth = JSON.parse(await zipText(zip, 'metadata/16.json'));
    expect(sixteenth.name).toBe('Blob 16 of Reroll Blobs');
    expect(sixteenth.attributes.at(-1)).toEqual({ trait_type: 'Signed', value: 'Yes' });
    expect(JSON.stringify(JSON.parse(await zipText(zip, 'metadata/1.json')).attributes)).not.toContain(
      'Signed',
    );
    const all = JSON.parse(await zipText(zip, '_metadata.json')) as { name: string }[];
    expect(all.map((token) => token.name)).toEqual(
      all.map((_, index) => `Blob ${index + 1} of Reroll Blobs`),
    );
    await editor.scrollIntoViewIfNeeded();
    // Axe ran on the page with the editor above; these show its layout at each width.
    await shoot('collection-metadata-editor', everyWidth, false);
    expect(opened.errors).toEqual([]);
  }, 120_000);
});
