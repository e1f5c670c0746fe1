import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app.ts';
import {
  dialogSettled,
  launchBrowser,
  openPage,
  screenshot,
  seriousAxeViolations,
  signIn,
  testAdmin,
  type ViewportName,
} from './support/browser.ts';
import { startSampleCollection, waitUntilReady } from './support/in-page.ts';

/** The state words of each launch step, in order ("Do this next", "After step 1"…). */
const stepStates = (page: Page) => page.locator('li[data-guide-step] .llc-guide-state').allTextContents();

/** The primary buttons a person sees on the page (hidden ones, in folded steps or closed menus, do not count). */
const visiblePrimaries = (page: Page) =>
  page
    .locator('.ant-btn-primary')
    .evaluateAll((buttons) =>
      buttons
        .filter((button) => (button as HTMLElement).offsetParent !== null)
        .map((button) => button.textContent),
    );

/** Whether an element's top is inside the window (below the sticky header and menu). */
const topInView = async (page: Page, selector: string) => {
  const box = await page.locator(selector).boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  return box !== null && box.y >= 0 && box.y < height;
};

describe('the collection page guides the launch', () => {
  let app: RunningApp;
  let browser: Browser;
  let collectionId = '';

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startApp({ ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password }),
      launchBrowser(),
    ]);
    const { context, page } = await openPage(browser, app.url);
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto('/dashboard');
    collectionId = await startSampleCollection(page, {
      name: 'Guided Blobs',
      description: 'Three steps to a drop',
      size: 6,
    });
    await waitUntilReady(page, collectionId);
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('leads with three steps and one primary button, with a section menu the URL keeps, at every width', async () => {
    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const { context, page, errors } = await openPage(browser, app.url, viewport);
      await signIn(context, testAdmin.email, testAdmin.password);
      await page.goto(`/dashboard/collections/${collectionId}`);
      const publish = page.getByRole('button', { name: 'Publish, hosted by Layerloom' });
      await expect.poll(() => publish.isVisible(), { timeout: 60_000 }).toBe(true);
      expect(await stepStates(page)).toEqual(['Do this next', 'After step 1', 'After step 2']);
      expect(await page.getByRole('heading', { name: 'Step 2: Deploy' }).isVisible()).toBe(true);
      // The gallery's tiles show after the page settles; then only Publish is primary.
      await page.locator('.llc-gallery-section img').first().waitFor();
      expect(await visiblePrimaries(page)).toEqual(['Publish, hosted by Layerloom']);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, 'collection-steps-draft');

      // The menu goes to a section and keeps it in the URL; back returns to the top of the page.
      const menu = page.getByRole('navigation', { name: 'Sections of this collection' });
      await menu.getByRole('link', { name: 'Rarity' }).click();
      await page.waitForURL((url) => url.searchParams.get('section') === 'rarity');
      await expect.poll(() => topInView(page, '#llc-section-rarity')).toBe(true);
      expect(await menu.getByRole('link', { name: 'Rarity' }).getAttribute('aria-current')).toBe('location');
      await page.reload();
      await expect.poll(() => topInView(page, '#llc-section-rarity'), { timeout: 30_000 }).toBe(true);
      await page.goBack();
      await page.waitForURL((url) => !url.searchParams.has('section'));
      await expect.poll(() => topInView(page, '#llc-section-overview')).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 240_000);

  it('once published, says rerolls and growing closed, keeps the metadata editor, and the deploy step comes next', async () => {
    const { context, page, errors } = await openPage(browser, app.url);
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto(`/dashboard/collections/${collectionId}`);
    await page.getByRole('button', { name: 'Publish, hosted by Layerloom' }).click({ timeout: 60_000 });
    await dialogSettled(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => stepStates(page)).toEqual(['Done', 'Do this next', 'After step 2']);
    // Published here and now: its details stay open, with the placeholder to set before deploying.
    expect(await page.getByRole('region', { name: 'Publication' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Lock and reroll' }).count(), { timeout: 30_000 })
      .toBe(0);
    expect(await page.getByText(/can no longer/).count()).toBe(0);
    expect(await page.locator('li[data-guide-step="publish"] .llc-guide-summary').textContent()).toContain(
      'Rerolls and growing closed when it was published; metadata and art edits make a new version.',
    );
    // The metadata editor stays, saying what an edit does now.
    expect(
      await page
        .getByRole('region', { name: 'Edit metadata' })
        .getByText('Published: your edits make a new metadata version.')
        .isVisible(),
    ).toBe(true);
    // No contract yet: nothing stops the delete.
    expect(await page.getByRole('button', { name: /Delete/ }).isDisabled()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();

    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const opened = await openPage(browser, app.url, viewport);
      await signIn(opened.context, testAdmin.email, testAdmin.password);
      await opened.page.goto(`/dashboard/collections/${collectionId}`);
      await expect
        .poll(() => opened.page.getByText('Hosted by Layerloom since').first().isVisible(), {
          timeout: 60_000,
        })
        .toBe(true);
      // Step 1 can be folded by hand.
      const toggle = opened.page.getByRole('button', { name: 'Hide details of step 1' });
      await toggle.click();
      expect(await opened.page.getByRole('region', { name: 'Publication' }).isVisible()).toBe(false);
      expect(
        await opened.page
          .getByRole('button', { name: 'Show details of step 1' })
          .getAttribute('aria-expanded'),
      ).toBe('false');
      expect(await seriousAxeViolations(opened.page)).toEqual([]);
      await screenshot(opened.page, 'collection-steps-published');
      expect(opened.errors).toEqual([]);
      await opened.context.close();
    }
  }, 240_000);
});
