import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app.ts';
import { launchBrowser, openPage, screenshot, seriousAxeViolations, viewports } from './support/browser.ts';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const pages = [
  { path: '/help', heading: 'Help Center', name: 'help' },
  { path: '/terms', heading: 'Terms of Service', name: 'terms' },
  { path: '/privacy', heading: 'Privacy Policy', name: 'privacy' },
  { path: '/contact', heading: 'Contact Us', name: 'contact' },
  { path: '/affiliate', heading: 'Affiliate Program', name: 'affiliate' },
  { path: '/metadata-viewer', heading: 'Metadata Viewer', name: 'metadata-viewer' },
  { path: '/sample-collection', heading: 'Loomlings', name: 'sample-collection' },
  { path: '/no/such/page', heading: 'Page not found', name: 'not-found' },
];

async function imagesLoaded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (const image of document.querySelectorAll('img')) image.loading = 'eager';
    await Promise.all(
      [...document.images].map((image) =>
        image.complete
          ? null
          : new Promise((resolve) => image.addEventListener('load', resolve, { once: true })),
      ),
    );
  });
}

describe('public pages', () => {
  it('render their heading at every width with no console errors and no serious axe violations', async () => {
    for (const viewport of Object.keys(viewports) as (keyof typeof viewports)[]) {
      const { context, page, errors } = await openPage(browser, app.url, viewport);
      try {
        for (const target of pages) {
          await page.goto(target.path);
          await page.getByRole('heading', { level: 1, name: target.heading }).waitFor();
          if (target.name === 'sample-collection') await page.locator('.ll-sample-token').first().waitFor();
          await imagesLoaded(page);
          await screenshot(page, target.name);
          expect(await seriousAxeViolations(page), `${target.path} at ${viewport}`).toEqual([]);
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('stores a contact message and acknowledges it with its reference; field errors show on the fields', async () => {
    const { context, page, errors } = await openPage(browser, app.url, 'desktop');
    try {
      await page.goto('/contact');
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByText('Name is required!').waitFor();
      await page.getByText('Subject is required!').waitFor();

      await page.getByLabel('Your name').fill('Ada Lovelace');
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByLabel('Subject').fill('Importing my HashLips layers');
      await page.getByLabel('Message').fill('Short');
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByText('Message is too short (at least 10 characters)').waitFor();

      await page
        .getByLabel('Message')
        .fill('Can I keep the #weights of my HashLips file names when I import the ZIP?');
      const [response] = await Promise.all([
        page.waitForResponse((candidate) => candidate.url().endsWith('/api/v1/contact')),
        page.getByRole('button', { name: 'Send message' }).click(),
      ]);
      expect(response.status()).toBe(201);
      const { data } = (await response.json()) as { data: { id: string } };
      await page.getByText('Thanks, your message has been received').waitFor();
      expect(await page.locator('.ll-reference').textContent()).toBe(data.id);
      await screenshot(page, 'contact-sent');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a server failure of the contact form on the page', async () => {
    const { context, page } = await openPage(browser, app.url, 'phone');
    try {
      await page.route('**/api/v1/contact', (route) =>
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: JSON.stringify({
            status: 'error',
            error: { code: 'RATE_LIMITED', message: 'Too many attempts. Try again in 300 seconds.' },
          }),
        }),
      );
      await page.goto('/contact');
      await page.getByLabel('Your name').fill('Ada Lovelace');
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByLabel('Subject').fill('Hello');
      await page.getByLabel('Message').fill('A message that is long enough to send.');
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.getByText('Your message was not sent').waitFor();
      await page.getByText('Too many attempts. Try again in 300 seconds.').waitFor();
    } finally {
      await context.close();
    }
  });

  it('checks metadata pasted or loaded from an address, listing its problems', async () => {
    const { context, page, errors } = await openPage(browser, app.url, 'desktop');
    try {
      await page.goto(`/metadata-viewer?url=${encodeURIComponent('/art/sample/metadata/7.json')}`);
      await page.getByRole('heading', { level: 2, name: 'Loomlings #7' }).waitFor();
      await page.locator('.ll-viewer-image img').waitFor();
      expect(await page.locator('.ll-viewer-result tbody tr').count()).toBeGreaterThanOrEqual(4);
      await screenshot(page, 'metadata-viewer-loaded');

      await page.getByRole('tab', { name: 'Paste JSON' }).click();
      await page.getByLabel('Metadata JSON').fill(
        JSON.stringify({
          description: 'x',
          image: 'http://example.com/1.png',
          attributes: { Hat: 'Crown' },
        }),
      );
      await page.getByRole('button', { name: 'Check metadata' }).click();
      await page.getByText('name is missing.').waitFor();
      await page
        .getByText('attributes must be an array of { "trait_type", "value" } objects, not one object.')
        .waitFor();
      await page.getByText(/uses http:\/\//).waitFor();

      await page.getByLabel('Metadata JSON').fill('{"name": ');
      await page.getByRole('button', { name: 'Check metadata' }).click();
      await page.getByText(/This is not valid JSON/).waitFor();

      await page.getByRole('tab', { name: 'From a URL' }).click();
      await page.getByLabel('Metadata address').fill('/art/sample/metadata/999.json');
      await page.getByRole('button', { name: 'Load and check' }).click();
      // The app answers unknown paths with its own page (client-side routing), not with JSON.
      await page.getByText(/answered with a web page, not a JSON metadata file/).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('filters the Help Center as you type and opens the matching answers', async () => {
    const { context, page } = await openPage(browser, app.url, 'tablet');
    try {
      await page.goto('/help');
      await page.getByLabel('Search the Help Center').fill('hashlips');
      await page.getByText(/answers? for “hashlips”/).waitFor();
      await page.getByText('Zip your').waitFor();
      expect(await page.locator('.ll-help-group').count()).toBeLessThan(6);
      await page.getByLabel('Search the Help Center').fill('zzzz-nothing');
      await page.getByText('No answer matches “zzzz-nothing”.', { exact: false }).waitFor();
    } finally {
      await context.close();
    }
  });
});
