import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const root = new URL('../../', import.meta.url).pathname;

/** Where screenshots go (gitignored); look at them after a run. */
export const screenshotDir = process.env.E2E_SCREENSHOTS ?? join(root, 'e2e', 'artifacts', 'screenshots');

/** The three widths every screen is checked at. */
export const viewports = {
  desktop: { width: 1440, height: 900 },
  tablet: { width: 820, height: 1180 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof viewports;

/** Debian's Chromium, headless, with the flags this sandbox needs (see DEVELOPERS.md). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

/** A page in a fresh context at one of the three widths, recording console errors and failed requests. */
export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

/**
 * Opens a new context (own cookies) with a page at the given width, collecting console errors.
 * The browser asks for reduced motion unless told otherwise: the app then opens dialogs, popovers
 * and menus at once and stops its transitions, so a click is not aimed at a button still zooming
 * in (under load, Chromium's frames come seldom enough for one to land mid-animation and be lost)
 * and a screenshot does not catch a bar half-way. Tests of motion itself pass `'no-preference'`.
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: ViewportName = 'desktop',
  { reducedMotion = 'reduce' }: { reducedMotion?: 'reduce' | 'no-preference' } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    baseURL,
    viewport: viewports[viewport],
    acceptDownloads: true,
    reducedMotion,
  });
  contextOrigins.set(context, new URL(baseURL).origin);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const opened = { context, page, errors };
  openPages.add(opened);
  page.on('close', () => openPages.delete(opened));
  return opened;
}

/** The app's origin for each context openPage opened. */
const contextOrigins = new WeakMap<BrowserContext, string>();

/** Every page opened and not yet closed, so a failed test can show what they showed. */
const openPages = new Set<OpenedPage>();

/**
 * Prints every open page (address, console errors, accessibility tree) and saves its screenshot:
 * after a failed test, since CI keeps only the log (see `setup.ts`).
 */
export async function reportOpenPages(test: string): Promise<void> {
  let index = 0;
  for (const { page, errors } of openPages) await reportPage(page, errors, test, ++index);
}

async function reportPage(page: Page, errors: string[], test: string, index: number): Promise<void> {
  try {
    const tree = await page.locator('body').ariaSnapshot({ timeout: 5_000 });
    const shot = await screenshot(page, `failed-${test.replace(/\W+/g, '-').slice(0, 60)}-${index}`);
    console.error(
      [
        `Page at ${page.url()} when "${test}" failed (screenshot: ${shot})`,
        errors.length > 0 ? `Console errors:\n${errors.join('\n')}` : 'No console errors.',
        `Accessibility tree:\n${tree.length > 6_000 ? `${tree.slice(0, 6_000)}\n…` : tree}`,
      ].join('\n'),
    );
  } catch (error) {
    console.error(`Could not capture the page of "${test}": ${String(error)}`);
  }
}

/**
 * Lets running transitions and animations end (up to 3 s; spinners' endless ones are not waited for): on a busy
 * machine a check can otherwise catch a closing popup's place half-way.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
}

/**
 * The axe rules that can only report minor or moderate problems: axe gives every violation of a rule the rule's
 * own impact, so these can never fail `seriousAxeViolations`, which skips them (with the passes' details it never
 * reads, they were about 40 % of each check's time). Read from the axe-core that @axe-core/playwright injects;
 * none are skipped if its rule list cannot be read.
 */
const mildAxeRules: string[] = (() => {
  const require = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
  const axe = require('axe-core') as { _audit?: { rules?: { id: string; impact?: string }[] } };
  return (axe._audit?.rules ?? [])
    .filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate')
    .map((rule) => rule.id);
})();

/** Axe violations of serious or critical impact on the current page (an empty list passes). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .disableRules(mildAxeRules)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

/**
 * Waits until antd's dialogs and popovers have finished opening: a click during the opening animation can be
 * lost, and a screenshot or axe would see its colours half faded in.
 */
export async function dialogSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector(
        '.ant-zoom-appear, .ant-zoom-enter, .ant-zoom-big-appear, .ant-zoom-big-enter',
      ) === null,
  );
}

/**
 * Saves a full-page screenshot as `<name>-<width>.png` under the screenshot folder, and fails when the page
 * is wider than the window (a phone user would scroll sideways), naming the elements that stick out.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}-${page.viewportSize()?.width ?? 0}.png`);
  await page.screenshot({ path, fullPage: true });
  // Popups (tooltips, popovers, menus, toasts) float over the page where the pointer or focus put them, and
  // may reach past the edge for a moment; the page's own layout is measured without them.
  const measure = () =>
    page.evaluate(() => {
      const popups = [
        ...document.querySelectorAll<HTMLElement>(
          '.ant-tooltip, .ant-popover, .ant-dropdown, .ant-select-dropdown, .ant-picker-dropdown, .ant-message, .ant-notification',
        ),
      ];
      const shown = popups.map((popup) => popup.style.display);
      for (const popup of popups) popup.style.display = 'none';
      const width = document.documentElement.clientWidth;
      const scrollWidth = document.documentElement.scrollWidth;
      const wide =
        scrollWidth <= width
          ? []
          : [...document.body.querySelectorAll('*')]
              .filter((element) => element.getBoundingClientRect().right > width + 1)
              .filter(
                (element) =>
                  !element.parentElement || element.parentElement.getBoundingClientRect().right <= width + 1,
              )
              .slice(0, 3)
              .map((element) => {
                const classes = [...element.classList].slice(0, 2).join('.');
                return `<${element.tagName.toLowerCase()}${classes ? ` class="${classes}"` : ''}> ${Math.round(element.getBoundingClientRect().right)} px`;
              });
      popups.forEach((popup, index) => {
        popup.style.display = shown[index]!;
      });
      return scrollWidth <= width ? null : { scrollWidth, width, wide };
    });
  // A popup still opening or closing can stick out for a moment: only what stays once they have settled counts.
  let overflow = await measure();
  if (overflow) {
    await animationsSettled(page);
    await page.waitForTimeout(500);
    overflow = await measure();
  }
  if (overflow) {
    throw new Error(
      `${name}: the page is ${overflow.scrollWidth} px wide in a ${overflow.width} px window (see ${path}); sticking out: ${overflow.wide.join(', ') || 'nothing found'}`,
    );
  }
  return path;
}

/**
 * The Origin header a page of the app would send. Playwright's API requests carry the browser's user agent
 * but no Origin, which the server refuses on state-changing calls as it would a forged browser request.
 */
export function sameOrigin(context: BrowserContext): { origin: string } {
  const origin = contextOrigins.get(context);
  if (!origin) throw new Error('The context was not opened by openPage');
  return { origin };
}

/** Signs the context in through the API (the session cookie lands in the context's cookie jar). */
export async function signIn(context: BrowserContext, email: string, password: string): Promise<void> {
  const response = await context.request.post('/api/v1/users/login', {
    data: { email, password },
    headers: sameOrigin(context),
  });
  if (!response.ok())
    throw new Error(`Login as ${email} failed: ${response.status()} ${await response.text()}`);
}

/** Admin credentials the browser tests start the app with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const testAdmin = { email: 'admin@layerloom.test', password: 'e2e-Admin-Pass-2026' } as const;
