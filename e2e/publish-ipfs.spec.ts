import { type KuboStandIn, startKuboStandIn } from '@layerloom/server/test/kubo-stand-in';
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
import { callInPage, startSampleCollection } from './support/in-page.ts';

describe('publishing a collection to IPFS from its page', () => {
  let app: RunningApp;
  let browser: Browser;
  let kubo: KuboStandIn;

  beforeAll(async () => {
    [app, browser, kubo] = await Promise.all([
      startApp({ ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password }),
      launchBrowser(),
      startKuboStandIn({ token: 'e2e-kubo-token-7f3a' }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await kubo?.close();
  });

  const saveProvider = async (page: Page, endpoint: string, token: string) => {
    await page.getByLabel('Provider API address').fill(endpoint);
    await page.getByLabel('Access token').fill(token);
    await page.getByRole('button', { name: 'Save provider' }).click();
    await expect.poll(() => page.getByText(`ending in ${token.slice(-4)}`).isVisible()).toBe(true);
  };
  const publishToIpfs = async (page: Page, button: string) => {
    await page.getByRole('button', { name: button }).click();
    await dialogSettled(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Publish to IPFS' }).click();
  };

  it('saves a pinning provider, is told when it refuses the token, and publishes at ipfs:// addresses served here', async () => {
    const { context, page } = await openPage(browser, app.url);
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto('/dashboard');
    const collectionId = await startSampleCollection(page, {
      name: 'Pinned Blobs',
      description: 'Published to IPFS from the browser',
      size: 5,
    });
    await page.goto(`/dashboard/collections/${collectionId}`);
    const hostedButton = page.getByRole('button', { name: 'Publish, hosted by Layerloom' });
    await expect.poll(() => hostedButton.isVisible(), { timeout: 60_000 }).toBe(true);
    await screenshot(page, 'collection-publish-modes');
    await page
      .getByRole('radiogroup', { name: 'Where the files are published' })
      .getByText('IPFS', { exact: true })
      .click();
    await expect.poll(() => page.getByLabel('Provider API address').isVisible()).toBe(true);
    await screenshot(page, 'collection-ipfs-provider-form');
    expect(await page.getByRole('button', { name: /Publish to IPFS/ }).isDisabled()).toBe(true);

    // A token the provider refuses: the upload fails with the reason, and nothing is published.
    await saveProvider(page, kubo.url, 'not-the-right-token-0000');
    await publishToIpfs(page, 'Publish to IPFS');
    await expect.poll(() => page.getByText('Could not publish to IPFS').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText(/refused the access token \(HTTP 401\)\. Save a valid token/).isVisible())
      .toBe(true);
    expect((await callInPage(page, `/api/v1/collections/${collectionId}/publication`)).json.data).toEqual({
      publication: null,
    });

    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const opened = await openPage(browser, app.url, viewport);
      await signIn(opened.context, testAdmin.email, testAdmin.password);
      await opened.page.goto(`/dashboard/collections/${collectionId}`);
      await expect.poll(() => opened.page.getByText('Could not publish to IPFS').isVisible()).toBe(true);
      expect(await seriousAxeViolations(opened.page)).toEqual([]);
      await screenshot(opened.page, 'collection-ipfs-failed');
      await opened.context.close();
    }

    // The right token: the retry uploads both CAR files and the collection is published on IPFS.
    await page.getByRole('button', { name: 'Change provider' }).click();
    await saveProvider(page, kubo.url, kubo.token);
    const providerAnswer = await callInPage(page, '/api/v1/pinning-provider');
    expect(JSON.stringify(providerAnswer.json)).not.toContain(kubo.token);
    await publishToIpfs(page, 'Try again');
    await expect
      .poll(() => page.getByText('Published on IPFS since').isVisible(), { timeout: 60_000 })
      .toBe(true);

    const cids = (await callInPage(page, `/api/v1/collections/${collectionId}/ipfs`)).json.data;
    const { publication } = (await callInPage(page, `/api/v1/collections/${collectionId}/publication`)).json
      .data;
    expect(publication).toMatchObject({
      mode: 'ipfs',
      baseUri: `ipfs://${cids.metadataCid}/`,
      imageBaseUri: `ipfs://${cids.imagesCid}/`,
    });
    expect(kubo.received.at(-2)?.roots).toEqual([cids.imagesCid]);
    expect(kubo.received.at(-1)?.roots).toEqual([cids.metadataCid]);
    await expect.poll(() => page.getByText(publication.baseUri).isVisible()).toBe(true);

    // ipfs:// resolves on this machine: the page links token #1's metadata through the local gateway.
    const link = page.getByRole('link', { name: 'Token #1 metadata' });
    expect(await link.getAttribute('href')).toBe(`/ipfs/${cids.metadataCid}/1.json`);
    const metadata = await fetch(`${app.url}/ipfs/${cids.metadataCid}/1.json`);
    expect(metadata.status).toBe(200);
    expect(metadata.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await metadata.json()).image).toBe(`ipfs://${cids.imagesCid}/1.png`);
    const image = await fetch(`${app.url}/ipfs/${cids.imagesCid}/1.png`);
    expect(image.headers.get('content-type')).toBe('image/png');
    const car = await fetch(`${app.url}/ipfs/${cids.imagesCid}?format=car`);
    expect(car.headers.get('content-type')).toBe('application/vnd.ipld.car; version=1');

    // The metadata viewer opens ipfs:// content this server holds through its own gateway, not ipfs.io.
    await page.goto(`/metadata-viewer?url=${encodeURIComponent(`ipfs://${cids.metadataCid}/1.json`)}`);
    const viewed = page.locator('.ll-viewer-image img');
    await expect
      .poll(() => viewed.getAttribute('src'), { timeout: 10_000 })
      .toBe(`${app.url}/ipfs/${cids.imagesCid}/1.png`);
    await expect.poll(() => viewed.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const opened = await openPage(browser, app.url, viewport);
      await signIn(opened.context, testAdmin.email, testAdmin.password);
      await opened.page.goto(`/dashboard/collections/${collectionId}`);
      await expect.poll(() => opened.page.getByText('Published on IPFS since').isVisible()).toBe(true);
      expect(await seriousAxeViolations(opened.page)).toEqual([]);
      await screenshot(opened.page, 'collection-ipfs-published');
      await opened.context.close();
    }
    await context.close();
  });
});
