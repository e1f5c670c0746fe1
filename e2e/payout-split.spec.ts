import { join } from 'node:path';
import { layerloomCollectionAbi, mint, setPhase } from '@layerloom/contracts';
import type { Browser, Page } from 'playwright-core';
import { type Address, createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { anvil as anvilChain } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Anvil, startAnvil } from './support/anvil.ts';
import { type RunningApp, startApp } from './support/app.ts';
import {
  dialogSettled,
  launchBrowser,
  openPage,
  screenshot,
  screenshotDir,
  seriousAxeViolations,
  signIn,
  testAdmin,
  type ViewportName,
} from './support/browser.ts';
import { confirmed, launchStep, openDrop } from './support/drop-ui.ts';
import { callInPage, startSampleCollection } from './support/in-page.ts';
import { openMoreOptions } from './support/launch-form.ts';
import {
  anvilAccount0,
  anvilAccount1,
  anvilAccount3,
  anvilAccount4,
  installTestWallet,
} from './support/wallet.ts';

// The creator deploys and owns the contract; two collaborators share the sales 70 / 30 and never send a
// transaction themselves (so their balances move only by what they are paid); a collector buys.
const creator = anvilAccount0;
const collector = anvilAccount1;
const artist = anvilAccount3 as Address;
const coder = anvilAccount4 as Address;

