import { join } from 'node:path';
import { type KuboStandIn, startKuboStandIn } from '@layerloom/server/test/kubo-stand-in';
import type { Page } from 'playwright-core';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotDir, seriousAxeViolations, type ViewportName } from './support/browser.ts';
import { confirmed, openDrop } from './support/drop-ui.ts';
import { callInPage } from './support/in-page.ts';
import {
  adminPage,
  type ChainStack,
  deployAndRecord,
  dropEvents,
  mintOneAndReveal,
  publishToIpfs,
  readySampleCollection,
  startChainStack,
  tokenUri,
} from './support/launch-setup.ts';

const NAME = 'Pinned Blobs';
const STALE = 'Metadata changed since it was pinned — publish again';

/**
 * A metadata edit after the reveal of a collection on IPFS (issue 26): the pinned folder goes stale, the
 * publication says so and publishes again (a new metadata CID), and the drop panel points the contract at it
 * with setBaseURI, so the contract's tokenURI serves the new name from the new folder.
 */
describe('metadata edits after the reveal, on IPFS', () => {
  let stack: ChainStack;
  let kubo: KuboStandIn;
  let collectionId: string;
  let contract: Address;
  let pinnedBase: string;

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
    [stack, kubo] = await Promise.all([
      startChainStack(),
      startKuboStandIn({ token: 'e2e-kubo-token-9a2f' }),
    ]);
    // Published to IPFS, deployed, one token minted and revealed, all from Node as the owner's wallet would.
    const { context, page } = await adminPage(stack);
    collectionId = await readySampleCollection(page, { name: NAME, description: 'Blobs on IPFS' });
    const publication = await publishToIpfs(page, collectionId, kubo);
    pinnedBase = publication.baseUri;
    expect(pinnedBase).toMatch(/^ipfs:\/\//);
    ({ address: contract } = await deployAndRecord(stack, page, {
      collectionId,
      name: NAME,
      symbol: 'PBLOB',
      contractURI: publication.contractUri,
    }));
    await mintOneAndReveal(stack, contract, pinnedBase);
    await context.close();
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
    await kubo?.close();
  });

  it('edits the names, publishes the metadata again, and points the contract at the new folder with setBaseURI', async () => {
    const { context, page } = await adminPage(stack, { wallet: true });
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
      const opened = await adminPage(stack, { viewport });
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
    expect(await dropEvents(stack, drop, 'metadata')).toEqual(['BaseURIChanged', 'BatchMetadataUpdate']);
    const uri = await tokenUri(stack, contract, 1n);
    expect(uri).toBe(`${newBase}1.json`);
    // This server is a gateway for the folders it pinned.
    const served = await (await fetch(`${stack.app.url}/ipfs/${uri.slice('ipfs://'.length)}`)).json();
    expect(served.name).toBe('Pinned Blob #1');
    expect(kubo.pinned.has(newBase.slice('ipfs://'.length, -1))).toBe(true);
    await updates.scrollIntoViewIfNeeded();
    await updates.screenshot({ path: join(screenshotDir, 'metadata-after-reveal-ipfs-updated-desktop.png') });
    await context.close();
  }, 300_000);
});
