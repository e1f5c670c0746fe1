import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from './support/app.ts';
import { openPage, screenshot, seriousAxeViolations, signIn, type ViewportName } from './support/browser.ts';
import { mailTo, startAppWithMember } from './support/members.ts';

let app: RunningApp;
let browser: Browser;
let member: { email: string; password: string };

const menuOf = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' }).first();

beforeAll(async () => {
  ({ app, browser, member } = await startAppWithMember({ firstname: 'Rita', lastname: 'Referrer' }));
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('referrals', () => {
  it('invites someone by email who signs up through the link and appears as referred', async () => {
    const { context, page, errors } = await openPage(browser, app.url, 'desktop');
    await signIn(context, member.email, member.password);
    await page.goto('/dashboard');
    await menuOf(page).getByRole('link', { name: 'Referrals' }).click();
    await page.getByRole('heading', { name: 'Referrals', level: 1 }).waitFor();
    await page
      .getByText('You earn $10 of Layerloom credit for each person you referred who buys a paid plan.')
      .waitFor();
    const link = await page.getByRole('textbox', { name: 'Referral link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${app.url}/\\?ref=[A-Z2-9]{10}$`));
    await page.getByText('Nobody yet: share your link or invite someone by email.').waitFor();

    const invitee = `friend-${Date.now()}@layerloom.test`;
    await page.getByLabel('Email address').fill(invitee);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText(`Invitation sent to ${invitee}.`).waitFor();
    const invitedRow = page.getByRole('row', { name: new RegExp(invitee) });
    await invitedRow.getByText('Invited').waitFor();

    // The same address again within the week is refused on the field; no second mail.
    await page.getByLabel('Email address').fill(invitee);
    await page.getByRole('button', { name: 'Send' }).click();
    await page
      .getByText(/^Already invited this week; you can invite again on \d{4}-\d{2}-\d{2}\.$/)
      .waitFor();
    errors.splice(0); // the 429 of the refused invitation is expected

    // The invited person follows the mailed link, reads the site, then signs up.
    const mail = await mailTo(context, invitee);
    expect(mail.subject).toBe('Rita Referrer invited you to Layerloom');
    const mailed = mail.text.match(/https?:\/\/\S+\/\?ref=[A-Z2-9]+/)?.[0];
    expect(mailed).toBe(link);
    const visitor = await openPage(browser, app.url, 'desktop');
    await visitor.page.goto(mailed as string);
    await visitor.page.getByRole('heading', { level: 1 }).first().waitFor();
    await visitor.page.goto('/auth/signup');
    await visitor.page.getByLabel('First name', { exact: true }).fill('Fran');
    await visitor.page.getByLabel('Last name', { exact: true }).fill('Friend');
    await visitor.page.getByLabel('Email', { exact: true }).fill(invitee);
    await visitor.page.getByLabel('Password', { exact: true }).fill('Friend-Pass-2026');
    await visitor.page.getByRole('button', { name: 'Sign up' }).click();
    await visitor.page.waitForURL('**/success');
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();

    await page.reload();
    const row = page.getByRole('row', { name: new RegExp(invitee) });
    await row.getByText('Signed up').waitFor();
    expect(await row.innerText()).toMatch(/Fran Friend/);
    expect(await page.getByText('Reward earned:').innerText()).toBe('Reward earned: $0');

    // The referrer was mailed about the sign-up (Referrals mails are on by default); Settings › Notification
    // turns them off and keeps that after a reload.
    const notice = await mailTo(context, member.email, 'Fran Friend joined Layerloom through your link');
    expect(notice.text).toContain('/dashboard/referrals');
    await page.goto('/dashboard/settings?tab=notification');
    const toggle = page.getByRole('switch', { name: 'Referrals' });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await page.getByText('Saved.').waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByRole('switch', { name: 'Referrals' }).getAttribute('aria-checked'))
      .toBe('false');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows Referrals and Settings › Notification at desktop, tablet and phone widths with no serious axe issue', async () => {
    for (const width of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const { context, page, errors } = await openPage(browser, app.url, width);
      await signIn(context, member.email, member.password);
      await page.goto('/dashboard/referrals');
      await page.getByRole('row', { name: /Fran Friend/ }).waitFor();
      await screenshot(page, 'referrals');
      expect(await seriousAxeViolations(page), `referrals at ${width}`).toEqual([]);
      await page.goto('/dashboard/settings?tab=notification');
      await page.getByRole('switch', { name: 'Referrals' }).waitFor();
      await screenshot(page, 'settings-notification');
      await page.getByRole('switch', { name: 'Drop activity' }).waitFor();
      expect(await seriousAxeViolations(page), `notification tab at ${width}`).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
