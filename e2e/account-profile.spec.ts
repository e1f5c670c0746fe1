import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from './support/app.ts';
import {
  openPage,
  screenshot,
  seriousAxeViolations,
  signIn,
  type ViewportName,
  viewports,
} from './support/browser.ts';
import { mailTo, startAppWithMember } from './support/members.ts';

let app: RunningApp;
let browser: Browser;
let member: { email: string; password: string };

/** A solid-colour RGB PNG. */
function solidPng(size: number, [red, green, blue]: readonly [number, number, number]): Buffer {
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([red, green, blue], 1 + x * 3);
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Screens `path` at the three widths (signed in as the member), with no serious axe issue. */
async function screens(path: string, name: string, ready: (page: Page) => Promise<unknown>) {
  for (const width of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
    const { context, page, errors } = await openPage(browser, app.url, width);
    await signIn(context, member.email, member.password);
    await page.goto(path);
    await ready(page);
    await screenshot(page, name);
    expect(await seriousAxeViolations(page), `${name} at ${width}`).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }
}

const header = (page: Page) => page.locator('.ll-dash__header');

beforeAll(async () => {
  ({ app, browser, member } = await startAppWithMember({ firstname: 'Mira', lastname: 'Member' }));
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('the account area', () => {
  it('edits the profile and the picture, seen in the header and on Profile', async () => {
    const { context, page, errors } = await openPage(browser, app.url, 'desktop');
    await signIn(context, member.email, member.password);
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: 'Dashboard' }).first();
    await menu.getByRole('link', { name: 'Settings' }).waitFor();
    // The spec's order; other pages (Messages, Payment plans, Referrals) land between Profile and Settings.
    const entries = await menu.getByRole('link').allInnerTexts();
    expect(entries.slice(0, 4)).toEqual(['Dashboard', 'Generate NFT', 'My Collection', 'Profile']);
    expect(entries.at(-1)).toBe('Settings');
    expect(entries).not.toContain('User Requests');

    await menu.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'Edit Profile', selected: true }).waitFor();
    await expect.poll(() => page.title()).toBe('Settings · Edit Profile · Layerloom');
    expect(await page.getByLabel('First name').inputValue()).toBe('Mira');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Street address').fill('12 St James Square');
    await page.getByLabel('City').fill('London');
    await page.getByLabel('Zip code').fill('SW1Y 4JH');
    await page.getByLabel('Country').fill('United King');
    await page.locator('.ant-select-item-option', { hasText: 'United Kingdom' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile saved').waitFor();
    await header(page).getByText('Ada Lovelace').waitFor();

    // A file that only claims to be a picture is refused with its reason; nothing changes.
    const input = page.getByTestId('avatar-input');
    await input.setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture at all, '.repeat(8)),
    });
    await page
      .getByRole('alert')
      .getByText('The file is not a supported picture (use PNG, JPEG, GIF or WebP)')
      .waitFor();
    expect(await header(page).locator('img').count()).toBe(0);

    await input.setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: solidPng(400, [46, 134, 228]),
    });
    await page.getByText('Profile picture updated').waitFor();
    const avatar = header(page).locator('img');
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toMatch(/^\/api\/v1\/avatars\/[^/]+\/[0-9a-f]{24}\.webp$/);
    await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);

    // Saved for good: a fresh load shows the same values.
    await page.reload();
    expect(await page.getByLabel('City').inputValue()).toBe('London');
    await page.locator('.ant-select-content', { hasText: 'United Kingdom' }).first().waitFor();

    await menu.getByRole('link', { name: 'Profile' }).click();
    const card = page.getByRole('region', { name: 'Ada Lovelace' });
    await card.waitFor();
    await card.getByText(member.email).waitFor();
    await card.getByText('Free', { exact: true }).waitFor();
    await card.getByText('Collections of up to 100 tokens').waitFor();
    expect(await card.locator('img').getAttribute('src')).toBe(await avatar.getAttribute('src'));
    // Nobody referred yet: the table says how people get there.
    await page
      .getByRole('region', { name: 'Referred people' })
      .getByText('Nobody yet: people who sign up with your referral link appear here.')
      .waitFor();

    // A regular user has no admin page: the refusal reads well.
    await page.goto('/dashboard/user-requests');
    await page.getByText('This page is for Layerloom administrators.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The refused file's 400 is the only console error (the browser logs every failed request).
    expect(errors.filter((error) => !/status of 400 .*\/api\/v1\/account\/avatar\)$/.test(error))).toEqual(
      [],
    );
    await context.close();

    await screens('/dashboard/settings', 'account-settings', (p) => p.getByLabel('Zip code').waitFor());
    await screens('/dashboard/profile', 'account-profile', (p) =>
      p.getByRole('region', { name: 'Ada Lovelace' }).locator('img').waitFor(),
    );
  });

  it('moves through the dashboard by links, the current page marked, from a skip link on', async () => {
    const { context, page, errors } = await openPage(browser, app.url, 'desktop');
    await signIn(context, member.email, member.password);
    await page.goto('/dashboard/notifications');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    const current = menu.locator('a[aria-current="page"]');
    await expect.poll(() => current.allInnerTexts()).toEqual(['Notifications']);
    expect(await menu.getByRole('link', { name: 'Referrals' }).getAttribute('href')).toBe(
      '/dashboard/referrals',
    );

    // The header names the user, not their internal ID (Profile shows it, short).
    expect(await page.locator('.ll-dash__header').innerText()).not.toMatch(/\bID\b|[0-9a-f]{8}-[0-9a-f]{4}/);

    // The first Tab reaches the skip link, shown on screen; Enter moves focus to the page itself.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.y >= 0 && box.height > 0).toBe(true);
    await screenshot(page, 'dashboard-skip-link');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    expect(new URL(page.url()).hash).toBe('');

    // A menu entry opens in a new tab like any link (Ctrl+click), leaving this page where it is.
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      menu.getByRole('link', { name: 'Referrals' }).click({ modifiers: ['Control'] }),
    ]);
    await tab.waitForURL('**/dashboard/referrals');
    await tab.getByRole('heading', { name: 'Referrals', level: 1 }).waitFor();
    await tab.close();
    expect(new URL(page.url()).pathname).toBe('/dashboard/notifications');

    // The header search box shows a clear ring when focused, not a faint tint.
    await page.keyboard.press('/');
    const field = page.locator('.ll-dash__header .ll-search__input');
    await expect
      .poll(() => field.evaluate((element) => getComputedStyle(element).outlineStyle))
      .toBe('solid');
    expect(await field.evaluate((element) => getComputedStyle(element).outlineWidth)).toBe('2px');
    await page.keyboard.press('Escape');

    // Following an entry moves the mark, and the page's title is the entry's name.
    await menu.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await expect.poll(() => current.allInnerTexts()).toEqual(['Settings']);
    expect(await page.locator('.ll-dash__section').innerText()).toBe('Settings');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes the email once the link mailed to the new address is opened', async () => {
    const { context, page, errors } = await openPage(browser, app.url, 'phone');
    await signIn(context, member.email, member.password);
    await page.goto('/dashboard/settings');
    const newEmail = `renamed-${Date.now()}@layerloom.test`;
    await page.getByLabel('Email').fill(newEmail);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Confirm ${newEmail}`).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(member.email);
    await mailTo(context, member.email, new RegExp(`asked to change its email to ${newEmail}`));

    const link = (await mailTo(context, newEmail, /\/confirm-email\//)).text.match(
      /(\/confirm-email\/[A-Za-z0-9_-]+)/,
    );
    if (!link?.[1]) throw new Error('no confirmation link');
    await page.goto(link[1]);
    await page.getByRole('heading', { name: 'Email changed' }).waitFor();
    await page.getByText(newEmail).waitFor();
    await screenshot(page, 'account-email-confirmed');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Go to my profile' }).click();
    await page.getByRole('region', { name: 'Ada Lovelace' }).getByText(newEmail).waitFor();
    // The link works once.
    await page.goto(link[1]);
    await page
      .getByText('This confirmation link is not valid. Save your new email again to get a new one.')
      .waitFor();
    // The confirmation page at the other widths, in the state a reused link shows.
    for (const width of ['tablet', 'desktop'] as ViewportName[]) {
      await page.setViewportSize(viewports[width]);
      await screenshot(page, 'account-email-link-used');
      expect(await seriousAxeViolations(page), `used link at ${width}`).toEqual([]);
    }
    expect(errors.filter((error) => !error.includes('400'))).toEqual([]);
    await context.close();
    member = { ...member, email: newEmail };
  });
});
