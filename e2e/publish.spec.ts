import type { Browser } from 'playwright-core';
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
import { callInPage, startSampleCollection } from './support/in-page.ts';

describe('publishing a collection from its page', () => {
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

  it('publishes once, shows the base URI and provenance, and the token page links the hosted image', async () => {
    const { context, page } = await openPage(browser, app.url);
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto('/dashboard');
    const collectionId = await startSampleCollection(page, {
      name: 'Hosted Blobs',
      description: 'Published from the browser',
      size: 6,
    });

    await page.goto(`/dashboard/collections/${collectionId}`);
    const publishButton = page.getByRole('button', { name: 'Publish, hosted by Layerloom' });
    await expect.poll(() => publishButton.isVisible(), { timeout: 60_000 }).toBe(true);
    await publishButton.click();
    await dialogSettled(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.getByText('Hosted by Layerloom since').isVisible()).toBe(true);

    const { publication } = (await callInPage(page, `/api/v1/collections/${collectionId}/publication`)).json
      .data;
    expect(publication.baseUri).toBe(`${app.url}/hosted/${publication.slug}/metadata/`);
    await expect.poll(() => page.getByText(publication.baseUri).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(publication.provenanceHash).isVisible()).toBe(true);

    // Anyone can read the published files, without an account.
    const metadata = await fetch(`${publication.baseUri}3`);
    expect(metadata.status).toBe(200);
    // Metadata may be corrected after the reveal (a new version): cached a minute, then revalidated. Images
    // are fixed by the provenance hash: cached for good.
    expect(metadata.headers.get('cache-control')).toBe('public, max-age=60, must-revalidate');
    expect((await metadata.json()).image).toBe(`${publication.imageBaseUri}3.png`);
    const image = await fetch(`${publication.imageBaseUri}3.png`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const opened = await openPage(browser, app.url, viewport);
      await signIn(opened.context, testAdmin.email, testAdmin.password);
      await opened.page.goto(`/dashboard/collections/${collectionId}`);
      await expect.poll(() => opened.page.getByText('Hosted by Layerloom since').isVisible()).toBe(true);
      expect(await seriousAxeViolations(opened.page)).toEqual([]);
      await screenshot(opened.page, 'collection-published');
      await opened.context.close();
    }

    await page.goto(`/dashboard/collections/${collectionId}/tokens/3`);
    await expect
      .poll(() => page.getByText(`${publication.imageBaseUri}3.png`).first().isVisible())
      .toBe(true);
    await context.close();
  });
});
