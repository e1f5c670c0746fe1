import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from './support/app.ts';
import {
  dialogSettled,
  openPage,
  screenshot,
  seriousAxeViolations,
  signIn,
  type ViewportName,
} from './support/browser.ts';
import { mailTo, startAppWithMember } from './support/members.ts';

let app: RunningApp;
let browser: Browser;
let member: { email: string; password: string };

beforeAll(async () => {
  ({ app, browser, member } = await startAppWithMember({ firstname: 'Dana', lastname: 'Departing' }));
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('Settings › Delete Account', () => {
  it('reads well at 1440, 820 and 390 px with no serious axe issue', async () => {
    for (const width of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const { context, page, errors } = await openPage(browser, app.url, width);
      await signIn(context, member.email, member.password);
      await page.goto('/dashboard/settings?tab=delete-account');
      await page.getByRole('tab', { name: 'Delete Account', selected: true }).waitFor();
      await page
        .getByText('Once you delete your account, there is no going back. Please be certain.')
        .waitFor();
      await screenshot(page, 'settings-delete-account');
      expect(await seriousAxeViolations(page), `delete account at ${width}`).toEqual([]);
      if (width === 'phone') {
        await page.getByRole('button', { name: 'Deactivate' }).click();
        await page.getByRole('dialog', { name: 'Deactivate your account?' }).waitFor();
        // The dialog's opening animation settles before the screenshot and axe look at its colours.
        await dialogSettled(page);
        await screenshot(page, 'settings-deactivate-dialog');
        expect(await seriousAxeViolations(page), 'deactivate dialog').toEqual([]);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
      }
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('dialog', { name: 'Delete your account for good?' }).waitFor();
      await dialogSettled(page);
      await screenshot(page, 'settings-delete-dialog');
      expect(await seriousAxeViolations(page), `delete dialog at ${width}`).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('deactivates with the password: every device is signed out, sign-in offers to reactivate and signs in', async () => {
    const here = await openPage(browser, app.url, 'desktop');
    const other = await openPage(browser, app.url, 'phone');
    for (const opened of [here, other]) await signIn(opened.context, member.email, member.password);
    const { page } = here;
    await page.goto('/dashboard/settings?tab=delete-account');
    await page.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate your account?' });
    await dialog.waitFor();
    await dialogSettled(page);
    await dialog.getByLabel('Password').fill('Not-The-Password-1');
    await dialog.getByRole('button', { name: 'Deactivate my account' }).click();
    await dialog.getByText('Your password is not correct.').waitFor();
    await dialog.getByLabel('Password').fill(member.password);
    await dialog.getByRole('button', { name: 'Deactivate my account' }).click();
    await page.getByText('Your account is deactivated. Sign in again to reactivate it.').waitFor();
    await page.waitForURL((url) => !url.pathname.startsWith('/dashboard'));
    const mail = await mailTo(here.context, member.email, 'Your Layerloom account was deactivated');
    expect(mail.text).toContain('Your public mint pages stay up.');

    // The other device is signed out too.
    await other.page.goto('/dashboard/settings');
    await other.page.waitForURL(/\/auth\/login\?next=/);

    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    const offer = page.getByRole('alert').filter({ hasText: 'This account is deactivated. Reactivate it?' });
    await offer.waitFor();
    await screenshot(page, 'login-deactivated');
    expect(await seriousAxeViolations(page), 'login offering to reactivate').toEqual([]);
    await offer.getByRole('button', { name: 'Reactivate' }).click();
    await page.waitForURL(/\/dashboard/);
    await mailTo(here.context, member.email, 'Your Layerloom account is active again');
    await page.goto('/dashboard/settings?tab=delete-account');
    await page.getByRole('tab', { name: 'Delete Account', selected: true }).waitFor();
    expect(here.errors.filter((error) => !/status of 40[013]/.test(error))).toEqual([]);
    await here.context.close();
    await other.context.close();
  });

  it('deletes the account with the password and DELETE typed: signed out, a last mail, and no sign-in any more', async () => {
    const { context, page, errors } = await openPage(browser, app.url, 'desktop');
    await signIn(context, member.email, member.password);
    await page.goto('/dashboard/settings?tab=delete-account');
    // Download my data first: a ZIP whose account.json (stored, so readable in the bytes) is hers.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Download my data/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^layerloom-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = readFileSync(await download.path());
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.toString('utf8')).toContain('account.json');
    expect(zip.toString('utf8')).toContain(`"email": "${member.email}"`);
    expect(zip.toString('utf8')).not.toContain('password');

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' });
    await dialog.waitFor();
    await dialog.getByLabel('Password').fill(member.password);
    await dialog.getByLabel('Type DELETE to confirm').fill('delete');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog
      .locator('.ant-form-item-explain-error')
      .filter({ hasText: 'Type DELETE to confirm' })
      .waitFor();
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('Your account is deleted. We sent you a last mail.').waitFor();
    await page.waitForURL((url) => !url.pathname.startsWith('/dashboard'));
    const mail = await mailTo(context, member.email, 'Your Layerloom account was deleted');
    expect(mail.text).toContain('We keep only the payment records accounting law requires');

    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Incorrect email or password.').waitFor();
    expect(errors.filter((error) => !/status of 40[01]/.test(error))).toEqual([]);
    await context.close();
  });
});
