import {
  deployCollection,
  layerloomCollectionAbi,
  setBaseURI,
  layerloomCollectionVerificationInput as verificationInput,
} from '@layerloom/contracts';
import { type ExplorerStandIn, startExplorerStandIn } from '@layerloom/server/test/explorer-stand-in';
import { type KuboStandIn, startKuboStandIn } from '@layerloom/server/test/kubo-stand-in';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { type Address, getAddress, type Hash, maxUint256, parseEther, parseEventLogs } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogSettled, openPage, screenshot, seriousAxeViolations, viewports } from './support/browser.ts';
import { confirmed, dropTransaction, launchStep, openDrop } from './support/drop-ui.ts';
import { callInPage, waitUntilReady } from './support/in-page.ts';
import { openMoreOptions } from './support/launch-form.ts';
import {
  adminPage,
  type ChainStack,
  dropEvents,
  openLaunch,
  type PublishedUris,
  publishToIpfs,
  readySampleCollection,
  startChainStack,
  tokenUri,
} from './support/launch-setup.ts';
import { connectOnMintCard } from './support/mint-card.ts';
import {
  anvilAccount0,
  anvilAccount1,
  anvilAccount2,
  anvilAccount3,
  anvilAccount4,
  anvilAccount5,
  installTestWallet,
} from './support/wallet.ts';

const NAME = 'Checklist Blobs';
const DESCRIPTION = 'Blobs that pass the marketplace checklist';
const EXPLORER_WEB = 'https://explorer.example';
// The creator deploys and runs the drop; two collectors buy; three payees share the sales 50 / 30 / 20 and
// never send a transaction themselves, so their balances move only by what they are paid.
const creator = anvilAccount0;
const collectors = [anvilAccount1, anvilAccount2];
const payees = [
  { address: anvilAccount3 as Address, share: 50, owed: '0.01' },
  { address: anvilAccount4 as Address, share: 30, owed: '0.006' },
  { address: anvilAccount5 as Address, share: 20, owed: '0.004' },
];

/**
 * Issue 26's checklist, walked through the UI on anvil with injected wallets: a launch with three payees,
 * two collectors' mints, the reveal, one token's metadata and art edited after it (EIP-4906), the freeze, every
 * payee paid its share, the contractURI a marketplace reads, and source verification on the explorer.
 */
