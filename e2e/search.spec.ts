import type { Browser, BrowserContext, Page } from 'playwright-core';
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
import { callInPage, startSampleCollection, waitUntilReady } from './support/in-page.ts';

const COLLECTION = 'Moon Apes';

interface Token {
  edition: number;
  attributes: { trait_type: string; value: string }[];
}

describe('search in the dashboard header', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let collectionId: string;
  /** A token and the words of two of its trait values (e.g. "gold blue"). */
  let wanted: { edition: number; words: string; matching: number[] };

  const box = (page: Page) => page.getByRole('combobox', { name: 'Search projects, collections and tokens' });

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password });
    browser = await launchBrowser();
    ({ context } = await openPage(browser, app.url));
    await signIn(context, testAdmin.email, testAdmin.password);
    const page = await context.newPage();
    await page.goto('/dashboard');
    collectionId = await startSampleCollection(page, { name: COLLECTION, description: 'Searched', size: 8 });
    await waitUntilReady(page, collectionId);
    const tokens: Token[] = (await callInPage(page, `/api/v1/collections/${collectionId}/tokens?pageSize=60`))
      .json.data.tokens;
    const token = tokens.find((candidate) => candidate.attributes.length >= 2) ?? tokens[0]!;
    const values = token.attributes.slice(0, 2).map((attribute) => String(attribute.value));
    wanted = {
      edition: token.edition,
      words: values.join(' ').toLowerCase(),
      matching: tokens
        .filter((candidate) =>
          values.every((value) => candidate.attributes.some((a) => String(a.value) === value)),
        )
        .map((candidate) => candidate.edition),
    };
    await page.close();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** A page of the signed-in context at a width. */
  async function dashboardAt(viewport: ViewportName): Promise<Page> {
    const page = await context.newPage();
    await page.setViewportSize(viewports[viewport]);
    await page.goto('/dashboard');
    return page;
  }

  it('finds a token by two trait values and opens it from the keyboard', async () => {
    const page = await dashboardAt('desktop');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.keyboard.press('/');
    await expect.poll(() => box(page).evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type(wanted.words);
    const tokens = page.getByRole('group', { name: /Tokens/ });
    await tokens.getByRole('option').first().waitFor();
    await expect.poll(() => tokens.getByRole('option').count()).toBe(Math.min(5, wanted.matching.length));
    const label = `${COLLECTION} #${wanted.edition}`;
    await tokens.getByRole('option', { name: new RegExp(`${label}\\b`) }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'search-dropdown');

    // Arrow down until the token is the active option, then Enter opens its page.
    for (let step = 0; step < 12; step++) {
      await page.keyboard.press('ArrowDown');
      const active = page.getByRole('option', { selected: true });
      if ((await active.textContent())?.startsWith(label)) break;
    }
    expect(await page.getByRole('option', { selected: true }).textContent()).toContain(label);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/dashboard/collections/${collectionId}/tokens/${wanted.edition}`);
    await page.getByRole('heading', { level: 1, name: label }).waitFor();
    await page.close();
  });

  it('opens the results page with Ctrl+K and Enter, each kind with its results', async () => {
    const page = await dashboardAt('desktop');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('moon');
    await page
      .getByRole('group', { name: /Collections/ })
      .getByRole('option', { name: /Moon Apes/ })
      .waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => box(page).getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard/search?q=moon');
    await page.getByRole('heading', { level: 1, name: 'Results for “moon”' }).waitFor();
    const collections = page.getByRole('region', { name: /Collections/ });
    await collections.getByRole('link', { name: /Moon Apes/ }).waitFor();
    expect(await collections.getByRole('link', { name: /Moon Apes/ }).getAttribute('href')).toBe(
      `/dashboard/collections/${collectionId}`,
    );
    await page
      .getByRole('region', { name: /Projects/ })
      .getByRole('link', { name: /Moon Apes/ })
      .waitFor();
    await page
      .getByRole('region', { name: /Tokens/ })
      .getByText('No tokens match “moon”.')
      .waitFor();
    await page.getByRole('region', { name: /Users/ }).getByText('No users match “moon”.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'search-results');

    // The tablet's box and results page, for the eye.
    await page.setViewportSize(viewports.tablet);
    await screenshot(page, 'search-results');
    await box(page).fill('moon apes');
    await page
      .getByRole('group', { name: /Projects/ })
      .getByRole('option', { name: /Moon Apes/ })
      .waitFor();
    await screenshot(page, 'search-dropdown');
    await page.close();
  });

  it('on a phone, the search icon opens a full-width field whose results lead to the token', async () => {
    const page = await dashboardAt('phone');
    const open = page.getByRole('button', { name: 'Search', exact: true });
    await open.waitFor();
    expect(await box(page).isVisible()).toBe(false);
    await open.click();
    await expect.poll(() => box(page).isVisible()).toBe(true);
    const field = await box(page).boundingBox();
    expect(field?.width).toBeGreaterThan(260);
    await page.keyboard.type(`#${wanted.edition}`);
    const option = page.getByRole('option', { name: new RegExp(`${COLLECTION} #${wanted.edition}\\b`) });
    await option.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'search-dropdown');
    await option.click();
    await page.waitForURL(`**/tokens/${wanted.edition}`);
    await page.getByRole('heading', { level: 1, name: `${COLLECTION} #${wanted.edition}` }).waitFor();
    // Gone with the page it led from.
    expect(await box(page).isVisible()).toBe(false);

    await page.goto('/dashboard/search?q=moon');
    await page
      .getByRole('region', { name: /Collections/ })
      .getByRole('link', { name: /Moon Apes/ })
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'search-results');
    await page.close();
  });
});
