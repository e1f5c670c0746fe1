import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deployCollection, reveal, setPhase } from '@layerloom/contracts';
import type { Browser, Page } from 'playwright-core';
import { type Address, createPublicClient, createWalletClient, http, parseEther } from 'viem';
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
import { connectOnMintCard } from './support/mint-card.ts';
import { anvilAccount0, anvilAccount2, anvilAccount3, installTestWallet } from './support/wallet.ts';

const SIZE = 6;
const WALLETCONNECT_PROJECT_ID = '3a8170812b534d0ff9d794f19a901d64';

/** WalletConnect's relay cannot be reached here: its failures to connect are expected console noise. */
const isWalletConnectNoise = (error: string) =>
  /walletconnect|reown|web3modal|relay|websocket|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|Failed to fetch|net::|appkit|pulse|fetch/i.test(
    error,
  );

describe("the public mint page is the creator's page", () => {
  let anvil: Anvil;
  let app: RunningApp;
  let browser: Browser;
  let collectionId: string;
  let slug: string;
  let ownerPage: Page;
  let otherSite: Server;
  let otherOrigin: string;
  let hostPage = '';

  const clients = () => ({
    publicClient: createPublicClient({ chain: anvilChain, transport: http(anvil.rpcUrl) }),
    walletClient: createWalletClient({
      chain: anvilChain,
      transport: http(anvil.rpcUrl),
      account: anvilAccount0,
    }),
  });

  /** A collector's fresh browser at the mint page; `wallet` injects the test wallet, else there is none. */
  async function openMintPage(viewport: ViewportName, wallet?: string) {
    const opened = await openPage(browser, app.url, viewport);
    const scripts: string[] = [];
    opened.page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    if (wallet) await installTestWallet(opened.page, { rpcUrl: anvil.rpcUrl, account: wallet });
    await opened.page.goto(`/mint/${slug}`);
    const card = opened.page.getByRole('region', { name: 'Mint', exact: true });
    await expect.poll(() => card.getByText('Public sale').isVisible(), { timeout: 30_000 }).toBe(true);
    return { ...opened, card, scripts };
  }

  beforeAll(async () => {
    anvil = await startAnvil();
    [app, browser] = await Promise.all([
      startApp({
        ADMIN_EMAIL: testAdmin.email,
        ADMIN_PASSWORD: testAdmin.password,
        RPC_URL_31337: anvil.rpcUrl,
        WALLETCONNECT_PROJECT_ID,
      }),
      launchBrowser(),
    ]);
    // The creator's own site, on another origin, where the embed code is pasted.
    otherSite = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(hostPage);
    });
    await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
    otherOrigin = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}`;
    expect(new URL(otherOrigin).origin).not.toBe(new URL(app.url).origin);

    const owner = await openPage(browser, app.url);
    ownerPage = owner.page;
    await signIn(owner.context, testAdmin.email, testAdmin.password);
    await ownerPage.goto('/dashboard');
    collectionId = await startSampleCollection(ownerPage, {
      name: 'Creator Blobs',
      description: 'Six blobs on their creator’s own page.',
      size: SIZE,
    });
    await waitUntilReady(ownerPage, collectionId);
    const published = await callInPage(
      ownerPage,
      `/api/v1/collections/${collectionId}/publication`,
      'POST',
      {},
    );
    expect(published.status).toBe(201);
    const publication = published.json.data.publication;
    slug = publication.slug;
    const deployed = await deployCollection({
      ...clients(),
      collection: {
        name: 'Creator Blobs',
        symbol: 'CB',
        maxSupply: SIZE,
        mintPrice: parseEther('0.01'),
        maxPerWallet: 3,
        preRevealURI: `${app.url}/hidden.json`,
      },
    });
    await reveal({ ...clients(), address: deployed.address as Address, baseURI: publication.baseUri });
    const recorded = await callInPage(ownerPage, `/api/v1/collections/${collectionId}/deployments`, 'POST', {
      chainId: 31_337,
      address: deployed.address,
      deployer: anvilAccount0,
      transactionHash: deployed.hash,
      name: 'Creator Blobs',
      symbol: 'CB',
      maxSupply: SIZE,
    });
    expect(recorded.json.data.deployment.status).toBe('verified');
    await setPhase({ ...clients(), address: deployed.address as Address, phase: 'public' });
  });
  afterAll(async () => {
    otherSite?.close();
    await browser?.close();
    await app?.stop();
    await anvil?.stop();
  });

  it('on a phone with no wallet: the card on the first screen, no Layerloom menu, wallet apps and WalletConnect', async () => {
    const { page, card, scripts, errors } = await openMintPage('phone');
    // The mint card starts within the first screen of a 390 × 844 phone, above the gallery.
    const cardTop = await card.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    expect(cardTop).toBeLessThan(844);
    const galleryTop = await page
      .getByRole('list', { name: 'Gallery' })
      .evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    expect(galleryTop).toBeGreaterThan(cardTop);
    // The creator's branding only: no Layerloom header or marketing links, one small link at the foot.
    expect(await page.getByRole('banner').count()).toBe(0);
    for (const name of ['About', 'Pricing', 'Sign up', 'Log in', 'Features']) {
      expect(await page.getByRole('link', { name, exact: true }).count()).toBe(0);
    }
    const madeWith = page.getByRole('link', { name: /^Made with Layerloom/ });
    expect(await madeWith.getAttribute('href')).toBe('/');
    expect(await page.getByLabel('Embed code').count()).toBe(0);
    // No wallet code before Connect is pressed.
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => /mint-panel|walletconnect|w3m|appkit/i.test(url))).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'mint-creator-no-wallet');

    await card.getByRole('button', { name: 'Connect wallet', exact: true }).click();
    const apps = card.getByRole('navigation', { name: 'Open this page in a wallet app' });
    await expect.poll(() => apps.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(scripts.some((url) => /mint-panel/.test(url))).toBe(true);
    const pageUrl = `${app.url}/mint/${slug}`;
    const { host } = new URL(app.url);
    expect(await apps.getByRole('link', { name: 'Open in MetaMask' }).getAttribute('href')).toBe(
      `https://metamask.app.link/dapp/${host}/mint/${slug}`,
    );
    expect(await apps.getByRole('link', { name: 'Open in Coinbase Wallet' }).getAttribute('href')).toBe(
      `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(pageUrl)}`,
    );
    expect(await apps.getByRole('link', { name: 'Open in Rainbow' }).getAttribute('href')).toBe(
      `https://rnbwapp.com/dapp?url=${encodeURIComponent(pageUrl)}`,
    );
    expect(await page.getByText(/install/i).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'mint-creator-wallet-choices');

    // WalletConnect is offered and configured with the server's project (its relay cannot be reached here,
    // so no pairing: the connector's requests carry the project id).
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    page.on('websocket', (socket) => asked.push(socket.url()));
    await card.getByRole('button', { name: 'Connect with WalletConnect' }).click();
    await expect
      .poll(() => asked.filter((url) => url.includes(`projectId=${WALLETCONNECT_PROJECT_ID}`)).length, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    expect(errors.filter((error) => !isWalletConnectNoise(error))).toEqual([]);
    await page.context().close();
  });

  it('reads well at 1440, 820 and 390 px with a wallet, with no serious accessibility issue', async () => {
    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const { page, card, errors } = await openMintPage(viewport, anvilAccount3);
      const cardTop = await card.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
      expect(cardTop).toBeLessThan(page.viewportSize()?.height ?? 0);
      await connectOnMintCard(card);
      await expect.poll(() => card.getByRole('button', { name: 'Mint 1' }).isEnabled()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, 'mint-creator');
      expect(errors.filter((error) => !isWalletConnectNoise(error))).toEqual([]);
      await page.context().close();
    }
  });

  it('embeds on another origin at its snippet size, the frame growing so the mint result shows without scrolling in it', async () => {
    // The creator copies the embed code from the mint page editor.
    await ownerPage.goto(`/dashboard/collections/${collectionId}/mint-page`);
    const code = ownerPage.getByLabel('Embed code');
    await expect.poll(() => code.inputValue(), { timeout: 30_000 }).toContain(`/mint/${slug}?embed=1`);
    const snippet = await code.inputValue();
    expect(snippet).toContain("'layerloom:mint-height'");
    expect(await seriousAxeViolations(ownerPage)).toEqual([]);
    await screenshot(ownerPage, 'mint-page-editor-embed');
    hostPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The creator's site</title></head><body><h1>The creator's site</h1>${snippet}<p>After the card.</p></body></html>`;

    const opened = await openPage(browser, otherOrigin, 'desktop');
    await installTestWallet(opened.page, { rpcUrl: anvil.rpcUrl, account: anvilAccount2 });
    await opened.page.goto('/');
    const frameElement = opened.page.locator('iframe');
    const frame = opened.page.frameLocator('iframe');
    const card = frame.getByRole('region', { name: 'Mint', exact: true });
    await expect.poll(() => card.getByText('Public sale').isVisible(), { timeout: 30_000 }).toBe(true);
    await connectOnMintCard(card);
    const mint = card.getByRole('button', { name: 'Mint 1' });
    await expect.poll(() => mint.isEnabled(), { timeout: 30_000 }).toBe(true);
    await mint.click();
    await expect.poll(() => card.getByText('Mint confirmed').isVisible(), { timeout: 30_000 }).toBe(true);
    // The frame took the card's height: nothing scrolls inside it, and the result is inside its edges.
    const inside = () =>
      frame.locator('html').evaluate(() => {
        const status = document.querySelector('.llm-status')?.getBoundingClientRect();
        return {
          scrolls: document.documentElement.scrollHeight > window.innerHeight + 1,
          statusBelow: status ? status.bottom > window.innerHeight + 1 : true,
        };
      });
    await expect.poll(inside, { timeout: 10_000 }).toEqual({ scrolls: false, statusBelow: false });
    const frameHeight = await frameElement.evaluate((element) => element.getBoundingClientRect().height);
    expect(frameHeight).toBeGreaterThan(560);
    await screenshot(opened.page, 'mint-embed-other-origin');
    await opened.page.context().close();
  });
});