describe('a launch whose sales are split between two wallets', () => {
  let anvil: Anvil;
  let app: RunningApp;
  let browser: Browser;
  let collectionId: string;

  const publicClient = () => createPublicClient({ chain: anvilChain, transport: http(anvil.rpcUrl) });
  const walletOf = (account: string) =>
    createWalletClient({ account: account as Address, chain: anvilChain, transport: http(anvil.rpcUrl) });

  beforeAll(async () => {
    anvil = await startAnvil();
    [app, browser] = await Promise.all([
      startApp({
        ADMIN_EMAIL: testAdmin.email,
        ADMIN_PASSWORD: testAdmin.password,
        RPC_URL_31337: anvil.rpcUrl,
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await anvil?.stop();
  });

  /** Opens the collection page with the wallet connected, on the launch form. */
  async function openLaunch(page: Page) {
    await page.goto(`/dashboard/collections/${collectionId}`);
    const launch = page.getByRole('region', { name: 'Launch', exact: true });
    await launch.getByRole('button', { name: 'Connect Test Wallet' }).click({ timeout: 60_000 });
    await expect.poll(() => launch.getByText('Connected with Test Wallet').isVisible()).toBe(true);
    return launch;
  }

  it('deploys with two payees from the launch form, records them, and pays one its share on chain', async () => {
    const { context, page, errors } = await openPage(browser, app.url);
    await installTestWallet(page, { rpcUrl: anvil.rpcUrl, account: creator });
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto('/dashboard');
    collectionId = await startSampleCollection(page, {
      name: 'Split Blobs',
      description: 'Sales shared by two wallets',
      size: 4,
    });
    await page.goto(`/dashboard/collections/${collectionId}`);
    await page.getByRole('button', { name: 'Publish, hosted by Layerloom' }).click({ timeout: 60_000 });
    await dialogSettled(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    const launch = await openLaunch(page);

    // The wallet is on the local chain, which the server reads: the form starts there, nothing to switch.
    const deploy = launch.getByRole('button', { name: 'Deploy on Local (anvil)' });
    await expect.poll(() => deploy.isEnabled(), { timeout: 30_000 }).toBe(true);
    expect(await launch.getByText('Local (anvil) · Local test chain').isVisible()).toBe(true);
    expect(await launch.getByRole('button', { name: /Switch network/ }).count()).toBe(0);
    // The first drop's fields show; the rest is folded.
    expect(await launch.getByLabel('Symbol').inputValue()).toBe('SB');
    expect(await launch.getByLabel('Royalty receiver').isVisible()).toBe(false);
    await launch.getByLabel('Mint price').fill('0.01');
    // The network fee of the deploy, before the wallet is asked.
    const fee = launch.getByTestId('deploy-fee');
    await expect
      .poll(() => fee.textContent(), { timeout: 30_000 })
      .toMatch(/^Deploying costs about \d+(\.\d+)? ETH \(network fee\)/);

    // Two payees, 70 / 30; a total that is not 100 % is refused in place, before anything is sent.
    await openMoreOptions(launch);
    await launch.getByLabel('Wallet that receives the sales').fill(artist);
    await launch.getByRole('button', { name: 'Split the sales with another wallet' }).click();
    await launch.getByLabel('Wallet 2', { exact: true }).fill(coder);
    await launch.getByLabel('Share of wallet 1').fill('70');
    await launch.getByLabel('Share of wallet 2').fill('20');
    await deploy.click();
    await expect
      .poll(() =>
        launch.getByText('The shares add up to 90 %; they must add up to exactly 100 %.').isVisible(),
      )
      .toBe(true);
    expect(await launchStep(page, 'deploy').count()).toBe(0);
    await launch.getByLabel('Share of wallet 2').fill('30');
    await expect.poll(() => launch.getByText('Total: 100 % of 100 %').isVisible()).toBe(true);
    await deploy.click();
    for (const name of ['deploy', 'record', 'reveal', 'provenance']) {
      await expect
        .poll(() => launchStep(page, name).textContent(), { timeout: 30_000 })
        .toContain('Confirmed');
    }

    // Recorded with the deployment, as the server found it on chain.
    const { deployments } = (await callInPage(page, `/api/v1/collections/${collectionId}/deployments`)).json
      .data;
    expect(deployments).toHaveLength(1);
    expect(deployments[0]).toMatchObject({
      status: 'verified',
      payees: [
        { address: artist, shares: 7000 },
        { address: coder, shares: 3000 },
      ],
    });
    const contract = deployments[0].address as Address;
    const read = <F extends 'payees' | 'releasable' | 'released'>(functionName: F, args?: [Address]) =>
      publicClient().readContract({
        address: contract,
        abi: layerloomCollectionAbi,
        functionName,
        ...(args ? { args } : {}),
      } as never) as Promise<unknown>;
    expect(await read('payees')).toEqual([
      [artist, coder],
      [7000n, 3000n],
    ]);

    // A collector buys two tokens at 0.01 ETH: 0.014 ETH is owed to the artist, 0.006 ETH to the coder.
    const clients = (account: string) => ({ walletClient: walletOf(account), publicClient: publicClient() });
    await setPhase({ ...clients(creator), address: contract, phase: 'public' });
    await mint({ ...clients(collector), address: contract, quantity: 2 });

    const drop = await openDrop(page, collectionId);
    const funds = drop.getByRole('region', { name: 'Funds' });
    await drop.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => funds.getByTestId('drop-balance').textContent()).toBe('0.02 ETH');
    const split = funds.getByRole('list', { name: 'Payout split' });
    const row = (address: Address) => split.locator(`li[data-payee="${address}"]`);
    await expect.poll(() => row(artist).textContent()).toContain('70 % of the sales');
    expect(await row(artist).textContent()).toContain('owed now 0.014 ETH');
    expect(await row(coder).textContent()).toContain('30 % of the sales');
    expect(await row(coder).textContent()).toContain('owed now 0.006 ETH');
    await screenshot(page, 'payout-split-funds');

    // The creator pays the coder its due; the money goes to the coder, the artist's part stays owed.
    const coderBefore = await publicClient().getBalance({ address: coder });
    await funds.getByRole('button', { name: `Pay 0.006 ETH to ${coder}` }).click();
    await confirmed(drop, 'withdraw');
    expect((await publicClient().getBalance({ address: coder })) - coderBefore).toBe(parseEther('0.006'));
    expect(await read('released', [coder])).toBe(parseEther('0.006'));
    expect(await read('releasable', [artist])).toBe(parseEther('0.014'));
    expect(await publicClient().getBalance({ address: contract })).toBe(parseEther('0.014'));
    await expect.poll(() => row(coder).textContent()).toContain('paid so far 0.006 ETH');
    expect(
      await row(coder)
        .getByRole('button', { name: `Nothing owed to ${coder}` })
        .isDisabled(),
    ).toBe(true);
    expect(await row(artist).textContent()).toContain('owed now 0.014 ETH');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('shows the launch form folded and unfolded at every width, with no serious accessibility issue', async () => {
    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const { context, page, errors } = await openPage(browser, app.url, viewport);
      await installTestWallet(page, { rpcUrl: anvil.rpcUrl, account: creator, initialChainId: '0x1' });
      await signIn(context, testAdmin.email, testAdmin.password);
      const launch = await openLaunch(page);
      // Once deployed, the Deploy step is folded into its summary: unfold it for the form of another contract.
      const details = page.getByRole('button', { name: 'Show details of step 2' });
      if (await details.isVisible()) await details.click();
      await launch.getByRole('button', { name: 'Deploy another contract' }).click();
      const form = launch.locator('.llc-launch-form');
      // The wallet is on Ethereum, which this server does not read: the form starts on the local chain and
      // offers to switch the wallet.
      await expect
        .poll(() => launch.getByRole('button', { name: 'Switch network to Local (anvil)' }).isVisible())
        .toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await form.scrollIntoViewIfNeeded();
      await screenshot(page, `launch-form-folded-${viewport}`);
      await form.screenshot({
        path: join(screenshotDir, `launch-form-folded-${viewport}-form.png`),
      });
      await openMoreOptions(launch);
      await launch.getByRole('button', { name: 'Split the sales with another wallet' }).click();
      await expect.poll(() => launch.getByText('Total: 100 % of 100 %').isVisible()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `launch-form-unfolded-${viewport}`);
      await form.screenshot({
        path: join(screenshotDir, `launch-form-unfolded-${viewport}-form.png`),
      });
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 240_000);
});
