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
import { send, startAppWithMember } from './support/members.ts';

let app: RunningApp;
let browser: Browser;
let member: { email: string; password: string };

const menuOf = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' }).first();

beforeAll(async () => {
  ({ app, browser, member } = await startAppWithMember({ firstname: 'Bea', lastname: 'Buyer' }));
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('payment plans', () => {
  it('buys Pro through the local test checkout and Generate NFT allows 5,000 assets at once', async () => {
    const { context, page, errors } = await openPage(browser, app.url, 'desktop');
    await signIn(context, member.email, member.password);
    await page.goto('/dashboard/nft');
    await page.getByText('Your Free plan: up to 100 assets').first().waitFor();

    await menuOf(page).getByRole('link', { name: 'Payment plans' }).click();
    await page.getByRole('heading', { name: 'Payment plans', level: 1 }).waitFor();
    await page.getByText('Local test checkout').waitFor();
    const free = page.getByRole('listitem', { name: 'Free' });
    await free.getByText('Current plan').waitFor();
    await page.getByRole('button', { name: 'Buy Plan: Pro' }).click();

    await page.getByText('LOCAL TEST CHECKOUT').waitFor();
    await expect.poll(() => page.title()).toBe('Local test checkout · Layerloom');
    const summary = page.locator('.llb-checkout__summary');
    expect(await summary.innerText()).toMatch(/Plan\s+Pro\s+Up to\s+5,000 assets\s+Amount\s+\$279\.00/);
    await page.getByRole('button', { name: 'Pay $279.00 (test)' }).click();

    await page
      .getByText('Payment recorded. Your new plan applies to everything you generate from now on.')
      .waitFor();
    await page.getByRole('listitem', { name: 'Pro' }).getByText('Current plan').waitFor();
    expect(await page.getByRole('button', { name: 'Change plan: Enterprise' }).innerText()).toBe(
      'Change plan',
    );

    await menuOf(page).getByRole('link', { name: 'Generate NFT' }).click();
    await page.getByText('Your Pro plan: up to 5,000 assets.').first().waitFor();

    await page.goto('/dashboard/settings?tab=payment');
    const row = page.getByRole('row', { name: /Pro/ });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Pro\s+\$279\.00\s+Test payment: no receipt/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the plans, the test checkout and Settings › Payment at desktop, tablet and phone widths with no serious axe issue', async () => {
    for (const width of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const { context, page, errors } = await openPage(browser, app.url, width);
      await signIn(context, member.email, member.password);
      await page.goto('/dashboard/payment-plans');
      await page.getByRole('listitem', { name: 'Enterprise' }).waitFor();
      await screenshot(page, 'payment-plans');
      expect(await seriousAxeViolations(page), `plans at ${width}`).toEqual([]);
      // The checkout is opened, not paid: an open checkout changes nothing.
      await page.getByRole('button', { name: 'Change plan: Enterprise' }).click();
      await page.getByText('LOCAL TEST CHECKOUT').waitFor();
      await page.getByRole('button', { name: 'Pay $379.00 (test)' }).waitFor();
      await screenshot(page, 'payment-test-checkout');
      expect(await seriousAxeViolations(page), `test checkout at ${width}`).toEqual([]);
      await page.goto('/dashboard/settings?tab=payment');
      await page.getByRole('heading', { name: 'Payments and receipts' }).waitFor();
      await screenshot(page, 'settings-payment');
      expect(await seriousAxeViolations(page), `payment tab at ${width}`).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('refunds the test payment as a provider would: the row says Refunded and the plan goes back to Free', async () => {
    const { context, page, errors } = await openPage(browser, app.url, 'desktop');
    await signIn(context, member.email, member.password);
    await page.goto('/dashboard/settings?tab=payment');
    await page.getByRole('button', { name: /^Refund the test payment of / }).click();
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.getByText('Test payment refunded').waitFor();
    const row = page.getByRole('row', { name: /Pro/ });
    await row.getByText('Refunded').waitFor();
    await page.goto('/dashboard/payment-plans');
    await page.getByRole('listitem', { name: 'Free' }).getByText('Current plan').waitFor();
    await page.goto('/dashboard/nft');
    await page.getByText('Your Free plan: up to 100 assets').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes the referral credit of a friend on a paid plan off the next plan, shown on the plans, the checkout and Referrals', async () => {
    // A friend signs up through Bea's link and an administrator puts them on Starter: $10 of credit.
    // One context for every width (resized), so Bea signs in twice, not once per width (sign-ins are limited).
    const { context, page, errors } = await openPage(browser, app.url, 'desktop');
    await signIn(context, member.email, member.password);
    const { code } = (await send(context, 'GET', '/api/v1/referrals')).data;
    const friend = await send(context, 'POST', '/api/v1/users', {
      firstname: 'Fay',
      lastname: 'Friend',
      email: `fay-${Date.now()}@layerloom.test`,
      password: 'Friend-Pass-2026',
      ref: code,
    });
    await signIn(context, testAdmin.email, testAdmin.password);
    await send(context, 'PATCH', `/api/v1/users/${friend.data.user._id}/plan`, { planId: 'starter' });
    await signIn(context, member.email, member.password);

    for (const width of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      await page.setViewportSize(viewports[width]);
      await page.goto('/dashboard/referrals');
      await page.getByText('of credit left').waitFor();
      expect(await page.getByText('of credit left').innerText()).toBe(
        'You have $10 of credit left: the next plan you buy costs that much less at checkout. See the plans',
      );
      await screenshot(page, 'referrals-credit');
      expect(await seriousAxeViolations(page), `referrals at ${width}`).toEqual([]);
      await page.getByRole('link', { name: 'See the plans' }).click();
      await page.getByText('You have $10.00 of referral credit').waitFor();
      await screenshot(page, 'payment-plans-credit');
      expect(await seriousAxeViolations(page), `plans with credit at ${width}`).toEqual([]);
      await page.getByRole('button', { name: 'Buy Plan: Starter' }).click();
      await page.getByText('LOCAL TEST CHECKOUT').waitFor();
      const summary = page.locator('.llb-checkout__summary');
      await summary.waitFor();
      expect(await summary.innerText()).toMatch(
        /Plan\s+Starter\s+Up to\s+1,000 assets\s+Plan price\s+\$179\.00\s+Referral credit\s+−\$10\.00\s+Amount\s+\$169\.00/,
      );
      await screenshot(page, 'payment-test-checkout-credit');
      expect(await seriousAxeViolations(page), `checkout with credit at ${width}`).toEqual([]);
      if (width === 'phone') {
        await page.getByRole('button', { name: 'Pay $169.00 (test)' }).click();
        await page.getByRole('listitem', { name: 'Starter' }).getByText('Current plan').waitFor();
        expect(await page.getByText('of referral credit').count()).toBe(0);
        await page.goto('/dashboard/settings?tab=payment');
        expect(await page.getByRole('row', { name: /Starter/ }).innerText()).toMatch(/Starter\s+\$169\.00/);
      } else {
        // Left unpaid: the next width's checkout takes the credit back.
        await page.getByRole('link', { name: 'Cancel' }).click();
        await page.getByText('Checkout cancelled: nothing was charged.').waitFor();
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