describe('a collection as marketplaces and explorers expect it, from launch to freeze', () => {
  let stack: ChainStack;
  let kubo: KuboStandIn;
  let explorer: ExplorerStandIn;
  let collectionId: string;
  let publication: PublishedUris;
  let contract: Address;
  let page: Page;

  /** A token's metadata as a marketplace reads it: from the URI the contract returns, through this server's gateway. */
  const tokenMetadata = async (tokenId: bigint) => {
    const uri = await tokenUri(stack, contract, tokenId);
    expect(uri).toMatch(/^ipfs:\/\//);
    const response = await fetch(`${stack.app.url}/ipfs/${uri.slice('ipfs://'.length)}`);
    return (await response.json()) as {
      name: string;
      image: string;
      attributes: { trait_type: string; value: unknown }[];
    };
  };
  const read = <F extends 'contractURI' | 'baseURI' | 'metadataFrozen' | 'revealed'>(functionName: F) =>
    stack.publicClient().readContract({ address: contract, abi: layerloomCollectionAbi, functionName });
  const balanceOf = (address: Address) => stack.publicClient().getBalance({ address });

  beforeAll(async () => {
    [kubo, stack] = await Promise.all([
      startKuboStandIn({ token: 'e2e-kubo-token-c7e1' }),
      startChainStack(async (anvil) => {
        explorer = await startExplorerStandIn({ rpcUrl: anvil.rpcUrl });
        return {
          EXPLORER_31337: 'etherscan',
          EXPLORER_API_URL_31337: `${explorer.url}/v2/api`,
          EXPLORER_API_KEY_31337: explorer.apiKey,
          EXPLORER_URL_31337: EXPLORER_WEB,
          VERIFY_RETRY_BASE_MS: '200',
        };
      }),
    ]);
    // Generated and published to IPFS (only metadata on IPFS can be frozen); publishing is publish-ipfs's subject.
    ({ page } = await adminPage(stack, { wallet: { account: creator } }));
    collectionId = await readySampleCollection(page, { name: NAME, description: DESCRIPTION });
    publication = await publishToIpfs(page, collectionId, kubo);
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
    await kubo?.close();
    await explorer?.close();
  });

  it('launches with three payees from the form, and the explorer verifies the deployed source', async () => {
    const launch = await openLaunch(page, collectionId);
    // The wallet is on the local chain, which the server reads: the form starts there, nothing to switch.
    const deploy = launch.getByRole('button', { name: 'Deploy on Local (anvil)' });
    await expect.poll(() => deploy.isEnabled(), { timeout: 30_000 }).toBe(true);
    expect(await launch.getByRole('button', { name: /Switch network/ }).count()).toBe(0);
    // The first drop's fields show; the rest is folded.
    expect(await launch.getByLabel('Symbol').inputValue()).toBe('CB');
    expect(await launch.getByLabel('Royalty receiver').isVisible()).toBe(false);
    await launch.getByLabel('Mint price').fill('0.01');
    // The network fee of the deploy, before the wallet is asked.
    await expect
      .poll(() => launch.getByTestId('deploy-fee').textContent(), { timeout: 30_000 })
      .toMatch(/^Deploying costs about \d+(\.\d+)? ETH \(network fee\)/);

    // Three payees; a total that is not 100 % is refused in place, before anything is sent.
    await openMoreOptions(launch);
    await launch.getByLabel('Royalties', { exact: true }).fill('5');
    await launch.getByLabel('Wallet that receives the sales').fill(payees[0]!.address);
    await launch.getByRole('button', { name: 'Split the sales with another wallet' }).click();
    await launch.getByLabel('Wallet 2', { exact: true }).fill(payees[1]!.address);
    await launch.getByRole('button', { name: 'Add a wallet' }).click();
    await launch.getByLabel('Wallet 3', { exact: true }).fill(payees[2]!.address);
    await launch.getByLabel('Share of wallet 1').fill('50');
    await launch.getByLabel('Share of wallet 2').fill('30');
    await launch.getByLabel('Share of wallet 3').fill('10');
    await deploy.click();
    await expect
      .poll(() =>
        launch.getByText('The shares add up to 90 %; they must add up to exactly 100 %.').isVisible(),
      )
      .toBe(true);
    expect(await launchStep(page, 'deploy').count()).toBe(0);
    await launch.getByLabel('Share of wallet 3').fill('20');
    await expect.poll(() => launch.getByText('Total: 100 % of 100 %').isVisible()).toBe(true);
    await deploy.click();
    const confirmedStep = (name: string) =>
      expect.poll(() => launchStep(page, name).textContent(), { timeout: 60_000 }).toContain('Confirmed');
    await confirmedStep('deploy');
    await confirmedStep('record');

    // Once recorded, the server submits the source on its own. The stand-in explorer compiles it with solc on
    // this test's thread, which also carries the page's wallet (its calls to anvil), so the launch's
    // remaining steps are read once the explorer has its answer.
    const { deployments } = (await callInPage(page, `/api/v1/collections/${collectionId}/deployments`)).json
      .data;
    expect(deployments).toHaveLength(1);
    contract = getAddress(deployments[0].address);
    await expect
      .poll(() => explorer.verified.has(`31337:${contract.toLowerCase()}`), { timeout: 120_000 })
      .toBe(true);
    // Revealed at once (no placeholder): the launch's own reveal step points the tokens at the pinned folder.
    await confirmedStep('reveal');
    await confirmedStep('provenance');

    // Recorded with the deployment as the server found it on chain, and the shares are the contract's.
    expect(deployments[0]).toMatchObject({
      status: 'verified',
      payees: payees.map(({ address, share }) => ({ address, shares: share * 100 })),
    });
    expect(
      await stack
        .publicClient()
        .readContract({ address: contract, abi: layerloomCollectionAbi, functionName: 'payees' }),
    ).toEqual([payees.map(({ address }) => address), payees.map(({ share }) => BigInt(share * 100))]);
    expect(await read('revealed')).toBe(true);
    expect(await read('baseURI')).toBe(publication.baseUri);

    await page.goto(`/dashboard/collections/${collectionId}?section=launch`);
    const details = page.getByRole('button', { name: 'Show details of step 2' });
    await expect.poll(() => details.isVisible()).toBe(true);
    await details.click();
    const listed = page.getByRole('list', { name: 'Deployed contracts' });
    const link = listed.getByRole('link', { name: 'View the code' });
    await expect.poll(() => link.isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await listed.getByText('Source verified on Etherscan').isVisible()).toBe(true);
    expect(await link.getAttribute('href')).toBe(`${EXPLORER_WEB}/address/${contract}#code`);
  }, 300_000);

  it('refuses a tampered source on the explorer, as explorers do', async () => {
    // A twin of the contract, deployed but not recorded, so only this tampered submission reaches the explorer.
    const { address } = await deployCollection({
      walletClient: stack.walletOf(creator),
      publicClient: stack.publicClient(),
      collection: {
        name: NAME,
        symbol: 'CB',
        maxSupply: 4,
        mintPrice: parseEther('0.01'),
        maxPerWallet: 2,
        preRevealURI: `${stack.app.url}/hidden.json`,
      },
    });
    const tampered = structuredClone(verificationInput.standardJsonInput);
    const path = 'contracts/PaymentSplit.sol';
    tampered.sources[path] = { content: `${tampered.sources[path]!.content}\n// tampered\n` };
    const submitted = await fetch(`${explorer.url}/v2/verify/31337/${address}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        stdJsonInput: tampered,
        compilerVersion: verificationInput.compilerVersion,
        contractIdentifier: verificationInput.contractIdentifier,
      }),
    });
    const { verificationId } = (await submitted.json()) as { verificationId: string };
    const verdict = async () =>
      (await (await fetch(`${explorer.url}/v2/verify/${verificationId}`)).json()) as {
        isJobCompleted: boolean;
        error?: { customCode: string };
      };
    await expect.poll(async () => (await verdict()).isJobCompleted, { timeout: 90_000 }).toBe(true);
    expect((await verdict()).error?.customCode).toBe('no_match');
    expect(explorer.verified.has(`31337:${address.toLowerCase()}`)).toBe(false);
  }, 180_000);

  it('opens the sale, and two collectors mint on the public page with their own wallets', async () => {
    const drop = await openDrop(page, collectionId);
    await drop
      .getByRole('region', { name: 'Sale phase' })
      .getByRole('button', { name: 'Open the public sale' })
      .click();
    await confirmed(drop, 'phase', 'Open the public sale');
    for (const [index, account] of collectors.entries()) {
      const collector = await openPage(stack.browser, stack.app.url);
      await installTestWallet(collector.page, { rpcUrl: stack.anvil.rpcUrl, account });
      await collector.page.goto(`/mint/${publication.slug}`);
      const card = collector.page.getByRole('region', { name: 'Mint', exact: true });
      await connectOnMintCard(card);
      const mint = card.getByRole('button', { name: 'Mint 1' });
      await expect.poll(() => mint.isEnabled(), { timeout: 30_000 }).toBe(true);
      await mint.click();
      await expect.poll(() => card.getByText('Mint confirmed').isVisible(), { timeout: 30_000 }).toBe(true);
      expect(
        await stack.publicClient().readContract({
          address: contract,
          abi: layerloomCollectionAbi,
          functionName: 'ownerOf',
          args: [BigInt(index + 1)],
        }),
      ).toBe(account);
      expect(collector.errors).toEqual([]);
      await collector.context.close();
    }
    expect(await balanceOf(contract)).toBe(parseEther('0.02'));
    // Revealed: a minted token reads its own metadata from the pinned folder.
    expect((await tokenMetadata(1n)).name).toBe(`${NAME} #1`);
  }, 180_000);

  it('puts the listing on chain: the contractURI a marketplace reads is the collection JSON', async () => {
    const drop = await openDrop(page, collectionId);
    const listing = drop.getByRole('region', { name: 'Marketplace listing' });
    // Deployed with the hosted listing's address; on IPFS the listing is pinned beside the metadata first.
    const launched = await read('contractURI');
    expect(launched).toBe(publication.contractUri);
    // The listing carries the contract's royalty, as marketplaces show it.
    await listing.getByRole('button', { name: "Use the contract's royalty" }).click({ timeout: 30_000 });
    await listing.getByRole('button', { name: 'Save listing' }).click();
    await expect.poll(() => listing.getByText(/^Saved\./).isVisible()).toBe(true);
    const update = listing.getByRole('button', { name: 'Update the listing on chain' });
    await expect.poll(() => update.isEnabled()).toBe(true);
    await update.click();
    await confirmed(drop, 'contract-uri');
    expect(await dropEvents(stack, drop, 'contract-uri')).toContain('ContractURIUpdated');
    await expect.poll(() => listing.getByText('up to date').isVisible()).toBe(true);
    const contractUri = await read('contractURI');
    expect(contractUri).toMatch(/^ipfs:\/\//);
    const cid = contractUri.slice('ipfs://'.length);
    expect(kubo.pinned.has(cid)).toBe(true);
    // What the contract returned at launch (the hosted listing) serves the collection JSON, the listing the
    // pinned copy was made from.
    const listed = await (await fetch(launched)).json();
    const [receiver] = await stack.publicClient().readContract({
      address: contract,
      abi: layerloomCollectionAbi,
      functionName: 'royaltyInfo',
      args: [1n, 10_000n],
    });
    expect(listed).toEqual({
      name: NAME,
      description: DESCRIPTION,
      seller_fee_basis_points: 500,
      fee_recipient: receiver,
    });
  }, 120_000);

  it("edits one token's metadata and art after the reveal: new pinned folders, setBaseURI and BatchMetadataUpdate", async () => {
    expect((await tokenMetadata(2n)).attributes).not.toContainEqual({ trait_type: 'Signed', value: 'Yes' });
    await page.goto(`/dashboard/collections/${collectionId}?section=metadata`);
    const editor = page.getByRole('region', { name: 'Edit metadata' });
    await editor.getByRole('button', { name: 'Add an attribute to one token' }).click();
    await editor.getByLabel('Token 1 number').fill('2');
    await editor.getByLabel('Token 1 attribute name').fill('Signed');
    await editor.getByLabel('Token 1 attribute value').fill('Yes');
    await editor.getByRole('button', { name: 'Save metadata' }).click();
    const publicationOf = async () =>
      (await callInPage(page, `/api/v1/collections/${collectionId}/publication`)).json.data.publication as {
        baseUri: string;
        metadataChanged: boolean;
      };
    await expect.poll(async () => (await publicationOf()).metadataChanged, { timeout: 60_000 }).toBe(true);

    // Token 2's art is replaced too (a new art version), after a confirmation about the provenance hash.
    await waitUntilReady(page, collectionId);
    const { collection } = (await callInPage(page, `/api/v1/collections/${collectionId}`)).json.data;
    const newArt = await sharp({
      create: { width: collection.width, height: collection.height, channels: 3, background: '#e63946' },
    })
      .png()
      .toBuffer();
    await page.goto(`/dashboard/collections/${collectionId}?section=metadata`);
    const art = page.getByRole('region', { name: 'Replace token art' });
    await art.getByRole('spinbutton', { name: 'Row 1: token number' }).fill('2', { timeout: 30_000 });
    await art
      .locator('input[type="file"]')
      .setInputFiles({ name: 'fixed-2.png', mimeType: 'image/png', buffer: newArt });
    await expect.poll(() => art.getByText('fixed-2.png').isVisible()).toBe(true);
    for (const viewport of [viewports.desktop, viewports.tablet, viewports.phone]) {
      await page.setViewportSize(viewport);
      await art.scrollIntoViewIfNeeded();
      await screenshot(page, 'contract-checklist-art');
    }
    await art.getByRole('button', { name: 'Replace art' }).click();
    await dialogSettled(page);
    const confirmArt = page.getByRole('dialog');
    expect(await confirmArt.textContent()).toContain(
      `It will no longer match the new art of token #2: anyone who checks the provenance will find that this token differs.`,
    );
    await screenshot(page, 'contract-checklist-art-confirm');
    await page.setViewportSize(viewports.desktop);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await confirmArt.getByRole('button', { name: 'Replace art' }).click();
    await expect
      .poll(() => art.getByRole('list', { name: 'Art versions' }).textContent(), { timeout: 60_000 })
      .toContain('Version 2: token #2 (on IPFS once published again)');
    await waitUntilReady(page, collectionId);

    // The pinned folders cannot change: the publication says so and pins the edited metadata and art again.
    await page.goto(`/dashboard/collections/${collectionId}`);
    await page.getByRole('button', { name: 'Show details of step 1' }).click({ timeout: 30_000 });
    const panel = page.getByRole('region', { name: 'Publication' });
    await expect
      .poll(() => panel.getByText('Metadata changed since it was pinned — publish again').isVisible())
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Publish again' }).click();
    await expect.poll(async () => (await publicationOf()).metadataChanged, { timeout: 60_000 }).toBe(false);
    const newBase = (await publicationOf()).baseUri;
    expect(newBase).not.toBe(publication.baseUri);
    expect(kubo.pinned.has(newBase.slice('ipfs://'.length, -1))).toBe(true);
    const newImages = ((await publicationOf()) as unknown as { imageBaseUri: string }).imageBaseUri;
    expect(kubo.pinned.has(newImages.slice('ipfs://'.length, -1))).toBe(true);
    await expect.poll(() => panel.textContent()).toContain(newBase);

    // The drop tells marketplaces: setBaseURI, whose BatchMetadataUpdate covers every token.
    const updated = await openDrop(page, collectionId);
    const updates = updated.getByRole('region', { name: 'Metadata on marketplaces' });
    await expect
      .poll(() => updates.textContent(), { timeout: 30_000 })
      .toContain(`Metadata now lives at ${newBase}`);
    const update = updates.getByRole('button', { name: 'Update metadata on marketplaces' });
    await expect.poll(() => update.isEnabled()).toBe(true);
    await update.click();
    await confirmed(updated, 'metadata');
    const hash = (await dropTransaction(updated, 'metadata').locator('code').textContent()) as Hash;
    const receipt = await stack.publicClient().getTransactionReceipt({ hash });
    const logs = parseEventLogs({ abi: layerloomCollectionAbi, logs: receipt.logs });
    expect(logs.map((log) => log.eventName)).toEqual(['BaseURIChanged', 'BatchMetadataUpdate']);
    const batch = logs.find((log) => log.eventName === 'BatchMetadataUpdate');
    expect(batch?.address.toLowerCase()).toBe(contract.toLowerCase());
    // From the first token to the last there may ever be (EIP-4906's "all tokens").
    expect(batch?.args).toEqual({ fromTokenId: 1n, toTokenId: maxUint256 });
    expect(await tokenUri(stack, contract, 2n)).toBe(`${newBase}2.json`);
    expect((await tokenMetadata(2n)).attributes).toContainEqual({ trait_type: 'Signed', value: 'Yes' });
    expect((await tokenMetadata(1n)).attributes).not.toContainEqual({ trait_type: 'Signed', value: 'Yes' });
    // The tokenURI's JSON points at the new images folder, which serves the new art.
    const image = (await tokenMetadata(2n)).image;
    expect(image).toBe(`${newImages}2.png`);
    const served = await fetch(`${stack.app.url}/ipfs/${image.slice('ipfs://'.length)}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(newArt)).toBe(true);
  }, 240_000);

  it('freezes the metadata for good: later edits are refused on chain and disabled in the page with the reason', async () => {
    const drop = await openDrop(page, collectionId);
    const freeze = drop.getByRole('region', { name: 'Freeze metadata forever' });
    const freezeButton = freeze.getByRole('button', { name: 'Freeze metadata forever…' });
    await expect.poll(() => freezeButton.isEnabled(), { timeout: 30_000 }).toBe(true);
    await freezeButton.click();
    await dialogSettled(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(`Type ${NAME} to confirm`).fill(NAME);
    const ok = dialog.getByRole('button', { name: 'Freeze forever' });
    await expect.poll(() => ok.isEnabled()).toBe(true);
    await ok.click();
    await confirmed(drop, 'freeze');
    expect(await dropEvents(stack, drop, 'freeze')).toContain('MetadataFrozen');
    expect(await read('metadataFrozen')).toBe(true);

    // On chain: the owner's own setBaseURI is refused.
    await expect(
      setBaseURI({
        walletClient: stack.walletOf(creator),
        publicClient: stack.publicClient(),
        address: contract,
        baseURI: 'https://elsewhere.example.com/metadata/',
      }),
    ).rejects.toMatchObject({ reason: 'MetadataIsFrozen' });
    // In the page: the editor and the marketplace update are disabled, with the reason beside them.
    const editor = page.getByRole('region', { name: 'Edit metadata' });
    const save = editor.getByRole('button', { name: 'Save metadata' });
    await expect.poll(() => save.isDisabled(), { timeout: 30_000 }).toBe(true);
    expect(await editor.textContent()).toContain('Metadata is frozen on chain');
    expect(await editor.getByRole('textbox', { name: 'Name pattern' }).isDisabled()).toBe(true);
    const art = page.getByRole('region', { name: 'Replace token art' });
    expect(await art.getByRole('button', { name: 'Replace art' }).isDisabled()).toBe(true);
    expect(await art.textContent()).toContain('no art can be replaced');
    const updates = drop.getByRole('region', { name: 'Metadata on marketplaces' });
    expect(await updates.getByRole('button', { name: 'Update metadata on marketplaces' }).isDisabled()).toBe(
      true,
    );
    expect(await updates.textContent()).toContain('Metadata is frozen on chain');
    await editor.scrollIntoViewIfNeeded();
    await screenshot(page, 'contract-checklist-frozen');
  }, 180_000);

  it("pays each payee exactly its share of the sales from the drop's funds", async () => {
    const drop = await openDrop(page, collectionId);
    const funds = drop.getByRole('region', { name: 'Funds' });
    await drop.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => funds.getByTestId('drop-balance').textContent()).toBe('0.02 ETH');
    const split = funds.getByRole('list', { name: 'Payout split' });
    for (const { address, share, owed } of payees) {
      const row = split.locator(`li[data-payee="${address}"]`);
      await expect.poll(() => row.textContent()).toContain(`${share} % of the sales`);
      expect(await row.textContent()).toContain(`owed now ${owed} ETH`);
    }
    for (const { address, owed } of payees) {
      const before = await balanceOf(address);
      await funds.getByRole('button', { name: `Pay ${owed} ETH to ${address}` }).click();
      await expect.poll(async () => (await balanceOf(address)) - before).toBe(parseEther(owed));
      await confirmed(drop, 'withdraw');
      const row = split.locator(`li[data-payee="${address}"]`);
      await expect.poll(() => row.textContent()).toContain(`paid so far ${owed} ETH`);
      expect(await row.getByRole('button', { name: `Nothing owed to ${address}` }).isDisabled()).toBe(true);
    }
    expect(await balanceOf(contract)).toBe(0n);
    await funds.scrollIntoViewIfNeeded();
    await screenshot(page, 'contract-checklist-paid');
  }, 180_000);
});
