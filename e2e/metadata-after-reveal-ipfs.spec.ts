import { join } from 'node:path';
import { deployCollection, layerloomCollectionAbi, mint, reveal, setPhase } from '@layerloom/contracts';
import { type KuboStandIn, startKuboStandIn } from '@layerloom/server/test/kubo-stand-in';
import type { Browser, Page } from 'playwright-core';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hash,
  http,
  parseEther,
  parseEventLogs,
} from 'viem';
import { anvil as anvilChain } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Anvil, startAnvil } from './support/anvil.ts';
import { type RunningApp, startApp } from './support/app.ts';
import {
  launchBrowser,
  openPage,
  screenshotDir,
  seriousAxeViolations,
  signIn,
  testAdmin,
  type ViewportName,
} from './support/browser.ts';
import { confirmed, dropTransaction, openDrop } from './support/drop-ui.ts';
import { callInPage, startSampleCollection, waitUntilReady } from './support/in-page.ts';
import { anvilAccount0, installTestWallet } from './support/wallet.ts';

const NAME = 'Pinned Blobs';
const STALE = 'Metadata changed since it was pinned — publish again';

/**
 * A metadata edit after the reveal of a collection on IPFS (issue 26): the pinned folder goes stale, the
 * publication says so and publishes again (a new metadata CID), and the drop panel points the contract at it
 * with setBaseURI, so the contract's tokenURI serves the new name from the new folder.
 */
