import {
  airdrop,
  createAllowlist,
  deployCollection,
  getSalePhase,
  layerloomCollectionAbi,
  reveal,
  setAllowlist,
  setPhase,
  setSaleSchedule,
} from '@layerloom/contracts';
import type { Browser, Page } from 'playwright-core';
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  parseEther,
} from 'viem';
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
import { anvilAccount0, installTestWallet, type TestWalletOptions } from './support/wallet.ts';

/** Anvil's default accounts #1–#4: collectors (#0 is the creator, who deploys and owns the contract). */
const collector = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const listedCollector = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const poorCollector = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const hesitantCollector = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';

const SIZE = 6;

/** A little more than the page's refresh of the sale (10 s). */
const STATE_REFRESH_WAIT_MS = 11_000;

describe('minting from the public mint page', () => {
  let anvil: Anvil;
  let app: RunningApp;
  let browser: Browser;
  let collectionId: string;
  let slug: string;
  let imageBaseUri: string;
  let contract: Address;
  let ownerPage: Page;

  const clients = () => ({
    publicClient: createPublicClient({ chain: anvilChain, transport: http(anvil.rpcUrl) }),
    walletClient: createWalletClient({
      chain: anvilChain,
      transport: http(anvil.rpcUrl),
      account: anvilAccount0,
    }),
  });

  /** A collector's fresh browser at `/mint/{slug}` with the test wallet injected (nobody signed in). */
  async function openMintPage(
    wallet: Omit<TestWalletOptions, 'rpcUrl'>,
    viewport: ViewportName = 'desktop',
    path = `/mint/${slug}`,
  ) {
    const opened = await openPage(browser, app.url, viewport);
    const testWallet = await installTestWallet(opened.page, { rpcUrl: anvil.rpcUrl, ...wallet });
    await opened.page.goto(path);
    const card = opened.page.getByRole('region', { name: 'Mint', exact: true });
    return { ...opened, wallet: testWallet, card };
  }

  /** Connects the injected wallet from the mint card (Connect wallet, then the wallet's own button). */
  const connect = (card: ReturnType<Page['getByRole']>) => connectOnMintCard(card);

  /** "2 of 6 minted" as the progress bar says it (read again every 10 s; the server caches 5 s). */
  const mintedText = (page: Page) =>
    page.getByRole('progressbar', { name: 'Minted' }).getAttribute('aria-valuetext');

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

    // The creator: a generated, published collection…
    const owner = await openPage(browser, app.url);
    ownerPage = owner.page;
    await signIn(owner.context, testAdmin.email, testAdmin.password);
    await ownerPage.goto('/dashboard');
    collectionId = await startSampleCollection(ownerPage, {
      name: 'Mint Blobs',
      description: 'Six blobs, minted by collectors.',
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
    imageBaseUri = publication.imageBaseUri;

    // …its contract deployed from the creator's wallet (here from Node), revealed, recorded and on public sale.
    const deployed = await deployCollection({
      ...clients(),
      collection: {
        name: 'Mint Blobs',
        symbol: 'MB',
        maxSupply: SIZE,
        mintPrice: parseEther('0.01'),
        maxPerWallet: 3,
        preRevealURI: `${app.url}/hidden.json`,
      },
    });
    contract = deployed.address;
    await reveal({ ...clients(), address: contract, baseURI: publication.baseUri });
    const recorded = await callInPage(ownerPage, `/api/v1/collections/${collectionId}/deployments`, 'POST', {
      chainId: 31_337,
      address: contract,
      deployer: anvilAccount0,
      transactionHash: deployed.hash,
      name: 'Mint Blobs',
      symbol: 'MB',
      maxSupply: SIZE,
    });
    expect(recorded.json.data.deployment.status).toBe('verified');
    await setPhase({ ...clients(), address: contract, phase: 'public' });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await anvil?.stop();
  });

  it('lets a collector without an account connect, mint two and see them', async () => {
    // The wallet was left on Ethereum: the page offers to switch it.
    const { page, card, errors } = await openMintPage({ account: collector, initialChainId: '0x1' });
    await expect
      .poll(() => page.getByRole('heading', { name: 'Mint Blobs', level: 1 }).isVisible())
      .toBe(true);
    await expect.poll(() => page.title()).toBe('Mint Blobs · Mint · Layerloom');
    expect(await page.getByText('Six blobs, minted by collectors.').isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: 'Gallery' }).getByRole('img').count()).toBe(SIZE);
    await expect.poll(() => mintedText(page)).toBe(`0 of ${SIZE} minted`);
    expect(await card.getByText('Public sale').isVisible()).toBe(true);
    expect(await card.getByText('0.01 ETH', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText('Up to 3 per wallet').isVisible()).toBe(true);
    const contractLine = page.getByText(/Contract on Local \(anvil\)/);
    expect((await contractLine.locator('code').getAttribute('title'))?.toLowerCase()).toBe(
      contract.toLowerCase(),
    );

    await connect(card);
    await card.getByRole('button', { name: 'Switch to Local (anvil)' }).click();
    const mint = card.getByRole('button', { name: /^Mint \d+$/ });
    await expect.poll(() => mint.isEnabled()).toBe(true);
    expect(await card.getByText('This wallet can mint up to 3 now.').isVisible()).toBe(true);
    await card.getByLabel('Quantity').fill('2');
    await expect.poll(() => mint.textContent()).toBe('Mint 2');
    expect(await card.getByText('Total 0.02 ETH').isVisible()).toBe(true);
    // The server has just read the sale (0 minted) and reuses that read for 5 s, the browser its answer too.
    await page.evaluate(async (drop) => {
      await fetch(`/api/v1/drops/${drop}/state`);
    }, slug);
    await mint.click();

    await expect.poll(() => card.getByText('Mint confirmed').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await card.locator('.llm-confirmed code').textContent()).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await card.getByText('You minted tokens #1, #2').isVisible()).toBe(true);
    const minted = card.getByRole('list', { name: 'Your new tokens' }).getByRole('img');
    await expect.poll(() => minted.count()).toBe(2);
    expect(await minted.nth(0).getAttribute('src')).toBe(`${imageBaseUri}1.png`);
    expect(await minted.nth(1).getAttribute('src')).toBe(`${imageBaseUri}2.png`);
    await expect
      .poll(() => minted.nth(1).evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(128);
    // The count and this wallet's allowance change at once (read through the wallet after the mint), not
    // once the server's cached read expires.
    await expect.poll(() => mintedText(page), { timeout: 2_500, interval: 100 }).toBe(`2 of ${SIZE} minted`);
    await expect
      .poll(() => card.getByText('This wallet can mint up to 1 now.').isVisible(), { timeout: 2_500 })
      .toBe(true);
    // …and the next refresh from the server (its older cached read) does not take it back.
    await page.waitForTimeout(STATE_REFRESH_WAIT_MS);
    expect(await mintedText(page)).toBe(`2 of ${SIZE} minted`);

    const publicClient = clients().publicClient;
    const balance = await publicClient.readContract({
      address: contract,
      abi: layerloomCollectionAbi,
      functionName: 'balanceOf',
      args: [collector],
    });
    expect(balance).toBe(2n);
    expect(
      await publicClient.readContract({
        address: contract,
        abi: layerloomCollectionAbi,
        functionName: 'ownerOf',
        args: [2n],
      }),
    ).toBe(collector);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'mint-confirmed');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says so when the collector rejects the mint in the wallet', async () => {
    const { page, card } = await openMintPage({ account: hesitantCollector, rejectTransactions: true });
    await connect(card);
    const mint = card.getByRole('button', { name: 'Mint 1' });
    await expect.poll(() => mint.isEnabled()).toBe(true);
    await mint.click();
    await expect
      .poll(() => card.getByText('You rejected the request in your wallet.').isVisible())
      .toBe(true);
    await page.context().close();
  });

  it('says the wallet cannot pay before it tries', async () => {
    await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'anvil_setBalance',
        params: [poorCollector, `0x${parseEther('0.001').toString(16)}`],
      }),
    });
    const { page, card } = await openMintPage({ account: poorCollector });
    await connect(card);
    await expect
      .poll(() =>
        card
          .getByText(
            'This wallet does not have enough ETH on Local (anvil): one token costs 0.01 ETH plus gas.',
          )
          .isVisible(),
      )
      .toBe(true);
    expect(await card.getByRole('button', { name: 'Mint 1' }).isDisabled()).toBe(true);
    await page.context().close();
  });

  it('stops a wallet at its limit', async () => {
    const { page, card } = await openMintPage({ account: collector });
    await connect(card);
    const mint = card.getByRole('button', { name: 'Mint 1' });
    await expect.poll(() => mint.isEnabled()).toBe(true);
    // One left for this wallet: the picker cannot go higher.
    expect(await card.getByLabel('Quantity').isDisabled()).toBe(true);
    await mint.click();
    await expect.poll(() => card.getByText('Mint confirmed').isVisible(), { timeout: 30_000 }).toBe(true);
    await expect
      .poll(() =>
        card.getByText('This wallet has minted its limit for this sale (3 per wallet).').isVisible(),
      )
      .toBe(true);
    expect(await card.getByRole('button', { name: /^Mint/ }).isDisabled()).toBe(true);
    await page.context().close();
  });

  it('reads well at every width and embedded, with no serious accessibility issue', async () => {
    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const { page, card, errors } = await openMintPage({ account: hesitantCollector }, viewport);
      await expect.poll(() => mintedText(page), { timeout: 20_000 }).toBe(`3 of ${SIZE} minted`);
      await connect(card);
      await expect.poll(() => card.getByRole('button', { name: 'Mint 1' }).isEnabled()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, 'mint');
      expect(errors).toEqual([]);
      await page.context().close();
    }
    const { page, card, errors } = await openMintPage(
      { account: hesitantCollector },
      'phone',
      `/mint/${slug}?embed=1`,
    );
    await expect.poll(() => mintedText(page)).toBe(`3 of ${SIZE} minted`);
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    expect(await card.getByRole('heading', { name: 'Mint Blobs' }).isVisible()).toBe(true);
    await connect(card);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'mint-embed');
    expect(errors).toEqual([]);
    await page.context().close();

    // The embed code is the creator's (in the mint page editor), never shown to collectors.
    const full = await openMintPage({ account: hesitantCollector });
    await expect.poll(() => full.card.getByRole('button', { name: 'Connect wallet' }).isVisible()).toBe(true);
    expect(await full.page.getByLabel('Embed code').count()).toBe(0);
    await full.page.context().close();
  });

  it('says the sale is not open while the creator keeps it closed', async () => {
    await setPhase({ ...clients(), address: contract, phase: 'closed' });
    const { page, card } = await openMintPage({ account: hesitantCollector });
    await expect
      .poll(
        () => card.getByText('The sale is not open yet. Come back when the creator opens it.').isVisible(),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    expect(await card.getByText('Sale not open yet').isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: /^Mint/ }).count()).toBe(0);
    await screenshot(page, 'mint-closed');
    await page.context().close();
  });

  it('lets a wallet on the allowlist mint in the allowlist sale, and tells another it is not listed', async () => {
    // The creator uploads the list; the chain gets the same root.
    const uploaded = await callInPage(ownerPage, `/api/v1/collections/${collectionId}/allowlist`, 'PUT', {
      csv: `address\n${listedCollector}\n`,
    });
    expect(uploaded.status).toBe(200);
    const { merkleRoot } = createAllowlist({ addresses: [listedCollector] });
    expect(uploaded.json.data.allowlist.merkleRoot).toBe(merkleRoot);
    await setAllowlist({
      ...clients(),
      address: contract,
      merkleRoot: merkleRoot as Hex,
      price: parseEther('0.005'),
      maxPerWallet: 1,
    });
    await setPhase({ ...clients(), address: contract, phase: 'allowlist' });

    const unlisted = await openMintPage({ account: hesitantCollector });
    await expect
      .poll(() => unlisted.card.getByText('Allowlist sale').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await connect(unlisted.card);
    await expect
      .poll(() => unlisted.card.getByText('This wallet is not on the allowlist for this sale.').isVisible())
      .toBe(true);
    expect(await unlisted.card.getByRole('button', { name: /^Mint/ }).isDisabled()).toBe(true);
    await unlisted.page.context().close();

    const listed = await openMintPage({ account: listedCollector });
    await expect
      .poll(() => listed.card.getByText('Allowlist sale').isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await listed.card.getByText('0.005 ETH', { exact: true }).isVisible()).toBe(true);
    expect(await listed.card.getByText('Up to 1 per wallet').isVisible()).toBe(true);
    await connect(listed.card);
    const mint = listed.card.getByRole('button', { name: 'Mint 1' });
    await expect.poll(() => mint.isEnabled()).toBe(true);
    await mint.click();
    await expect
      .poll(() => listed.card.getByText('Mint confirmed').isVisible(), { timeout: 30_000 })
      .toBe(true);
    expect(await listed.card.getByText('You minted token #4').isVisible()).toBe(true);
    const publicClient = clients().publicClient;
    expect(
      await publicClient.readContract({
        address: contract,
        abi: layerloomCollectionAbi,
        functionName: 'balanceOf',
        args: [listedCollector],
      }),
    ).toBe(1n);
    await listed.page.context().close();
  });

  it('counts down to a scheduled public sale, which opens by itself, and mints in it', async () => {
    // The creator schedules the public sale half a minute ahead (the allowlist sale ends then).
    const startsAt = new Date(Math.ceil((Date.now() + 30_000) / 1000) * 1000);
    await setSaleSchedule({ ...clients(), address: contract, allowlistStart: null, publicStart: startsAt });
    expect(await getSalePhase({ publicClient: clients().publicClient, address: contract })).toBe('closed');
    const { page, card } = await openMintPage({ account: hesitantCollector });
    const timer = card.getByRole('timer');
    await expect.poll(() => timer.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await timer.getAttribute('aria-label')).toMatch(/^Public sale opens in 00:[0-3]\d$/);
    expect(await card.getByText(/^The sale is not open yet: the public sale opens /).isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: /^Mint/ }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'mint-countdown');

    // At the start the card opens without a reload, and the chain sells.
    const connectButton = card.getByRole('button', { name: 'Connect wallet' });
    await expect.poll(() => connectButton.isVisible(), { timeout: 45_000 }).toBe(true);
    expect(await timer.count()).toBe(0);
    expect(Date.now()).toBeGreaterThanOrEqual(startsAt.getTime());
    // A live chain makes a block every few seconds; anvil only when asked (the wallet's checks read the latest).
    await createTestClient({ chain: anvilChain, mode: 'anvil', transport: http(anvil.rpcUrl) }).mine({
      blocks: 1,
    });
    await connect(card);
    const mint = card.getByRole('button', { name: 'Mint 1' });
    await expect.poll(() => mint.isEnabled()).toBe(true);
    await mint.click();
    await expect.poll(() => card.getByText('Mint confirmed').isVisible(), { timeout: 30_000 }).toBe(true);
    const publicClient = clients().publicClient;
    expect(await getSalePhase({ publicClient, address: contract })).toBe('public');
    expect(
      await publicClient.readContract({
        address: contract,
        abi: layerloomCollectionAbi,
        functionName: 'balanceOf',
        args: [hesitantCollector],
      }),
    ).toBe(1n);
    await page.context().close();
  });

  it('says the collection is sold out once every token is minted', async () => {
    await setPhase({ ...clients(), address: contract, phase: 'public' });
    const minted = await clients().publicClient.readContract({
      address: contract,
      abi: layerloomCollectionAbi,
      functionName: 'totalMinted',
    });
    const rest = Number(BigInt(SIZE) - minted);
    await airdrop({ ...clients(), address: contract, recipients: [{ to: anvilAccount0, quantity: rest }] });
    const { page, card } = await openMintPage({ account: hesitantCollector });
    await expect
      .poll(() => card.getByText(`Sold out: all ${SIZE} tokens are minted.`).isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await mintedText(page)).toBe(`${SIZE} of ${SIZE} minted`);
    expect(await card.getByRole('button', { name: /^Mint/ }).count()).toBe(0);
    await screenshot(page, 'mint-sold-out');
    await page.context().close();
  });

  it('says plainly that an unknown mint page does not exist', async () => {
    const { page } = await openPage(browser, app.url);
    const response = await page.goto('/mint/no-such-drop');
    expect(response?.status()).toBe(404);
    await expect
      .poll(() => page.getByRole('heading', { name: 'This mint page does not exist' }).isVisible())
      .toBe(true);
    await page.context().close();
  });

  // Last: it stops the chain.
  it('keeps the page when the chain cannot be read, and says so', async () => {
    await anvil.stop();
    const { page, card } = await openMintPage({ account: hesitantCollector });
    await expect
      .poll(
        () =>
          card
            .getByText(
              'Live figures are unavailable right now: Local (anvil) did not answer. Try again in a moment.',
            )
            .isVisible(),
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(await page.getByRole('heading', { name: 'Mint Blobs', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: 'Gallery' }).getByRole('img').count()).toBe(SIZE);
    expect(await card.getByRole('button', { name: /^Mint/ }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'mint-chain-unreachable');
    await page.context().close();
  });
});
