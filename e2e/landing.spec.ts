import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app.ts';
import {
  launchBrowser,
  openPage,
  screenshot,
  screenshotDir,
  seriousAxeViolations,
  signIn,
  testAdmin,
  type ViewportName,
} from './support/browser.ts';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp({ ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** How many items of a carousel are on screen: items at least half inside the carousel's viewport. */
async function itemsOnScreen(page: Page, carousel: string): Promise<number> {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector);
    const viewport = root?.querySelector('.ll-carousel-viewport')?.getBoundingClientRect();
    if (!root || !viewport) return -1;
    return [...root.querySelectorAll('.ll-carousel-item')].filter((item) => {
      const box = item.getBoundingClientRect();
      const inside = Math.min(box.right, viewport.right) - Math.max(box.left, viewport.left);
      return inside > box.width / 2;
    }).length;
  }, carousel);
}

/** Waits until the landing page's lazy images have loaded (so screenshots show the artwork). */
async function loadImages(page: Page): Promise<void> {
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

const widths: { viewport: ViewportName; perScreen: number }[] = [
  { viewport: 'desktop', perScreen: 3 },
  { viewport: 'tablet', perScreen: 2 },
  { viewport: 'phone', perScreen: 1 },
];

describe('landing page', () => {
  for (const { viewport, perScreen } of widths) {
    it(`shows every section, ${perScreen} carousel item(s) per screen and no errors at ${viewport} width`, async () => {
      const { context, page, errors } = await openPage(browser, app.url, viewport);
      try {
        await page.goto('/');
        await page.getByRole('heading', { level: 1, name: 'No Code NFT Collection Generator' }).waitFor();
        for (const id of ['home', 'about', 'features', 'pricing']) {
          expect(await page.locator(`section#${id}`).count(), `section #${id}`).toBe(1);
        }
        for (const chain of ['Ethereum', 'Polygon', 'Base', 'Arbitrum', 'Optimism', 'Solana']) {
          await page.locator('.ll-chain', { hasText: chain }).waitFor();
        }
        // No invented projects, clients or testimonials: the sample collection the engine made, with its ranks.
        await page.getByRole('heading', { name: 'The sample collection' }).waitFor();
        expect(await page.getByText(/testimonial|our clients/i).count()).toBe(0);
        await page.locator('.ll-featured-carousel', { hasText: 'Rarity rank 1 of 24' }).waitFor();
        expect(await page.locator('.ll-featured svg[data-triangle]').count()).toBe(2);
        for (const price of ['$0', '$179', '$279', '$379']) {
          await page.locator('.ll-plan-price', { hasText: price }).waitFor();
        }
        expect(await page.locator('.ll-plan').count()).toBe(4);
        expect(await itemsOnScreen(page, '.ll-featured-carousel')).toBe(perScreen);
        await page.getByText(`© ${new Date().getFullYear()} Layerloom. All rights reserved.`).waitFor();
        await page.getByRole('heading', { name: 'Social Media' }).waitFor();

        await loadImages(page);
        await screenshot(page, 'landing');
        expect(await seriousAxeViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('shows 5 items per screen on a 3200 px wide screen, and the carousels move on by themselves', async () => {
    const { context, page } = await openPage(browser, app.url, 'desktop', { reducedMotion: 'no-preference' });
    try {
      await page.setViewportSize({ width: 3200, height: 1400 });
      await page.goto('/#pricing');
      await page.locator('.ll-featured-carousel').waitFor();
      expect(await itemsOnScreen(page, '.ll-featured-carousel')).toBe(5);
      const featured = page.locator('.ll-featured-carousel');
      const before = await featured.getAttribute('data-first');
      await page.waitForFunction(
        (first) => document.querySelector('.ll-featured-carousel')?.getAttribute('data-first') !== first,
        before,
        { timeout: 8000 },
      );
      expect(await page.locator('.ll-carousel button[aria-label*="arrow" i], .slick-arrow').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('scrolls to a section from the header; Login, Sign up and GET STARTED are links to the account pages', async () => {
    const { context, page, errors } = await openPage(browser, app.url, 'desktop');
    try {
      await page.goto('/');
      await expect.poll(() => page.title()).toBe('Layerloom · No Code NFT Collection Generator');
      const nav = page.getByRole('navigation', { name: 'Main', exact: true });
      await nav.getByRole('link', { name: 'Pricing' }).click();
      await page.waitForFunction(() => {
        const top = document.getElementById('pricing')?.getBoundingClientRect().top ?? 9999;
        return Math.abs(top - 76) < 40;
      });
      expect(page.url()).toMatch(/#pricing$/);

      // Real links (open in a new tab, copyable), to the same pages as everywhere else.
      const header = page.locator('header').first();
      expect(await header.getByRole('link', { name: 'Login', exact: true }).getAttribute('href')).toBe(
        '/auth/login',
      );
      expect(await header.getByRole('link', { name: 'Sign up', exact: true }).getAttribute('href')).toBe(
        '/auth/signup',
      );
      const getStarted = page.getByRole('link', { name: 'GET STARTED' });
      expect(await getStarted.count()).toBe(2);
      expect(await getStarted.first().getAttribute('href')).toBe('/auth/signup');
      expect(await page.getByRole('button', { name: 'GET STARTED' }).count()).toBe(0);

      await header.getByRole('link', { name: 'Login', exact: true }).click();
      await page.waitForURL('**/auth/login');
      await page.getByRole('heading', { name: 'Login', level: 1 }).waitFor();
      await expect.poll(() => page.title()).toBe('Login · Layerloom');
      await page.goBack();
      await header.getByRole('link', { name: 'Sign up', exact: true }).click();
      await page.waitForURL('**/auth/signup');
      await expect.poll(() => page.title()).toBe('Sign up · Layerloom');
      await page.goBack();

      await getStarted.first().click();
      await page.waitForURL('**/auth/signup');
      await page.goBack();
      await page.getByRole('link', { name: 'Upload' }).click();
      await page.waitForURL(/\/auth\/login\?next=%2Fdashboard%2Fnft/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('gives every public and account page its own title', async () => {
    const { context, page } = await openPage(browser, app.url, 'desktop');
    try {
      const titles: Record<string, string> = {
        '/help': 'Help Center',
        '/terms': 'Terms of Service',
        '/privacy': 'Privacy Policy',
        '/contact': 'Contact Us',
        '/affiliate': 'Affiliate Program',
        '/metadata-viewer': 'Metadata Viewer',
        '/sample-collection': 'Sample collection',
        '/auth/login': 'Login',
        '/auth/signup': 'Sign up',
        '/auth/forgot': 'Reset Password',
        '/success': 'Success!',
        '/no-such-page': 'Page not found',
      };
      for (const [path, title] of Object.entries(titles)) {
        await page.goto(path);
        await expect.poll(() => page.title(), { message: path }).toBe(`${title} · Layerloom`);
      }
    } finally {
      await context.close();
    }
  });

  it('offers the menu drawer on a phone, and a Dashboard button instead of login when signed in', async () => {
    const { context, page } = await openPage(browser, app.url, 'phone');
    try {
      await page.goto('/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByRole('link', { name: 'Features' }).click();
      await drawer.waitFor({ state: 'hidden' });
      await page.waitForFunction(() => {
        const top = document.getElementById('features')?.getBoundingClientRect().top ?? 9999;
        return Math.abs(top - 76) < 40;
      });
      await page.getByRole('button', { name: 'Open menu' }).click();
      await drawer.getByRole('link', { name: 'Login' }).waitFor();
      // The drawer is fixed to the viewport: a viewport screenshot shows it as the visitor sees it.
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(screenshotDir, 'landing-menu-390.png') });

      await signIn(context, testAdmin.email, testAdmin.password);
      await page.goto('/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await drawer.getByRole('link', { name: 'Dashboard' }).waitFor();
      expect(await drawer.getByRole('link', { name: 'Login' }).count()).toBe(0);
      await drawer.getByRole('link', { name: 'Dashboard' }).click();
      await page.waitForURL('**/dashboard');
    } finally {
      await context.close();
    }
  });

  it('has footer links that all open real pages, and social links with names', async () => {
    const { context, page, errors } = await openPage(browser, app.url, 'desktop');
    try {
      await page.goto('/');
      const footer = page.locator('footer');
      await footer.getByRole('link', { name: 'Privacy Policy' }).waitFor();
      const links = await footer.locator('nav a').evaluateAll((anchors) =>
        anchors.map((anchor) => ({
          text: anchor.textContent ?? '',
          href: anchor.getAttribute('href') ?? '',
        })),
      );
      expect(links.map((link) => link.text)).toEqual([
        'Home',
        'App',
        'Metadata Viewer',
        'Sample collection',
        'Help Center',
        'Contact Us',
        'Affiliate Program',
        'Terms of Service',
        'Privacy Policy',
      ]);
      const headings: Record<string, RegExp> = {
        '/': /No Code NFT Collection Generator/,
        '/dashboard': /Log ?in|Welcome back|Sign in/i,
        '/metadata-viewer': /Metadata Viewer/,
        '/sample-collection': /Loomlings/,
        '/help': /Help Center/,
        '/contact': /Contact Us/,
        '/affiliate': /Affiliate Program/,
        '/terms': /Terms of Service/,
        '/privacy': /Privacy Policy/,
      };
      for (const link of links) {
        await page.goto('/');
        await footer.getByRole('link', { name: link.text, exact: true }).click();
        await page.waitForURL((url) =>
          url.pathname.startsWith(link.href === '/dashboard' ? '/auth/login' : link.href),
        );
        // The next page's code loads lazily: wait for its own heading, not the one still on screen.
        await page
          .getByRole('heading', { level: 1, name: headings[link.href] ?? /.^/ })
          .first()
          .waitFor();
        expect(await page.getByText('Page not found').count(), link.href).toBe(0);
      }
      const social = await footer
        .locator('.ll-footer-social a')
        .evaluateAll((anchors) =>
          anchors.map((anchor) => [anchor.getAttribute('aria-label'), anchor.getAttribute('href')]),
        );
      expect(social).toEqual([
        ['Layerloom on X', 'https://x.com/layerloom'],
        ['Layerloom on Discord', 'https://discord.gg/layerloom'],
        ['Layerloom on Instagram', 'https://www.instagram.com/layerloom'],
      ]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
