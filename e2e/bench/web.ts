// `npm run bench:web`: what the built app's pages cost a browser on first load, against the budgets
// (landing ≤ 150 KB of JavaScript over the wire and LCP < 1 s; dashboard ≤ 250 KB). Chromium on loopback,
// cache empty, compressed as the server sends it. A report, not a test: it prints and exits 0, or 1 when
// a page is over budget.
import type { Browser } from 'playwright-core';
import { startApp } from '../support/app.ts';
import { launchBrowser, openPage, signIn, testAdmin } from '../support/browser.ts';

interface PageCost {
  page: string;
  scripts: number;
  /** JavaScript bytes over the wire (compressed). */
  transferred: number;
  /** The same scripts uncompressed. */
  decoded: number;
  lcpMs: number | null;
}

async function measure(browser: Browser, url: string, path: string, signedIn: boolean): Promise<PageCost> {
  const { context, page } = await openPage(browser, url);
  if (signedIn) await signIn(context, testAdmin.email, testAdmin.password);
  await page.addInitScript(() => {
    const win = window as unknown as { __lcp: number | null };
    win.__lcp = null;
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1);
      if (last) win.__lcp = last.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(300);
  const cost = await page.evaluate(() => {
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming)
      .filter((entry) => entry.name.endsWith('.js'));
    return {
      scripts: scripts.length,
      transferred: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
      decoded: scripts.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
      lcpMs: (window as unknown as { __lcp: number | null }).__lcp,
    };
  });
  await context.close();
  return { page: path, ...cost };
}

const budgets: Record<string, { kb: number; lcpMs?: number }> = {
  '/': { kb: 150, lcpMs: 1000 },
  '/dashboard': { kb: 250 },
};

const app = await startApp({ ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password });
const browser = await launchBrowser();
let over = false;
try {
  const rows: PageCost[] = [];
  for (const [path, signedIn] of [
    ['/', false],
    ['/auth/login', false],
    ['/dashboard', true],
    ['/dashboard/nft', true],
    ['/dashboard/collections', true],
  ] as const) {
    rows.push(await measure(browser, app.url, path, signedIn));
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log('page                      scripts  JS over the wire  JS decoded  LCP       budget');
  for (const row of rows) {
    const budget = budgets[row.page];
    const fails =
      budget !== undefined &&
      (row.transferred > budget.kb * 1024 ||
        (budget.lcpMs !== undefined && (row.lcpMs === null || row.lcpMs > budget.lcpMs)));
    over ||= fails;
    console.log(
      [
        row.page.padEnd(25),
        String(row.scripts).padStart(7),
        kb(row.transferred).padStart(17),
        kb(row.decoded).padStart(11),
        (row.lcpMs === null ? '—' : `${Math.round(row.lcpMs)} ms`).padStart(8),
        budget
          ? `  ≤ ${budget.kb} KB${budget.lcpMs ? `, LCP < ${budget.lcpMs} ms` : ''}${fails ? '  OVER' : '  ok'}`
          : '',
      ].join(' '),
    );
  }
} finally {
  await browser.close();
  await app.stop();
}
process.exit(over ? 1 : 0);
