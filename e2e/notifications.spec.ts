import { deployCollection, mint, setPhase } from '@layerloom/contracts';
import type { Browser, Page } from 'playwright-core';
import { type Address, createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { anvil as anvilChain } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Anvil, startAnvil } from './support/anvil.ts';
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
import { callInPage, startSampleCollection, waitUntilReady } from './support/in-page.ts';
import { mailTo, send, startAppWithMember } from './support/members.ts';
import { anvilAccount0, anvilAccount1 } from './support/wallet.ts';

/** Waits until the page's animations (the dropdown opening) have finished, so a screenshot shows it whole. */
const settled = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));

let anvil: Anvil;
let app: RunningApp;
let browser: Browser;
let member: { email: string; password: string };

beforeAll(async () => {
  anvil = await startAnvil();
  ({ app, browser, member } = await startAppWithMember(
    { firstname: 'Nora', lastname: 'Notified' },
    { RPC_URL_31337: anvil.rpcUrl },
  ));
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await anvil?.stop();
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

  it('tells a creator their drop is deployed, then, once a collector’s mint page has read the sale, its first mint', async () => {
    const { context, page, errors } = await openPage(browser, app.url, 'desktop');
    await signIn(context, member.email, member.password);
    await page.goto('/dashboard');
    const collectionId = await startSampleCollection(page, {
      name: 'Bell Blobs',
      description: 'Rung',
      size: 4,
    });
    await waitUntilReady(page, collectionId);
    const published = await callInPage(page, `/api/v1/collections/${collectionId}/publication`, 'POST', {});
    const { slug } = published.json.data.publication;
    const clients = (account: Address) => ({
      publicClient: createPublicClient({ chain: anvilChain, transport: http(anvil.rpcUrl) }),
      walletClient: createWalletClient({ chain: anvilChain, transport: http(anvil.rpcUrl), account }),
    });
    // Deployed from the creator's wallet (here from Node, as drop.spec does) and recorded.
    const deployed = await deployCollection({
      ...clients(anvilAccount0),
      collection: {
        name: 'Bell Blobs',
        symbol: 'BELL',
        maxSupply: 4,
        mintPrice: parseEther('0.01'),
        maxPerWallet: 2,
        preRevealURI: `${app.url}/hidden.json`,
      },
    });
    const recorded = await callInPage(page, `/api/v1/collections/${collectionId}/deployments`, 'POST', {
      chainId: 31_337,
      address: deployed.address,
      deployer: anvilAccount0,
      transactionHash: deployed.hash,
      name: 'Bell Blobs',
      symbol: 'BELL',
      maxSupply: 4,
    });
    expect(recorded.json.data.deployment.status).toBe('verified');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    const unread = async () => (await send(context, 'GET', '/api/v1/notifications')).data.unread as number;
    const before = await unread();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe(`Notifications, ${before} unread`);

    // A collector mints; nothing is known until the sale is read, which the public mint page does.
    await setPhase({ ...clients(anvilAccount0), address: deployed.address, phase: 'public' });
    await mint({ ...clients(anvilAccount1), address: deployed.address, quantity: 1 });
    const visitor = await openPage(browser, app.url, 'phone');
    await visitor.page.goto(`/mint/${slug}`);
    await visitor.page.getByText('1 of 4 minted').first().waitFor();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe(`Notifications, ${before + 1} unread`);

    await bell.click();
    const panel = page.getByRole('list', { name: 'Latest notifications' });
    await panel.getByText('“Bell Blobs” is deployed on Local (anvil)').waitFor();
    await settled(page);
    await screenshot(page, 'notifications-drop');
    await panel.getByRole('button', { name: /First mint of “Bell Blobs”/ }).click();
    await page.waitForURL(`**/dashboard/collections/${collectionId}`);
    expect((await mailTo(context, member.email, 'First mint of “Bell Blobs”')).text).toContain(
      `/dashboard/collections/${collectionId}`,
    );
    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    await context.close();
  });
});
