import { join } from 'node:path';
import { freezeMetadata } from '@layerloom/contracts';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, screenshotDir, seriousAxeViolations, type ViewportName } from './support/browser.ts';
import { confirmed, openDrop } from './support/drop-ui.ts';
import { callInPage } from './support/in-page.ts';
import {
  adminPage,
  type ChainStack,
  deployAndRecord,
  dropEvents,
  mintOneAndReveal,
  publishHosted,
  readySampleCollection,
  startChainStack,
  tokenUri,
} from './support/launch-setup.ts';

const NAME = 'Typo Blobs';

/**
 * A typo found after the reveal (issue 26): the creator edits the token names of a published, deployed and
 * revealed collection in the browser, then tells marketplaces from the drop panel; the contract's tokenURI
 * then serves the new name.
 */
describe('metadata edits after the reveal', () => {
  let stack: ChainStack;
  let collectionId: string;
  let contract: Address;

  /** Token #1's metadata as a marketplace reads it: from the URI the contract returns. */
  const tokenOne = async () =>
    (await (await fetch(await tokenUri(stack, contract, 1n))).json()) as { name: string };

  beforeAll(async () => {
    stack = await startChainStack();
    // Published (hosted), deployed, one token minted and revealed, all from Node as the owner's wallet would.
    const { context, page } = await adminPage(stack);
    collectionId = await readySampleCollection(page, { name: NAME, description: 'Blobs with a typo' });
    const { baseUri, contractUri } = await publishHosted(page, collectionId);
    ({ address: contract } = await deployAndRecord(stack, page, {
      collectionId,
      name: NAME,
      symbol: 'TBLOB',
      contractURI: contractUri,
    }));
    await mintOneAndReveal(stack, contract, baseUri);
    await context.close();
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('edits a token name after the reveal in the browser, tells marketplaces with BatchMetadataUpdate, and tokenURI serves the new name', async () => {
    expect((await tokenOne()).name).toBe(`${NAME} #1`);
    const { context, page } = await adminPage(stack, { wallet: true });
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
    expect(await dropEvents(stack, drop, 'metadata')).toEqual(['BatchMetadataUpdate']);
    expect((await tokenOne()).name).toBe('Typo-free Blob #1');
    await expect
      .poll(() => updates.locator('[data-field="last-metadata-update"]').textContent())
      .toContain('Marketplaces told to refresh');
    await context.close();

    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const opened = await adminPage(stack, { viewport });
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
      walletClient: stack.walletOf(),
      publicClient: stack.publicClient(),
      address: contract,
    });
    const last = await adminPage(stack);
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
