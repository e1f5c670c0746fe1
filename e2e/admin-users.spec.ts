import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './support/app.ts';
import {
  launchBrowser,
  type OpenedPage,
  openPage,
  screenshot,
  seriousAxeViolations,
  testAdmin,
  type ViewportName,
} from './support/browser.ts';
import { createMember } from './support/members.ts';

describe('User Requests › Users in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: OpenedPage;

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password });
    browser = await launchBrowser();
    admin = await openPage(browser, app.url, 'desktop');
  });
  afterAll(async () => {
    await admin?.context.close();
    await browser?.close();
    await app?.stop();
  });

  it('finds a member, changes the plan, deactivates (sign-in refused), reactivates and reads the history', async () => {
    const member = await createMember(admin.context, { firstname: 'Dora', lastname: 'Deact' });
    const page = admin.page;
    await page.goto('/dashboard/user-requests');
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByLabel('Search users by name or email').fill(member.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('row', { name: /Dora Deact/ });
    await row.waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);

    await page.getByRole('combobox', { name: 'Plan of Dora Deact' }).click();
    await page.getByTitle('Pro', { exact: true }).click();
    await page.getByText('Dora Deact is now on the Pro plan').waitFor();

    await page.getByRole('button', { name: 'Deactivate Dora Deact' }).click();
    await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await row.getByText('Deactivated').waitFor();

    const visitor = await openPage(browser, app.url, 'phone');
    await visitor.page.goto('/auth/login');
    await visitor.page.getByLabel('Email').fill(member.email);
    await visitor.page.getByLabel('Password').fill(member.password);
    await visitor.page.getByRole('button', { name: 'Login', exact: true }).click();
    await visitor.page
      .getByText('Your account has been deactivated by an admin.', { exact: false })
      .waitFor();
    await screenshot(visitor.page, 'admin-users-login-deactivated');
    await visitor.context.close();

    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const sizes = { desktop: 1440, tablet: 820, phone: 390 } as const;
      await page.setViewportSize({ width: sizes[viewport], height: viewport === 'phone' ? 844 : 900 });
      // Below 768 px each user is a card, not a squeezed table row.
      const entry =
        viewport === 'phone'
          ? page.getByRole('list', { name: 'Users' }).getByRole('listitem').filter({ hasText: 'Dora Deact' })
          : row;
      await entry.getByText('Deactivated').waitFor();
      if (viewport === 'phone') expect(await page.getByRole('table').count()).toBe(0);
      await screenshot(page, 'admin-users-tab');
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('button', { name: 'Reactivate' }).click();
    await row.getByText('Active').waitFor();
    await page.getByRole('button', { name: 'History of Dora Deact' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Reactivated').waitFor();
    expect(await dialog.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Reactivated'),
      expect.stringContaining('Deactivated'),
      expect.stringContaining('Plan changed: free → pro'),
      expect.stringContaining('Approved: OK'),
    ]);
    await screenshot(page, 'admin-users-history');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
