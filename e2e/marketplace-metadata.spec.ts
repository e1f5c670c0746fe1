import { layerloomCollectionAbi, setContractURI } from '@layerloom/contracts';
import { type KuboStandIn, startKuboStandIn } from '@layerloom/server/test/kubo-stand-in';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogSettled, screenshot, seriousAxeViolations, type ViewportName } from './support/browser.ts';
import { confirmed, openDrop } from './support/drop-ui.ts';
import { callInPage } from './support/in-page.ts';
import {
  adminPage,
  type ChainStack,
  deployAndRecord,
  dropEvents,
  publishToIpfs,
  readySampleCollection,
  startChainStack,
} from './support/launch-setup.ts';
import { anvilAccount0 } from './support/wallet.ts';

const NAME = 'Listed Blobs';

describe('the collection as marketplaces read it: listing, metadata updates and the freeze', () => {
  let stack: ChainStack;
  let kubo: KuboStandIn;
  let collectionId: string;
  let contract: Address;
  let contractUri: string;
  let baseUri: string;

  const read = <F extends 'contractURI' | 'baseURI' | 'metadataFrozen'>(functionName: F) =>
    stack.publicClient().readContract({ address: contract, abi: layerloomCollectionAbi, functionName });

  beforeAll(async () => {
    [stack, kubo] = await Promise.all([
      startChainStack(),
      startKuboStandIn({ token: 'e2e-kubo-token-4c1d' }),
    ]);
    // A collection published to IPFS (only metadata on IPFS can be frozen), its contract deployed from Node
    // as the owner's wallet would, with the publication's listing address and a 5 % royalty, and recorded.
    const { context, page } = await adminPage(stack);
    collectionId = await readySampleCollection(page, { name: NAME, description: 'Blobs on a listing' });
    ({ contractUri, baseUri } = await publishToIpfs(page, collectionId, kubo));
    expect(baseUri).toMatch(/^ipfs:\/\//);
    ({ address: contract } = await deployAndRecord(stack, page, {
      collectionId,
      name: NAME,
      symbol: 'LBLOB',
      contractURI: contractUri,
    }));
    await context.close();
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
    await kubo?.close();
  });

  it('edits the listing and updates it on chain, reveals, tells marketplaces, and freezes for good', async () => {
    const { context, page } = await adminPage(stack, { wallet: true });
    const drop = await openDrop(page, collectionId);
    const listing = drop.getByRole('region', { name: 'Marketplace listing' });
    const updates = drop.getByRole('region', { name: 'Metadata on marketplaces' });
    const freeze = drop.getByRole('region', { name: 'Freeze metadata forever' });

    // Deployed with the hosted listing's address; a collection on IPFS gets its listing there too, so the card
    // asks for the update. The listing's royalty (none yet) differs from the contract's.
    expect(await read('contractURI')).toBe(contractUri);
    await expect.poll(() => listing.getByText('changed, update').isVisible()).toBe(true);
    expect(await listing.textContent()).toContain('The listing is not on IPFS beside the metadata yet');
    await expect.poll(() => listing.getByText(/The contract pays a 5 % royalty/).isVisible()).toBe(true);

    // Before the reveal: no metadata update, and the freeze says why not, before any click.
    expect(await updates.getByRole('button', { name: 'Update metadata on marketplaces' }).isDisabled()).toBe(
      true,
    );
    expect(await updates.textContent()).toContain('Reveal the collection first');
    expect(await freeze.getByRole('button', { name: 'Freeze metadata forever…' }).isDisabled()).toBe(true);
    expect(await freeze.textContent()).toContain('The collection is not revealed');
    expect(await freeze.textContent()).toContain('The marketplace listing on chain is not up to date');

    // Edit the listing: a website that is not https is named in place and nothing is saved.
    await listing.getByLabel('Website').fill('http://blobs.example.com');
    await listing.getByRole('button', { name: 'Save listing' }).click();
    await expect.poll(() => listing.getByText('Use an https:// address').isVisible()).toBe(true);
    await listing.getByLabel('Website').fill('https://blobs.example.com');
    await listing.getByLabel('Description').fill('Blobs, listed on every marketplace.');
    await listing.getByRole('button', { name: "Use the contract's royalty" }).click();
    await listing.getByRole('button', { name: 'Save listing' }).click();
    await expect.poll(() => listing.getByText(/^Saved\./).isVisible()).toBe(true);
    await expect.poll(() => listing.getByText('changed, update').isVisible()).toBe(true);
    expect(await listing.getByText(/The contract pays/).count()).toBe(0);

    await listing.getByRole('button', { name: 'Update the listing on chain' }).click();
    await confirmed(drop, 'contract-uri');
    expect(await dropEvents(stack, drop, 'contract-uri')).toContain('ContractURIUpdated');
    await expect.poll(() => listing.getByText('up to date').isVisible()).toBe(true);
    // The contract now returns the listing's copy on IPFS, pinned at the provider; the hosted address serves
    // the same JSON (the server tests check the CID is that of these bytes).
    const { ipfsContractUri } = (await callInPage(page, `/api/v1/collections/${collectionId}/marketplace`))
      .json.data.marketplace;
    expect(ipfsContractUri).toMatch(/^ipfs:\/\/bafkrei/);
    expect(await read('contractURI')).toBe(ipfsContractUri);
    expect(kubo.pinned.has(ipfsContractUri.slice('ipfs://'.length))).toBe(true);
    const served = await (await fetch(contractUri)).json();
    expect(served).toMatchObject({
      name: NAME,
      description: 'Blobs, listed on every marketplace.',
      external_link: 'https://blobs.example.com',
      seller_fee_basis_points: 500,
      fee_recipient: anvilAccount0,
    });

    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const opened = await adminPage(stack, { viewport, wallet: true });
      const shown = await openDrop(opened.page, collectionId);
      await expect.poll(() => shown.getByText('up to date').isVisible()).toBe(true);
      await shown.getByRole('region', { name: 'Marketplace listing' }).scrollIntoViewIfNeeded();
      expect(await seriousAxeViolations(opened.page)).toEqual([]);
      await screenshot(opened.page, 'drop-marketplace-cards');
      await opened.context.close();
    }

    // The reveal, then "Update metadata on marketplaces": a BatchMetadataUpdate for every token.
    const reveal = drop.getByRole('region', { name: 'Provenance and reveal' });
    await reveal.getByRole('button', { name: 'Reveal…' }).click();
    await dialogSettled(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Reveal' }).click();
    await confirmed(drop, 'reveal');
    expect(await read('baseURI')).toBe(baseUri);
    const update = updates.getByRole('button', { name: 'Update metadata on marketplaces' });
    await expect.poll(() => update.isEnabled()).toBe(true);
    await update.click();
    await confirmed(drop, 'metadata');
    expect(await dropEvents(stack, drop, 'metadata')).toEqual(['BatchMetadataUpdate']);
    await expect
      .poll(() => updates.locator('[data-field="last-metadata-update"]').textContent())
      .toContain('Marketplaces told to refresh');

    // The freeze: nothing refuses it now; the typed name guards the one-way step.
    const freezeButton = freeze.getByRole('button', { name: 'Freeze metadata forever…' });
    await expect.poll(() => freezeButton.isEnabled()).toBe(true);
    // What the wallet will ask for, said before it asks.
    await expect
      .poll(() => freeze.getByText(/^Network fee: (about|less than) .+ ETH$/).isVisible())
      .toBe(true);
    await freezeButton.click();
    await dialogSettled(page);
    const dialog = page.getByRole('dialog');
    const ok = dialog.getByRole('button', { name: 'Freeze forever' });
    await dialog.getByLabel(`Type ${NAME} to confirm`).fill('Listed blobs');
    expect(await ok.isDisabled()).toBe(true);
    await dialog.getByLabel(`Type ${NAME} to confirm`).fill(NAME);
    await expect.poll(() => ok.isEnabled()).toBe(true);
    await screenshot(page, 'drop-freeze-confirm');
    await ok.click();
    await confirmed(drop, 'freeze');
    expect(await dropEvents(stack, drop, 'freeze')).toContain('MetadataFrozen');
    expect(await read('metadataFrozen')).toBe(true);

    // Afterwards every metadata change is refused, in the page, by the server and on chain.
    await expect.poll(() => freeze.getByText('Metadata is frozen on chain.').isVisible()).toBe(true);
    expect(await listing.getByRole('button', { name: 'Save listing' }).isDisabled()).toBe(true);
    expect(await listing.textContent()).toContain(
      'Metadata is frozen on chain: the listing can no longer change.',
    );
    expect(await update.isDisabled()).toBe(true);
    expect(await updates.textContent()).toContain('Metadata is frozen on chain');
    const refused = await callInPage(page, `/api/v1/collections/${collectionId}/marketplace`, 'PUT', {
      name: NAME,
      description: 'Changed after the freeze',
      image: '',
      bannerImage: '',
      featuredImage: '',
      externalLink: '',
      collaborators: [],
      sellerFeeBasisPoints: 500,
      feeRecipient: anvilAccount0,
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toContain('Metadata is frozen on chain');
    await expect(
      setContractURI({
        walletClient: stack.walletOf(),
        publicClient: stack.publicClient(),
        address: contract,
        contractURI: 'https://elsewhere.example.com/contract.json',
      }),
    ).rejects.toMatchObject({ reason: 'MetadataIsFrozen' });
    const history = (await callInPage(page, `/api/v1/collections/${collectionId}/marketplace`)).json.data
      .marketplace;
    expect(history.updates.map((entry: { kind: string }) => entry.kind)).toEqual([
      'freeze',
      'refresh',
      'contract-uri',
    ]);
    await screenshot(page, 'drop-metadata-frozen');
    await context.close();
  }, 300_000);
});
