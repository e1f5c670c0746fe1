import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from './support/app.ts';
import {
  openPage,
  screenshot,
  seriousAxeViolations,
  signIn,
  testAdmin,
  type ViewportName,
  viewports,
} from './support/browser.ts';
import { mailTo, send, startAppWithMember } from './support/members.ts';

/** Waits until the page's animations (the dropdown opening) have finished, so a screenshot shows it whole. */
const settled = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));

let app: RunningApp;
let browser: Browser;
let member: { email: string; password: string };

beforeAll(async () => {
  ({ app, browser, member } = await startAppWithMember({ firstname: 'Nora', lastname: 'Notified' }));
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('the notification bell', () => {
  it('counts a notification arriving live, lists it with its link, and clears when read', async () => {
    const { context, page, errors } = await openPage(browser, app.url, 'desktop');
    await signIn(context, member.email, member.password);
    await page.goto('/dashboard');
    // The admin's approval is the member's first notification.
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');

    // An admin, in another browser context, grants a plan: the bell counts it without a reload.
    const admin = await openPage(browser, app.url, 'desktop');
    await signIn(admin.context, testAdmin.email, testAdmin.password);
    const memberId = (await send(context, 'GET', '/api/v1/session')).data.user._id;
    await send(admin.context, 'PATCH', `/api/v1/users/${memberId}/plan`, { planId: 'starter' });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 2 unread');
    expect((await mailTo(context, member.email, 'Your plan is now Starter')).text).toContain(
      '/dashboard/payment-plans',
    );

    await bell.click();
    const panel = page.getByRole('list', { name: 'Latest notifications' });
    await panel.getByText('Your plan is now Starter').waitFor();
    await panel.getByText('Your account was approved').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    for (const width of ['tablet', 'phone', 'desktop'] as ViewportName[]) {
      // Opened again at each width, as someone on that screen would.
      await bell.click();
      await panel.waitFor({ state: 'hidden' });
      await page.setViewportSize(viewports[width]);
      await bell.click();
      await panel.waitFor();
      await settled(page);
      await screenshot(page, 'notifications-bell');
    }

    // Opening one marks it read and goes where it is about.
    await page.goto('/dashboard/notifications');
    await bell.click();
    await panel.getByRole('button', { name: /Your account was approved/ }).click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');

    // Mark all as read: the count clears, here and live in another tab of the same user.
    const otherTab = await context.newPage();
    await otherTab.goto('/dashboard/notifications');
    await otherTab.getByText('1 unread of 2').waitFor();
    await bell.click();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
    await otherTab.getByText('0 unread of 2').waitFor();
    expect(await seriousAxeViolations(otherTab)).toEqual([]);
    for (const width of ['tablet', 'desktop'] as ViewportName[]) {
      await otherTab.setViewportSize(viewports[width]);
      await screenshot(otherTab, 'notifications-page');
    }
    expect(errors).toEqual([]);
  });

  it('pages the full list at phone width', async () => {
    const { context, page, errors } = await openPage(browser, app.url, 'phone');
    await signIn(context, testAdmin.email, testAdmin.password);
    // The admin was told about every account waiting for review (sign-ups are limited to 10 an hour per
    // address) and about a plan change: eleven notifications make two pages.
    for (let n = 0; n < 9; n++) {
      await send(context, 'POST', '/api/v1/users', {
        firstname: `Waiting${n}`,
        lastname: 'Person',
        email: `waiting-${n}-${Date.now()}@layerloom.test`,
        password: 'Member-Pass-2026',
      });
    }
    const admin = (await send(context, 'GET', '/api/v1/session')).data.user._id;
    await send(context, 'PATCH', `/api/v1/users/${admin}/plan`, { planId: 'pro' });
    await page.goto('/dashboard/notifications');
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await page.getByText('11 unread of 11').waitFor();
    const rows = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(10);
    await page.getByRole('listitem', { name: '2' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await page
      .getByText(/Nora Notified/)
      .first()
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'notifications-page-2');
    expect(errors).toEqual([]);
  });
});
