import type { Browser } from 'playwright-core';
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
} from './support/browser.ts';
import { callInPage, startSampleCollection, waitUntilReady } from './support/in-page.ts';

describe('after generation: the rarity report', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startApp({ ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('opens the rarity report from the collection page: traits against targets, each fit in words, rarest tokens', async () => {
    const { context, page, errors } = await openPage(browser, app.url);
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto('/dashboard');
    const collectionId = await startSampleCollection(page, {
      name: 'Rarity Blobs',
      description: 'A rarity report in the browser',
      size: 24,
    });
    await waitUntilReady(page, collectionId);
    const { json } = await callInPage(page, `/api/v1/collections/${collectionId}/rarity`);
    const report = json.data.rarity as {
      layers: { layer: string; traits: { name: string; count: number }[] }[];
      rarest: { name: string }[];
    };

    await page.goto(`/dashboard/collections/${collectionId}`);
    await page.getByRole('link', { name: 'Rarity report' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Rarity report' }).isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(page.url()).toContain(`/dashboard/collections/${collectionId}/rarity`);
    const first = report.layers[0]!;
    const table = page.getByRole('table', { name: new RegExp(`^${first.layer}: tokens per trait`) });
    await expect.poll(() => table.isVisible()).toBe(true);
    const trait = first.traits[0]!;
    const row = table.getByRole('row', { name: new RegExp(`^${trait.name}\\b`) });
    expect(await row.getByRole('cell').first().textContent()).toBe(String(trait.count));
    // Each layer's fit in plain words (no bare χ², df or p).
    expect(
      await page.getByText(/^If tokens followed the weights exactly, luck alone would leave shares/).count(),
    ).toBe(report.layers.length);
    expect(await page.getByText(/χ²|\bdf\b/).count()).toBe(0);
    const rarest = page.getByRole('region', { name: 'Rarest tokens' });
    await rarest.getByRole('link', { name: report.rarest[0]!.name, exact: true }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: report.rarest[0]!.name, exact: true }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(errors).toEqual([]);

    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const opened = await openPage(browser, app.url, viewport);
      await signIn(opened.context, testAdmin.email, testAdmin.password);
      await opened.page.goto(`/dashboard/collections/${collectionId}/rarity`);
      await expect
        .poll(() => opened.page.getByRole('region', { name: 'Rarest tokens' }).isVisible())
        .toBe(true);
      await screenshot(opened.page, 'collection-rarity-report');
      expect(await seriousAxeViolations(opened.page)).toEqual([]);
      expect(opened.errors).toEqual([]);
      await opened.context.close();
    }
  }, 180_000);
});