describe('metadata edits after the reveal, on IPFS', () => {
  let anvil: Anvil;
  let app: RunningApp;
  let browser: Browser;
  let kubo: KuboStandIn;
  let collectionId: string;
  let contract: Address;
  let pinnedBase: string;

  const publicClient = () => createPublicClient({ chain: anvilChain, transport: http(anvil.rpcUrl) });
  const walletClient = () =>
    createWalletClient({ chain: anvilChain, transport: http(anvil.rpcUrl), account: anvilAccount0 });
  const publicationOf = async (page: Page) =>
    (await callInPage(page, `/api/v1/collections/${collectionId}/publication`)).json.data.publication as {
      baseUri: string;
      contractUri: string;
      metadataChanged: boolean;
    } | null;
  /** The Publication region, unfolded from step 1 (finished steps fold once the collection has a contract). */
  const publicationPanel = async (page: Page) => {
    const step = page.locator('li[data-guide-step="publish"]');
    const show = step.getByRole('button', { name: 'Show details of step 1' });
    await expect.poll(() => show.isVisible(), { timeout: 30_000 }).toBe(true);
    await show.click();
    return page.getByRole('region', { name: 'Publication' });
  };

  beforeAll(async () => {
    anvil = await startAnvil();
    [app, browser, kubo] = await Promise.all([
      startApp({
        ADMIN_EMAIL: testAdmin.email,
        ADMIN_PASSWORD: testAdmin.password,
        RPC_URL_31337: anvil.rpcUrl,
      }),
      launchBrowser(),
      startKuboStandIn({ token: 'e2e-kubo-token-9a2f' }),
    ]);

    // Published to IPFS, deployed, one token minted and revealed, all from Node as the owner's wallet would.
    const { context, page } = await openPage(browser, app.url);
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto('/dashboard');
    collectionId = await startSampleCollection(page, { name: NAME, description: 'Blobs on IPFS', size: 4 });
    await waitUntilReady(page, collectionId);
    const provider = await callInPage(page, '/api/v1/pinning-provider', 'PUT', {
      endpoint: kubo.url,
      token: kubo.token,
    });
    expect(provider.status).toBe(200);
    const upload = await callInPage(page, `/api/v1/collections/${collectionId}/publication/ipfs`, 'POST', {});
    expect(upload.status).toBeLessThan(300);
    let publication = null;
    for (let attempt = 0; attempt < 600 && !publication; attempt++) {
      publication = await publicationOf(page);
      if (!publication) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!publication) throw new Error('The collection was not published to IPFS');
    pinnedBase = publication.baseUri;
    expect(pinnedBase).toMatch(/^ipfs:\/\//);
    const deployed = await deployCollection({
      walletClient: walletClient(),
      publicClient: publicClient(),
      collection: {
        name: NAME,
        symbol: 'PBLOB',
        maxSupply: 4,
        mintPrice: parseEther('0.01'),
        maxPerWallet: 2,
        preRevealURI: `${app.url}/hidden.json`,
        contractURI: publication.contractUri,
        royalty: { bps: 500 },
      },
    });
    contract = deployed.address;
    const recorded = await callInPage(page, `/api/v1/collections/${collectionId}/deployments`, 'POST', {
      chainId: 31_337,
      address: contract,
      deployer: anvilAccount0,
      transactionHash: deployed.hash,
      name: NAME,
      symbol: 'PBLOB',
      maxSupply: 4,
    });
    expect(recorded.json.data.deployment.status).toBe('verified');
    const clients = { walletClient: walletClient(), publicClient: publicClient(), address: contract };
    await setPhase({ ...clients, phase: 'public' });
    await mint({ ...clients, quantity: 1 });
    await reveal({ ...clients, baseURI: pinnedBase });
    await context.close();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await kubo?.close();
    await anvil?.stop();
  });

  it('edits the names, publishes the metadata again, and points the contract at the new folder with setBaseURI', async () => {
    const { context, page } = await openPage(browser, app.url);
    await installTestWallet(page, { rpcUrl: anvil.rpcUrl });
    await signIn(context, testAdmin.email, testAdmin.password);
    const drop = await openDrop(page, collectionId);

    const editor = page.getByRole('region', { name: 'Edit metadata' });
    await editor.getByRole('textbox', { name: 'Name pattern' }).fill('Pinned Blob #{edition}');
    await editor.getByRole('button', { name: 'Save metadata' }).click();
    await expect
      .poll(() => editor.locator('.llc-history li').first().textContent(), { timeout: 60_000 })
      .toContain('“Pinned Blob #{edition}”');
    // The contract still reads the pinned folder, which cannot change.
    expect((await publicationOf(page))?.metadataChanged).toBe(true);

    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const opened = await openPage(browser, app.url, viewport);
      await signIn(opened.context, testAdmin.email, testAdmin.password);
      await opened.page.goto(`/dashboard/collections/${collectionId}`);
      const panel = await publicationPanel(opened.page);
      await expect.poll(() => panel.getByText(STALE).isVisible(), { timeout: 30_000 }).toBe(true);
      await panel.scrollIntoViewIfNeeded();
      expect(await seriousAxeViolations(opened.page)).toEqual([]);
      await panel.screenshot({
        path: join(screenshotDir, `metadata-after-reveal-ipfs-stale-${viewport}.png`),
      });
      await opened.context.close();
    }

    const panel = await publicationPanel(page);
    await panel.getByRole('button', { name: 'Publish again' }).click();
    await expect.poll(() => panel.getByText(STALE).count(), { timeout: 60_000 }).toBe(0);
    const newBase = (await publicationOf(page))?.baseUri ?? '';
    expect(newBase).toMatch(/^ipfs:\/\//);
    expect(newBase).not.toBe(pinnedBase);
    expect(await panel.textContent()).toContain(newBase);

    // The drop's card now offers the new base: setBaseURI, which tells marketplaces to refresh too.
    const updates = drop.getByRole('region', { name: 'Metadata on marketplaces' });
    await expect
      .poll(() => updates.textContent(), { timeout: 30_000 })
      .toContain(`Metadata now lives at ${newBase}`);
    const update = updates.getByRole('button', { name: 'Update metadata on marketplaces' });
    await expect.poll(() => update.isEnabled()).toBe(true);
    await update.click();
    await confirmed(drop, 'metadata');
    const hash = (await dropTransaction(drop, 'metadata').locator('code').textContent()) as Hash;
    const receipt = await publicClient().getTransactionReceipt({ hash });
    const events = parseEventLogs({ abi: layerloomCollectionAbi, logs: receipt.logs }).map(
      (log) => log.eventName,
    );
    expect(events).toEqual(['BaseURIChanged', 'BatchMetadataUpdate']);
    const uri = await publicClient().readContract({
      address: contract,
      abi: layerloomCollectionAbi,
      functionName: 'tokenURI',
      args: [1n],
    });
    expect(uri).toBe(`${newBase}1.json`);
    // This server is a gateway for the folders it pinned.
    const served = await (await fetch(`${app.url}/ipfs/${uri.slice('ipfs://'.length)}`)).json();
    expect(served.name).toBe('Pinned Blob #1');
    expect(kubo.pinned.has(newBase.slice('ipfs://'.length, -1))).toBe(true);
    await updates.scrollIntoViewIfNeeded();
    await updates.screenshot({ path: join(screenshotDir, 'metadata-after-reveal-ipfs-updated-desktop.png') });
    await context.close();
  }, 300_000);
});
