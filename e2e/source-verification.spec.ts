import { deployCollection, deployPaymentSplitter } from '@layerloom/contracts';
import { type ExplorerStandIn, startExplorerStandIn } from '@layerloom/server/test/explorer-stand-in';
import type { Browser, Page } from 'playwright-core';
import { type Address, createPublicClient, createWalletClient, getAddress, http, parseEther } from 'viem';
import { anvil as anvilChain } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Anvil, startAnvil } from './support/anvil.ts';
import { type RunningApp, startApp } from './support/app.ts';
import {
  launchBrowser,
  openPage,
  screenshot,
  seriousAxeViolations,
  signIn,
  testAdmin,
  type ViewportName,
} from './support/browser.ts';
import { callInPage, startSampleCollection, waitUntilReady } from './support/in-page.ts';

// anvil's unlocked default account #0 deploys, as the creator's wallet would.
const CREATOR: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const EXPLORER_WEB = 'https://explorer.example';
// anvil's accounts #2 and #3 share the royalties of the collection deployed with a splitter.
const ROYALTY_PAYEES = [
  { address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as Address, shares: 6000 },
  { address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as Address, shares: 4000 },
];

describe("verifying a deployed contract's source on the explorer", () => {
  let anvil: Anvil;
  let explorer: ExplorerStandIn;
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let collectionId: string;

  /** Deploys a collection contract from the creator's account. */
  function deploy(name: string) {
    return deployCollection({
      walletClient: createWalletClient({
        account: CREATOR,
        chain: anvilChain,
        transport: http(anvil.rpcUrl),
      }),
      publicClient: createPublicClient({ chain: anvilChain, transport: http(anvil.rpcUrl) }),
      collection: {
        name,
        symbol: 'SRC',
        maxSupply: 4,
        mintPrice: parseEther('0.01'),
        maxPerWallet: 2,
        preRevealURI: 'https://layerloom.example.com/hidden.json',
      },
    });
  }

  /** Deploys and records it, as the launch form does. */
  async function deployAndRecord(name: string): Promise<{ address: Address; deploymentId: string }> {
    const deployed = await deploy(name);
    const recorded = await callInPage(page, `/api/v1/collections/${collectionId}/deployments`, 'POST', {
      chainId: 31337,
      address: deployed.address,
      deployer: CREATOR,
      transactionHash: deployed.hash,
      name,
      symbol: 'SRC',
      maxSupply: 4,
    });
    expect(recorded.status).toBe(201);
    return { address: getAddress(deployed.address), deploymentId: recorded.json.data.deployment.id };
  }

  /** Waits until the stand-in explorer has verified the contract at `address`. */
  async function untilExplorerVerified(address: Address): Promise<void> {
    while (!explorer.verified.has(`31337:${address.toLowerCase()}`)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Opens the collection's Launch section with step 2 (Deploy, which lists the contracts) unfolded. */
  async function openDeployStep(target: Page): Promise<void> {
    await target.goto(`/dashboard/collections/${collectionId}?section=launch`);
    const details = target.getByRole('button', { name: 'Show details of step 2' });
    await expect.poll(() => details.isVisible()).toBe(true);
    await details.click();
  }

  const deployments = () => page.getByRole('list', { name: 'Deployed contracts' });

  beforeAll(async () => {
    anvil = await startAnvil();
    explorer = await startExplorerStandIn({ rpcUrl: anvil.rpcUrl });
    [app, browser] = await Promise.all([
      startApp({
        ADMIN_EMAIL: testAdmin.email,
        ADMIN_PASSWORD: testAdmin.password,
        RPC_URL_31337: anvil.rpcUrl,
        EXPLORER_31337: 'etherscan',
        EXPLORER_API_URL_31337: `${explorer.url}/v2/api`,
        EXPLORER_API_KEY_31337: explorer.apiKey,
        EXPLORER_URL_31337: EXPLORER_WEB,
        VERIFY_RETRY_BASE_MS: '200',
      }),
      launchBrowser(),
    ]);
    ({ page } = await openPage(browser, app.url));
    await signIn(page.context(), testAdmin.email, testAdmin.password);
    await page.goto('/dashboard');
    collectionId = await startSampleCollection(page, {
      name: 'Source Blobs',
      description: 'Verified',
      size: 4,
    });
    await waitUntilReady(page, collectionId);
    const published = await callInPage(page, `/api/v1/collections/${collectionId}/publication`, 'POST', {});
    expect(published.status).toBe(201);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await explorer?.close();
    await anvil?.stop();
  });

  it('submits the deployed contract, shows it verified with a link to its code, and shows a refusal with Retry', async () => {
    // The explorer has not indexed the new block at first: the server asks again.
    explorer.lagSubmissions = 1;
    const verified = await deployAndRecord('Source Blobs');
    // The stand-in compiles with solc-js on this test's own thread, which stalls the browser's driver
    // meanwhile: the page is opened once the explorer has its answer.
    await untilExplorerVerified(verified.address);
    await openDeployStep(page);
    const link = deployments().getByRole('link', { name: 'View the code' });
    await expect.poll(() => link.isVisible(), { timeout: 90_000 }).toBe(true);
    expect(await deployments().getByText('Source verified on Etherscan').isVisible()).toBe(true);
    expect(await link.getAttribute('href')).toBe(`${EXPLORER_WEB}/address/${verified.address}#code`);
    expect(explorer.verified.has(`31337:${verified.address.toLowerCase()}`)).toBe(true);

    // The explorer refuses the next one (its key changed): the reason shows, with Retry.
    const key = explorer.apiKey;
    explorer.apiKey = 'ROTATED';
    const refused = await deployAndRecord('Source Blobs');
    await openDeployStep(page);
    const retry = deployments().getByRole('button', { name: 'Retry' });
    await expect.poll(() => retry.isVisible(), { timeout: 60_000 }).toBe(true);
    expect(
      await deployments()
        .getByText(
          'The source code is not verified on Etherscan. Etherscan refused the source: Invalid API Key (#err2)|1',
        )
        .isVisible(),
    ).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const opened = await openPage(browser, app.url, viewport);
      await signIn(opened.context, testAdmin.email, testAdmin.password);
      await openDeployStep(opened.page);
      const list = opened.page.getByRole('list', { name: 'Deployed contracts' });
      await expect.poll(() => list.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
      await list.scrollIntoViewIfNeeded();
      await screenshot(opened.page, 'source-verification');
      await opened.context.close();
    }

    // The key is fixed; Retry in the page verifies it.
    explorer.apiKey = key;
    await retry.click();
    await untilExplorerVerified(refused.address);
    await expect
      .poll(() => deployments().getByRole('link', { name: 'View the code' }).count(), { timeout: 90_000 })
      .toBe(2);
    expect(explorer.verified.has(`31337:${refused.address.toLowerCase()}`)).toBe(true);
  }, 240_000);

  it('verifies the royalty splitter deployed with the collection as well, each with its own line and link', async () => {
    const clients = {
      walletClient: createWalletClient({
        account: CREATOR,
        chain: anvilChain,
        transport: http(anvil.rpcUrl),
      }),
      publicClient: createPublicClient({ chain: anvilChain, transport: http(anvil.rpcUrl) }),
    };
    const splitter = await deployPaymentSplitter({ ...clients, payees: ROYALTY_PAYEES });
    const deployed = await deployCollection({
      ...clients,
      collection: {
        name: 'Source Blobs',
        symbol: 'SRC',
        maxSupply: 4,
        mintPrice: parseEther('0.01'),
        maxPerWallet: 2,
        preRevealURI: 'https://layerloom.example.com/hidden.json',
        royalty: { bps: 500, receiver: splitter.address },
      },
    });
    const recorded = await callInPage(page, `/api/v1/collections/${collectionId}/deployments`, 'POST', {
      chainId: 31337,
      address: deployed.address,
      deployer: CREATOR,
      transactionHash: deployed.hash,
      name: 'Source Blobs',
      symbol: 'SRC',
      maxSupply: 4,
      royaltySplitter: { address: splitter.address, payees: ROYALTY_PAYEES },
    });
    expect(recorded.status).toBe(201);
    const splitterAddress = getAddress(splitter.address);
    await untilExplorerVerified(getAddress(deployed.address));
    await untilExplorerVerified(splitterAddress);

    await openDeployStep(page);
    const item = deployments()
      .getByRole('listitem')
      .filter({ hasText: getAddress(deployed.address) });
    const splitterLink = item.locator(`a[href="${EXPLORER_WEB}/address/${splitterAddress}#code"]`);
    await expect.poll(() => splitterLink.isVisible(), { timeout: 90_000 }).toBe(true);
    expect(await item.getByText("Royalty splitter's source verified on Etherscan").isVisible()).toBe(true);
    expect(
      await item
        .locator(`a[href="${EXPLORER_WEB}/address/${getAddress(deployed.address)}#code"]`)
        .isVisible(),
    ).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const opened = await openPage(browser, app.url, viewport);
      await signIn(opened.context, testAdmin.email, testAdmin.password);
      await openDeployStep(opened.page);
      const shown = opened.page
        .getByRole('list', { name: 'Deployed contracts' })
        .getByRole('listitem')
        .filter({ hasText: getAddress(deployed.address) });
      await expect.poll(() => shown.getByText("Royalty splitter's source verified").isVisible()).toBe(true);
      await shown.scrollIntoViewIfNeeded();
      await screenshot(opened.page, 'source-verification-splitter');
      await opened.context.close();
    }
  }, 240_000);
});
