import { layerloomCollectionAbi } from '@layerloom/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { type Address, createPublicClient, http, parseEther } from 'viem';
import { anvil as anvilChain } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Anvil, startAnvil } from './support/anvil.ts';
import { type RunningApp, startApp } from './support/app.ts';
import {
  dialogSettled,
  launchBrowser,
  type OpenedPage,
  openPage,
  screenshot,
  seriousAxeViolations,
  signIn,
  testAdmin,
  type ViewportName,
} from './support/browser.ts';
import { chooseNetwork, confirmed, launchStep, openDrop } from './support/drop-ui.ts';
import { callInPage, startSampleCollection } from './support/in-page.ts';
import { openMoreOptions } from './support/launch-form.ts';
import {
  anvilAccount0,
  anvilAccount1,
  anvilAccount2,
  anvilAccount4,
  anvilAccount5,
  installTestWallet,
} from './support/wallet.ts';

// The roles: the creator's wallet deploys and owns the contract; the payout address receives the funds;
// a collector on the allowlist with a quantity of 3; one on it without a quantity (the phase's limit);
// a collector who is not on the list.
const creator = anvilAccount0;
const payout = anvilAccount5;
const listed = anvilAccount1;
const listedAtLimit = anvilAccount4;
const unlisted = anvilAccount2;

const SIZE = 6;

