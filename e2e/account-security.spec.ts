import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app.ts';
import {
  launchBrowser,
  openPage,
  sameOrigin,
  screenshot,
  seriousAxeViolations,
  signIn,
  testAdmin,
  type ViewportName,
} from './support/browser.ts';

const IPAD_SAFARI =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let app: RunningApp;
let browser: Browser;
let member: { email: string; password: string };

/** Sends an API call as a page of the app would (same-origin), with the context's session. */
async function send(context: BrowserContext, method: string, path: string, data?: unknown) {
  const response = await context.request.fetch(path, {
    method,
    headers: sameOrigin(context),
    ...(data === undefined ? {} : { data }),
  });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** The newest development-outbox mail to `to` whose text matches `pattern`. */
async function mailTo(context: BrowserContext, to: string, pattern: RegExp) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = (await (await context.request.get('/dev/mailbox.json')).json()) as {
      data: { mails: { to: string; subject: string; text: string }[] };
    };
    const mail = mails.data.mails.find((candidate) => candidate.to === to && pattern.test(candidate.text));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

/** A regular account: signed up, its mailed link opened, approved by the admin. */
async function createMember(context: BrowserContext) {
  const email = `secure-${Date.now()}@layerloom.test`;
  const password = 'Member-Pass-2026';
  const created = await send(context, 'POST', '/api/v1/users', {
    firstname: 'Sela',
    lastname: 'Secure',
    email,
    password,
  });
  const link = (await mailTo(context, email, /\/verify\//)).text.match(/\/verify\/([^/\s]+)\/([^\s]+)/);
  if (!link) throw new Error(`no verification link for ${email}`);
  await send(context, 'PATCH', `/api/v1/users/verify/${link[1]}/${link[2]}`);
  await signIn(context, testAdmin.email, testAdmin.password);
  await send(context, 'PATCH', `/api/v1/users/update-account-status/${created.data.user._id}`, {
    accountAccepted: { status: 'approved' },
  });
  return { email, password };
}

const sessionItems = (page: Page) =>
  page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem');

async function openSecurity(page: Page) {
  await page.goto('/dashboard/settings?tab=security');
  await page.getByRole('tab', { name: 'Security', selected: true }).waitFor();
  await page.getByRole('list', { name: 'Active sessions' }).waitFor();
}

beforeAll(async () => {
  app = await startApp({ ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password });
  browser = await launchBrowser();
  const { context } = await openPage(browser, app.url);
  member = await createMember(context);
  await context.close();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('Settings › Security', () => {
  it('signs one device out, then changes the password and the other browser is signed out', async () => {
    const here = await openPage(browser, app.url, 'desktop');
    const phone = await openPage(browser, app.url, 'phone');
    const tablet = await openPage(browser, app.url, 'tablet');
    for (const opened of [here, phone]) await signIn(opened.context, member.email, member.password);
    // The tablet signs in as an iPad's Safari would, so the list names it by its user agent.
    const tabletLogin = await tablet.context.request.post('/api/v1/users/login', {
      data: member,
      headers: { ...sameOrigin(tablet.context), 'user-agent': IPAD_SAFARI },
    });
    expect(tabletLogin.status()).toBe(200);

    await openSecurity(here.page);
    await expect.poll(() => sessionItems(here.page).count()).toBe(3);
    const mine = sessionItems(here.page).first();
    expect(await mine.getByText('This device').isVisible()).toBe(true);
    expect(await mine.getByRole('button', { name: /^Sign out/ }).count()).toBe(0);
    expect(await mine.textContent()).toContain('127.0.0.1');

    // Sign the tablet out from the list: its next page load asks it to log in.
    const ipad = sessionItems(here.page).filter({ hasText: 'Tablet · iOS' });
    expect(await ipad.textContent()).toContain('Safari 17 · 127.0.0.1');
    await ipad.getByRole('button', { name: 'Sign out Safari 17 · 127.0.0.1' }).click();
    await here.page.getByText('Signed out Safari 17 on Tablet · iOS').waitFor();
    await expect.poll(() => sessionItems(here.page).count()).toBe(2);
    await tablet.page.goto('/dashboard/settings?tab=security');
    await tablet.page.waitForURL(/\/auth\/login\?next=/);

    await phone.page.goto('/dashboard');
    await phone.page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(phone.page.url()).toContain('/dashboard');

    await here.page.getByLabel('Current password').fill('Wrong-Pass-2026');
    await here.page.getByLabel('New password', { exact: true }).fill('Changed-Pass-2026');
    await here.page.getByLabel('Confirm new password').fill('Changed-Pass-2026');
    await here.page.getByRole('button', { name: 'Change password' }).click();
    await here.page.getByText('Your current password is not correct.').waitFor();

    await here.page.getByLabel('Current password').fill(member.password);
    await here.page.getByRole('button', { name: 'Change password' }).click();
    await here.page.getByText('Password changed. 1 other device was signed out').waitFor();
    await expect.poll(() => sessionItems(here.page).count()).toBe(1);

    await phone.page.reload();
    await phone.page.waitForURL(/\/auth\/login\?next=/);
    await openSecurity(here.page);
    expect(await sessionItems(here.page).count()).toBe(1);

    const mail = await mailTo(
      here.context,
      member.email,
      /password of your Layerloom account was just changed/,
    );
    expect(mail.subject).toBe('Your Layerloom password was changed');
    const old = await here.context.request.post('/api/v1/users/login', {
      data: { email: member.email, password: member.password },
      headers: sameOrigin(here.context),
    });
    expect(old.status()).toBe(401);
    member.password = 'Changed-Pass-2026';
    for (const opened of [here, phone, tablet]) {
      expect(opened.errors.filter((error) => !/status of 40[01]/.test(error))).toEqual([]);
      await opened.context.close();
    }
  });

  it('reads well at 1440, 820 and 390 px with no serious axe issue', async () => {
    // A second signed-in device, so the list shows another session with its Sign out button.
    const other = await openPage(browser, app.url, 'desktop');
    await signIn(other.context, member.email, member.password);
    for (const width of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const { context, page, errors } = await openPage(browser, app.url, width);
      await signIn(context, member.email, member.password);
      await openSecurity(page);
      await expect.poll(() => sessionItems(page).count()).toBeGreaterThanOrEqual(2);
      await screenshot(page, 'settings-security');
      expect(await seriousAxeViolations(page), `security at ${width}`).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
    await other.context.close();
  });
});
