import { join } from 'node:path';
import {
  deployCollection,
  freezeMetadata,
  layerloomCollectionAbi,
  mint,
  reveal,
  setPhase,
} from '@layerloom/contracts';
import type { Browser } from 'playwright-core';
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
  screenshot,
  screenshotDir,
  seriousAxeViolations,
  signIn,
  testAdmin,
  type ViewportName,
} from './support/browser.ts';
import { confirmed, dropTransaction, openDrop } from './support/drop-ui.ts';
import { callInPage, startSampleCollection, waitUntilReady } from './support/in-page.ts';
import { anvilAccount0, installTestWallet } from './support/wallet.ts';

const NAME = 'Typo Blobs';

/**
 * A typo found after the reveal (issue 26): the creator edits the token names of a published, deployed and
 * revealed collection in the browser, then tells marketplaces from the drop panel; the contract's tokenURI
 * then serves the new name.
 */
describe('metadata edits after the reveal', () => {
  let anvil: Anvil;
  let app: RunningApp;
  let browser: Browser;
  let collectionId: string;
  let contract: Address;

  const publicClient = () => createPublicClient({ chain: anvilChain, transport: http(anvil.rpcUrl) });
  const walletClient = () =>
    createWalletClient({ chain: anvilChain, transport: http(anvil.rpcUrl), account: anvilAccount0 });
  /** Token #1's metadata as a marketplace reads it: from the URI the contract returns. */
  const tokenOne = async () => {
    const uri = await publicClient().readContract({
      address: contract,
      abi: layerloomCollectionAbi,
      functionName: 'tokenURI',
      args: [1n],
    });
    return (await (await fetch(uri)).json()) as { name: string };
  };

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

    // Published (hosted), deployed, one token minted and revealed, all from Node as the owner's wallet would.
    const { context, page } = await openPage(browser, app.url);
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto('/dashboard');
    collectionId = await startSampleCollection(page, {
      name: NAME,
      description: 'Blobs with a typo',
      size: 4,
    });
    await waitUntilReady(page, collectionId);
    const published = await callInPage(page, `/api/v1/collections/${collectionId}/publication`, 'POST', {
      mode: 'hosted',
    });
    expect(published.status).toBe(201);
    const { baseUri, contractUri } = published.json.data.publication as {
      baseUri: string;
      contractUri: string;
    };
    const deployed = await deployCollection({
      walletClient: walletClient(),
      publicClient: publicClient(),
      collection: {
        name: NAME,
        symbol: 'TBLOB',
        maxSupply: 4,
        mintPrice: parseEther('0.01'),
        maxPerWallet: 2,
        preRevealURI: `${app.url}/hidden.json`,
        contractURI: contractUri,
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
      symbol: 'TBLOB',
      maxSupply: 4,
    });
    expect(recorded.json.data.deployment.status).toBe('verified');
    const clients = { walletClient: walletClient(), publicClient: publicClient(), address: contract };
    await setPhase({ ...clients, phase: 'public' });
    await mint({ ...clients, quantity: 1 });
    await reveal({ ...clients, baseURI: baseUri });
    await context.close();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await anvil?.stop();
  });

  it('edits a token name after the reveal in the browser, tells marketplaces with BatchMetadataUpdate, and tokenURI serves the new name', async () => {
    expect((await tokenOne()).name).toBe(`${NAME} #1`);
    const { context, page } = await openPage(browser, app.url);
    await installTestWallet(page, { rpcUrl: anvil.rpcUrl });
    await signIn(context, testAdmin.email, testAdmin.password);
    const drop = await openDrop(page, collectionId);

    // The editor is there after publishing, saying what an edit does now; reroll and grow are not.
    const editor = page.getByRole('region', { name: 'Edit metadata' });
    await expect
      .poll(() => editor.getByText('Published: your edits make a new metadata version.').isVisible())
      .toBe(true);
    expect(await page.getByRole('heading', { name: 'Lock and reroll' }).count()).toBe(0);
    await editor.getByRole('textbox', { name: 'Name pattern' }).fill('Typo-free Blob #{edition}');
    await editor.getByRole('button', { name: 'Save metadata' }).click();
    await expect
      .poll(() => editor.locator('.llc-history li').first().textContent(), { timeout: 60_000 })
      .toContain('Name pattern “{collection} #{edition}” → “Typo-free Blob #{edition}”');
    // Hosted metadata serves the new version as soon as the rewrite is done; marketplaces are not told yet.
    await expect.poll(async () => (await tokenOne()).name, { timeout: 60_000 }).toBe('Typo-free Blob #1');

    // "What changed since marketplaces were last told" lists the edit; the update announces it on chain.
    const updates = drop.getByRole('region', { name: 'Metadata on marketplaces' });
    await expect.poll(() => updates.textContent()).toContain('Typo-free Blob #{edition}');
    const update = updates.getByRole('button', { name: 'Update metadata on marketplaces' });
    await expect.poll(() => update.isEnabled()).toBe(true);
    await update.click();
    await confirmed(drop, 'metadata');
    const hash = (await dropTransaction(drop, 'metadata').locator('code').textContent()) as Hash;
    const receipt = await publicClient().getTransactionReceipt({ hash });
    const events = parseEventLogs({ abi: layerloomCollectionAbi, logs: receipt.logs });
    expect(events.map((event) => event.eventName)).toEqual(['BatchMetadataUpdate']);
    expect((await tokenOne()).name).toBe('Typo-free Blob #1');
    await expect
      .poll(() => updates.locator('[data-field="last-metadata-update"]').textContent())
      .toContain('Marketplaces told to refresh');
    await context.close();

    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const opened = await openPage(browser, app.url, viewport);
      await signIn(opened.context, testAdmin.email, testAdmin.password);
      await opened.page.goto(`/dashboard/collections/${collectionId}?section=metadata`);
      const shown = opened.page.getByRole('region', { name: 'Edit metadata' });
      await expect
        .poll(() => shown.getByText('Typo-free Blob #{edition}', { exact: false }).count())
        .not.toBe(0);
      await shown.scrollIntoViewIfNeeded();
      expect(await seriousAxeViolations(opened.page)).toEqual([]);
      await screenshot(opened.page, 'metadata-after-reveal');
      await shown.screenshot({ path: join(screenshotDir, `metadata-after-reveal-editor-${viewport}.png`) });
      await opened.context.close();
    }

    // Frozen on chain (sent from Node, recorded as the drop panel records it): the editor is disabled with
    // the reason, and the server refuses an edit, writing nothing.
    const frozen = await freezeMetadata({
      walletClient: walletClient(),
      publicClient: publicClient(),
      address: contract,
    });
    const last = await openPage(browser, app.url);
    await signIn(last.context, testAdmin.email, testAdmin.password);
    await last.page.goto('/dashboard');
    const recorded = await callInPage(
      last.page,
      `/api/v1/collections/${collectionId}/marketplace/updates`,
      'POST',
      { transactionHash: frozen.hash },
    );
    expect(recorded.status).toBe(201);
    await last.page.goto(`/dashboard/collections/${collectionId}?section=metadata`);
    const locked = last.page.getByRole('region', { name: 'Edit metadata' });
    const save = locked.getByRole('button', { name: 'Save metadata' });
    await expect.poll(() => save.isDisabled()).toBe(true);
    expect(await locked.textContent()).toContain('Metadata is frozen on chain');
    expect(await locked.getByRole('textbox', { name: 'Name pattern' }).isDisabled()).toBe(true);
    const refused = await callInPage(
      last.page,
      `/api/v1/collections/${collectionId}/metadata-settings`,
      'PUT',
      {
        namePattern: 'After the freeze #{edition}',
        description: null,
        externalUrl: null,
        backgroundColor: null,
        attributes: [],
        tokenAttributes: [],
        renames: [],
      },
    );
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toContain('Metadata is frozen on chain');
    expect((await tokenOne()).name).toBe('Typo-free Blob #1');
    await locked.scrollIntoViewIfNeeded();
    await locked.screenshot({ path: join(screenshotDir, 'metadata-after-reveal-frozen-desktop.png') });
    await last.context.close();
  }, 300_000);
});