describe('the whole launch journey, in the browser', () => {
  let anvil: Anvil;
  let app: RunningApp;
  let browser: Browser;
  let collectionId = '';
  let slug = '';
  let contract: Address = '0x';

  const publicClient = () => createPublicClient({ chain: anvilChain, transport: http(anvil.rpcUrl) });
  const read = <const name extends 'totalMinted' | 'revealed' | 'salePhase' | 'merkleRoot' | 'preRevealURI'>(
    functionName: name,
  ) => publicClient().readContract({ address: contract, abi: layerloomCollectionAbi, functionName });
  const balanceOf = (wallet: Address) =>
    publicClient().readContract({
      address: contract,
      abi: layerloomCollectionAbi,
      functionName: 'balanceOf',
      args: [wallet],
    });
  const mintedBy = (wallet: Address) =>
    publicClient().readContract({
      address: contract,
      abi: layerloomCollectionAbi,
      functionName: 'mintedBy',
      args: [wallet],
    });
  const contractBalance = () => publicClient().getBalance({ address: contract });
  const tokenURI = (tokenId: bigint) =>
    publicClient().readContract({
      address: contract,
      abi: layerloomCollectionAbi,
      functionName: 'tokenURI',
      args: [tokenId],
    });
  /** A public metadata file, as a marketplace reads it (no cookies, no cache). */
  const metadataAt = async (url: string) => {
    const response = await fetch(url, { cache: 'no-store' });
    expect(response.status).toBe(200);
    return (await response.json()) as { name: string; image: string };
  };

  /** A collector's own browser on the public mint page, wallet injected, nobody signed in. */
  async function openMintPage(account: Address, viewport: ViewportName = 'desktop') {
    const opened = await openPage(browser, app.url, viewport);
    await installTestWallet(opened.page, { rpcUrl: anvil.rpcUrl, account });
    await opened.page.goto(`/mint/${slug}`);
    const card = opened.page.getByRole('region', { name: 'Mint', exact: true });
    return { ...opened, card };
  }

  /** Connects the injected wallet from the mint card, unless the page reconnected it by itself (a reload). */
  async function connect(card: Locator) {
    const open = card.getByRole('button', { name: 'Connect wallet', exact: true });
    const button = card.getByRole('button', { name: 'Connect Test Wallet' });
    await expect
      .poll(
        async () => {
          if (await card.getByText('Connected with Test Wallet').isVisible()) return true;
          // The wallet code loads once Connect wallet is pressed; then the wallet's own button connects.
          if (await open.isVisible()) await open.click({ timeout: 2_000 }).catch(() => undefined);
          // The button can vanish between the look and the click when the page reconnects on its own.
          else if (await button.isVisible()) await button.click({ timeout: 2_000 }).catch(() => undefined);
          return false;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
  }

  /** "2 of 6 minted" as the mint page's progress bar says it. */
  const mintedText = (page: Page) =>
    page.getByRole('progressbar', { name: 'Minted' }).getAttribute('aria-valuetext');

  /** What the mint card says about this wallet's quantity ("This wallet can mint up to 3 now."). */
  const quantityHint = (card: Locator) => card.locator('#llm-quantity-hint').textContent();

  /** The mint card's Limit tile for the connected wallet ("2 of 3 left · this wallet's allowance"). */
  const limitTile = (card: Locator) =>
    card
      .locator('.llm-terms dd')
      .nth(1)
      .evaluate((dd) => [...dd.childNodes].map((node) => node.textContent).join(' · '));

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

  it('publishes, deploys, sells on the allowlist and in public, reveals and withdraws, each step checked on chain', async () => {
    // ---- The creator: a generated collection, published and deployed from the wallet.
    const owner: OpenedPage = await openPage(browser, app.url);
    const { page } = owner;
    await installTestWallet(page, { rpcUrl: anvil.rpcUrl, account: creator });
    await signIn(owner.context, testAdmin.email, testAdmin.password);
    await page.goto('/dashboard');
    collectionId = await startSampleCollection(page, {
      name: 'Journey Blobs',
      description: 'From a generated collection to a revealed drop',
      size: SIZE,
    });
    await page.goto(`/dashboard/collections/${collectionId}`);
    const launch = page.getByRole('region', { name: 'Launch', exact: true });
    await expect
      .poll(() => launch.getByText('Publish the collection first').isVisible(), { timeout: 60_000 })
      .toBe(true);
    // The header sums up the launch at every step.
    const header = page.locator('.llc-hero-title-row');
    await expect.poll(() => header.locator('.llc-launch-tag').textContent()).toBe('Draft');
    await page.getByRole('button', { name: 'Publish, hosted by Layerloom' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await launch.getByRole('button', { name: 'Connect Test Wallet' }).click({ timeout: 30_000 });
    await expect.poll(() => launch.getByText('Connected with Test Wallet').isVisible()).toBe(true);
    const { publication } = (await callInPage(page, `/api/v1/collections/${collectionId}/publication`)).json
      .data;
    slug = publication.slug;
    await expect.poll(() => header.locator('.llc-launch-tag').textContent()).toBe('Published');
    expect(await header.getByRole('link', { name: /View live page/ }).getAttribute('href')).toBe(
      `/mint/${slug}`,
    );

    // A pre-reveal drop: the placeholder every token shows until the reveal.
    const publicationPanel = page.getByRole('region', { name: 'Publication' });
    await publicationPanel.getByRole('button', { name: 'Set a placeholder…' }).click();
    const placeholderDialog = page.getByRole('dialog', { name: 'Pre-reveal placeholder' });
    await dialogSettled(page);
    await placeholderDialog.locator('input[type="file"]').setInputFiles({
      name: 'egg.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 96, height: 96, channels: 3, background: '#6b4fd8' } })
        .png()
        .toBuffer(),
    });
    await expect
      .poll(() => placeholderDialog.getByRole('img', { name: 'The chosen placeholder' }).isVisible())
      .toBe(true);
    await placeholderDialog.getByRole('button', { name: 'Save placeholder' }).click();
    await expect.poll(() => placeholderDialog.isVisible()).toBe(false);
    await expect.poll(() => publicationPanel.getByText('Art hidden until the reveal').isVisible()).toBe(true);
    const { placeholder } = (
      await callInPage(page, `/api/v1/collections/${collectionId}/publication/placeholder`)
    ).json.data;

    await chooseNetwork(page, 'Local (anvil)');
    const deploy = launch.getByRole('button', { name: 'Deploy on Local (anvil)' });
    await expect.poll(() => deploy.isEnabled()).toBe(true);
    expect(await launch.getByLabel('Max supply').inputValue()).toBe(String(SIZE));
    await launch.getByLabel('Mint price').fill('0.01');
    await openMoreOptions(launch);
    await launch.getByLabel('Wallet that receives the sales').fill(payout);
    await launch.getByLabel('Pre-reveal (placeholder until you reveal)').check();
    await deploy.click();
    for (const name of ['deploy', 'record', 'provenance']) {
      await expect
        .poll(() => launchStep(page, name).textContent(), { timeout: 30_000 })
        .toContain('Confirmed');
    }
    await expect
      .poll(() => launch.getByText('Your collection is deployed').isVisible(), { timeout: 30_000 })
      .toBe(true);
    // Run the drop read the contract again before the launch said it was done: the provenance hash the
    // launch just set shows as set, never "not set" with a button whose transaction would fail.
    const runDrop = page.getByRole('region', { name: 'Run the drop' });
    const provenanceCard = runDrop.getByRole('region', { name: 'Provenance and reveal' });
    // The card shows once the panel has the contract's state; its first state must be the new one.
    await expect.poll(() => provenanceCard.isVisible()).toBe(true);
    expect(await provenanceCard.getByText('Matches the publication.').isVisible()).toBe(true);
    expect(await runDrop.getByText(/not set/i).count()).toBe(0);
    expect(await runDrop.getByRole('button', { name: 'Set the provenance hash' }).count()).toBe(0);
    // The launch's steps: published and deployed (left open, as they were done on this visit), the drop next.
    const guideStep = (key: string) => page.locator(`li[data-guide-step="${key}"]`);
    expect(await guideStep('publish').locator('.llc-guide-state').textContent()).toBe('Done');
    expect(await guideStep('deploy').locator('.llc-guide-state').textContent()).toBe('Done');
    await expect
      .poll(() => guideStep('drop').locator('.llc-guide-state').textContent(), { timeout: 30_000 })
      .toBe('Sale closed');
    expect(
      await guideStep('deploy').getByRole('button', { name: 'Hide details of step 2' }).isVisible(),
    ).toBe(true);
    const { deployments } = (await callInPage(page, `/api/v1/collections/${collectionId}/deployments`)).json
      .data;
    expect(deployments).toHaveLength(1);
    expect(deployments[0]).toMatchObject({ status: 'verified', maxSupply: SIZE, chainId: 31_337 });
    contract = deployments[0].address;
    // On chain: the creator's contract, nothing minted, the sale closed.
    expect(
      (
        await publicClient().readContract({
          address: contract,
          abi: layerloomCollectionAbi,
          functionName: 'owner',
        })
      ).toLowerCase(),
    ).toBe(creator.toLowerCase());
    expect(await read('totalMinted')).toBe(0n);
    expect(await read('salePhase')).toBe(0);
    expect(await read('revealed')).toBe(false);
    expect(await read('preRevealURI')).toBe(placeholder.metadataUrl);
    // A pre-reveal launch leaves the reveal to the drop panel.
    expect(await launchStep(page, 'reveal').count()).toBe(0);
    await expect
      .poll(() => header.textContent(), { timeout: 30_000 })
      .toContain(`Deployed · sale closedMinted 0 of ${SIZE}`);

    // ---- The allowlist, with quantities: uploaded, shown with each wallet's allowance, set on chain.
    const drop = await openDrop(page, collectionId);
    expect(await drop.getByTestId('drop-state').textContent()).toContain(`Minted0 of ${SIZE}`);
    const allowlist = drop.getByRole('region', { name: 'Allowlist' });
    await allowlist
      .getByLabel('Wallets, one per line')
      .fill(`address,quantity\n${listed},3\n${listedAtLimit}`);
    await allowlist.getByRole('button', { name: 'Upload the list' }).click();
    await expect.poll(() => allowlist.getByText('Uploaded: 2 wallets.').isVisible()).toBe(true);
    const wallets = allowlist.getByRole('table', { name: 'Listed wallets and what each may mint' });
    await expect.poll(() => wallets.getByRole('row', { name: `${listed} 3 tokens` }).isVisible()).toBe(true);
    expect(
      await allowlist.getByText('1 with their own quantity, 1 at the per-wallet limit').isVisible(),
    ).toBe(true);
    await allowlist.getByLabel('Allowlist price').fill('0.005');
    await allowlist.getByLabel('Allowlist limit per wallet').fill('1');
    await allowlist.getByRole('button', { name: 'Set the allowlist on chain' }).click();
    await confirmed(drop, 'allowlist');
    await expect
      .poll(() => allowlist.getByText('On chain: the contract checks this list.').isVisible())
      .toBe(true);
    // The line without a quantity now reads as the limit just set on chain.
    await expect
      .poll(() => wallets.getByRole('row', { name: `${listedAtLimit} Per-wallet limit (1)` }).isVisible())
      .toBe(true);
    const { allowlist: uploaded } = (await callInPage(page, `/api/v1/collections/${collectionId}/allowlist`))
      .json.data;
    expect(await read('merkleRoot')).toBe(uploaded.merkleRoot);

    // ---- The allowlist sale opens.
    const phase = drop.getByRole('region', { name: 'Sale phase' });
    expect(
      await drop
        .getByRole('region', { name: 'Provenance and reveal' })
        .getByText('Matches the publication.')
        .isVisible(),
    ).toBe(true);
    await phase.getByRole('button', { name: 'Open the allowlist sale' }).click();
    await confirmed(drop, 'phase', 'Open the allowlist sale');
    expect(await read('salePhase')).toBe(1);
    await expect.poll(() => drop.getByRole('definition').nth(0).textContent()).toBe('Allowlist sale');

    // ---- A listed collector mints 2 of its 3 on the public page (over the phase's limit of 1).
    const collector = await openMintPage(listed);
    await expect
      .poll(() => collector.card.getByText('Allowlist sale').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await connect(collector.card);
    await expect.poll(() => quantityHint(collector.card)).toBe('This wallet can mint up to 3 now.');
    await expect.poll(() => limitTile(collector.card)).toBe("3 of 3 left · this wallet's allowance");
    await collector.card.getByLabel('Quantity').fill('2');
    const mintTwo = collector.card.getByRole('button', { name: 'Mint 2' });
    await expect.poll(() => mintTwo.isEnabled()).toBe(true);
    // Two at the allowlist price.
    expect(await collector.card.getByText('Total 0.01 ETH').isVisible()).toBe(true);
    await mintTwo.click();
    await expect
      .poll(() => collector.card.getByText('Mint confirmed').isVisible(), { timeout: 30_000 })
      .toBe(true);
    expect(await collector.card.getByText('You minted tokens #1, #2').isVisible()).toBe(true);
    expect(await balanceOf(listed)).toBe(2n);
    expect(await mintedBy(listed)).toEqual([0n, 2n, 2n]);
    expect(await read('totalMinted')).toBe(2n);
    expect(await contractBalance()).toBe(parseEther('0.01'));
    await expect.poll(() => mintedText(collector.page)).toBe(`2 of ${SIZE} minted`);
    await expect.poll(() => quantityHint(collector.card)).toBe('This wallet can mint up to 1 now.');
    await expect.poll(() => limitTile(collector.card)).toBe("1 of 3 left · this wallet's allowance");
    // Before the reveal a token shows the placeholder, and the published file hides the art too.
    expect(await tokenURI(1n)).toBe(placeholder.metadataUrl);
    expect(await metadataAt(placeholder.metadataUrl)).toMatchObject({
      name: 'Journey Blobs #?',
      image: placeholder.imageUrl,
    });
    expect((await metadataAt(`${publication.baseUri}1.json`)).image).toBe(placeholder.imageUrl);

    // The same collector mints its last one from another tab; the first tab, not yet refreshed, tries
    // one more: the contract refuses it, and the page says why.
    const secondTab = await openMintPage(listed);
    await connect(secondTab.card);
    await expect.poll(() => quantityHint(secondTab.card)).toBe('This wallet can mint up to 1 now.');
    await secondTab.card.getByRole('button', { name: 'Mint 1' }).click();
    await expect
      .poll(() => secondTab.card.getByText('Mint confirmed').isVisible(), { timeout: 30_000 })
      .toBe(true);
    await expect
      .poll(() =>
        secondTab.card
          .getByText('This wallet has minted its allowance for this sale (3 for this wallet).')
          .isVisible(),
      )
      .toBe(true);
    await secondTab.context.close();
    expect(await mintedBy(listed)).toEqual([0n, 3n, 3n]);
    await collector.card.getByRole('button', { name: 'Mint 1' }).click();
    await expect
      .poll(() =>
        collector.card
          .getByText('This wallet may mint 3 in this sale and has minted 3, so it cannot mint more.')
          .isVisible(),
      )
      .toBe(true);
    expect(await read('totalMinted')).toBe(3n);
    expect(await contractBalance()).toBe(parseEther('0.015'));
    await collector.context.close();

    // ---- A collector who is not on the list is told so, and cannot mint.
    const outsider = await openMintPage(unlisted);
    await expect
      .poll(() => outsider.card.getByText('Allowlist sale').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await connect(outsider.card);
    await expect
      .poll(() => outsider.card.getByText('This wallet is not on the allowlist for this sale.').isVisible())
      .toBe(true);
    expect(await outsider.card.getByRole('button', { name: /^Mint/ }).isDisabled()).toBe(true);
    expect(await balanceOf(unlisted)).toBe(0n);

    // ---- The owner opens the public sale; the outsider can now mint.
    await phase.getByRole('button', { name: 'Open the public sale' }).click();
    await confirmed(drop, 'phase', 'Open the public sale');
    expect(await read('salePhase')).toBe(2);
    await outsider.page.reload();
    await expect
      .poll(() => outsider.card.getByText('Public sale').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await connect(outsider.card);
    const mintOne = outsider.card.getByRole('button', { name: 'Mint 1' });
    await expect.poll(() => mintOne.isEnabled()).toBe(true);
    await mintOne.click();
    await expect
      .poll(() => outsider.card.getByText('Mint confirmed').isVisible(), { timeout: 30_000 })
      .toBe(true);
    expect(await outsider.card.getByText('You minted token #4').isVisible()).toBe(true);
    expect(await balanceOf(unlisted)).toBe(1n);
    expect(await mintedBy(unlisted)).toEqual([1n, 0n, 1n]);
    expect(await read('totalMinted')).toBe(4n);
    expect(await contractBalance()).toBe(parseEther('0.025'));
    await expect.poll(() => mintedText(outsider.page)).toBe(`4 of ${SIZE} minted`);
    await outsider.context.close();

    // ---- The owner reveals and withdraws the sale's funds to the payout address.
    await drop.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => drop.getByTestId('drop-state').textContent()).toContain(`Minted4 of ${SIZE}`);
    const reveal = drop.getByRole('region', { name: 'Provenance and reveal' });
    expect(await read('revealed')).toBe(false);
    await reveal.getByRole('button', { name: 'Reveal…' }).click();
    const revealDialog = page.getByRole('dialog');
    await expect.poll(() => revealDialog.getByText('A reveal cannot be undone.').isVisible()).toBe(true);
    await dialogSettled(page);
    await revealDialog.getByRole('button', { name: 'Reveal' }).click();
    await confirmed(drop, 'reveal');
    expect(await read('revealed')).toBe(true);
    await expect.poll(() => reveal.getByRole('button', { name: 'Revealed' }).isDisabled()).toBe(true);
    // Each token now points at its own metadata, which shows its own image.
    expect(await tokenURI(1n)).toBe(`${publication.baseUri}1.json`);
    expect(await tokenURI(4n)).toBe(`${publication.baseUri}4.json`);
    await expect
      .poll(async () => (await metadataAt(`${publication.baseUri}1.json`)).image)
      .toBe(`${publication.imageBaseUri}1.png`);

    const funds = drop.getByRole('region', { name: 'Funds' });
    await expect.poll(() => funds.getByTestId('drop-balance').textContent()).toBe('0.025 ETH');
    const payoutBefore = await publicClient().getBalance({ address: payout });
    await funds.getByRole('button', { name: 'Withdraw 0.025 ETH' }).click();
    await confirmed(drop, 'withdraw');
    expect(await contractBalance()).toBe(0n);
    expect((await publicClient().getBalance({ address: payout })) - payoutBefore).toBe(parseEther('0.025'));
    await expect.poll(() => funds.getByTestId('drop-balance').textContent()).toBe('0 ETH');

    // ---- Everywhere the collection is shown, it is live with 4 of 6 minted (the proceeds withdrawn).
    await expect
      .poll(() => header.textContent(), { timeout: 30_000 })
      .toContain(`Live · public saleMinted 4 of ${SIZE}View live page`);
    await page.goto('/dashboard');
    const tile = page.locator('.ll-tile', { hasText: 'Journey Blobs' });
    await expect
      .poll(() => tile.locator('.llc-launch-line').textContent(), { timeout: 30_000 })
      .toBe(`Live · public saleMinted 4 of ${SIZE}`);
    await page.goto('/dashboard/collections');
    const card = page.locator('.llc-col-card', { hasText: 'Journey Blobs' });
    await expect
      .poll(() => card.locator('.llc-launch-line').textContent(), { timeout: 30_000 })
      .toContain(`Live · public saleMinted 4 of ${SIZE}`);
    const [mintPage] = await Promise.all([
      owner.context.waitForEvent('page'),
      card.getByRole('link', { name: /View live page/ }).click(),
    ]);
    await mintPage.waitForURL(`**/mint/${slug}`);
    await mintPage.getByRole('heading', { level: 1 }).waitFor();
    await mintPage.close();
    expect(owner.errors).toEqual([]);
    await owner.context.close();
  });

  it('shows the mint page and the drop panel well at every width, with no serious accessibility issue', async () => {
    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const collector = await openMintPage(unlisted, viewport);
      await expect.poll(() => mintedText(collector.page), { timeout: 20_000 }).toBe(`4 of ${SIZE} minted`);
      await connect(collector.card);
      await expect.poll(() => quantityHint(collector.card)).toBe('This wallet can mint up to 2 now.');
      await expect.poll(() => limitTile(collector.card)).toBe('4 of 5 left · for this wallet');
      expect(await seriousAxeViolations(collector.page)).toEqual([]);
      await screenshot(collector.page, 'journey-mint');
      expect(collector.errors).toEqual([]);
      await collector.context.close();

      const owner = await openPage(browser, app.url, viewport);
      await installTestWallet(owner.page, { rpcUrl: anvil.rpcUrl, account: creator });
      await signIn(owner.context, testAdmin.email, testAdmin.password);
      const drop = await openDrop(owner.page, collectionId);
      const allowlist = drop.getByRole('region', { name: 'Allowlist' });
      await expect
        .poll(() => allowlist.getByText('On chain: the contract checks this list.').isVisible())
        .toBe(true);
      expect(await seriousAxeViolations(owner.page)).toEqual([]);
      // Opened again, the page leads with the drop: the finished steps are folded into their summaries, and
      // Delete says why it is off before any click.
      const publishStep = owner.page.locator('li[data-guide-step="publish"]');
      expect(await publishStep.getByRole('button', { name: 'Show details of step 1' }).isVisible()).toBe(
        true,
      );
      expect(await owner.page.getByRole('region', { name: 'Publication' }).isVisible()).toBe(false);
      const remove = owner.page.getByRole('button', { name: /Delete/ });
      expect(await remove.isDisabled()).toBe(true);
      const reasonId = await remove.getAttribute('aria-describedby');
      expect(await owner.page.locator(`#${reasonId}`).textContent()).toBe(
        "It cannot be deleted: it has a contract on Local (anvil), and collectors' tokens point at its files and its mint page.",
      );
      await drop.scrollIntoViewIfNeeded();
      await screenshot(owner.page, 'journey-drop');
      // The section menu goes to the gallery and keeps it in the URL: a reload comes back to it.
      await owner.page
        .getByRole('navigation', { name: 'Sections of this collection' })
        .getByRole('link', { name: 'Gallery' })
        .click();
      await owner.page.waitForURL((url) => url.searchParams.get('section') === 'gallery');
      await owner.page.reload();
      const galleryTitle = owner.page.getByRole('heading', { level: 2, name: 'Gallery' });
      await expect
        .poll(async () => {
          const box = await galleryTitle.boundingBox();
          const height = owner.page.viewportSize()?.height ?? 0;
          return box !== null && box.y >= 0 && box.y < height;
        })
        .toBe(true);
      // The launch status on the collection's card, the Dashboard's tile and the collection page's header.
      await owner.page.goto('/dashboard/collections');
      await owner.page.locator('.llc-col-card .llc-launch-line').waitFor();
      expect(await seriousAxeViolations(owner.page)).toEqual([]);
      await screenshot(owner.page, 'journey-collections');
      await owner.page.goto('/dashboard');
      await owner.page.locator('.ll-tile .llc-launch-line').waitFor();
      await screenshot(owner.page, 'journey-dashboard');
      expect(owner.errors).toEqual([]);
      await owner.context.close();
    }
  }, 240_000);
});
