import { join } from 'node:path';
import { layerloomCollectionAbi, setPhase } from '@layerloom/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { type Address, createPublicClient, createWalletClient, http } from 'viem';
import { anvil as anvilChain } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Anvil, startAnvil } from './support/anvil.ts';
import { type RunningApp, startApp } from './support/app.ts';
import {
  dialogSettled,
  launchBrowser,
  openPage,
  screenshot,
  screenshotDir,
  seriousAxeViolations,
  signIn,
  testAdmin,
  type ViewportName,
} from './support/browser.ts';
import { callInPage, startSampleCollection, waitUntilReady } from './support/in-page.ts';
import { openMoreOptions } from './support/launch-form.ts';
import { connectOnMintCard } from './support/mint-card.ts';
import { anvilAccount0, anvilAccount1, installTestWallet } from './support/wallet.ts';

const NAME = 'Veiled Blobs';
const SIZE = 4;

/** Reads a URL from inside the page (same origin): its status, bytes (base64) and the reveal header. */
function fetchInPage(page: Page, url: string) {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { cache: 'no-store' });
    const bytes = new Uint8Array(await response.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return {
      status: response.status,
      base64: btoa(binary),
      text: new TextDecoder().decode(bytes),
      reveal: response.headers.get('x-layerloom-reveal'),
    };
  }, url);
}

/** The row of one launch step ("deploy", "record", "reveal", "provenance"). */
const launchStep = (page: Page, name: string) => page.locator(`li[data-step="${name}"]`);

/** Waits until a drop transaction row says Confirmed (failing early with its reason if it failed). */
async function dropConfirmed(drop: Locator, action: string) {
  const row = drop.locator(`li[data-action="${action}"]`);
  await expect
    .poll(
      async () => {
        const text = (await row.textContent()) ?? '';
        if (text.includes('Failed')) throw new Error(`The ${action} transaction failed: ${text}`);
        return text;
      },
      { timeout: 30_000 },
    )
    .toContain('Confirmed');
}

describe('a pre-reveal drop: placeholder, deploy, reveal', () => {
  let anvil: Anvil;
  let app: RunningApp;
  let browser: Browser;
  let collectionId: string;
  let slug: string;
  let baseUri: string;
  let contract: Address;
  let placeholderPng: Buffer;

  const publicClient = () => createPublicClient({ chain: anvilChain, transport: http(anvil.rpcUrl) });
  const read = <F extends 'tokenURI' | 'revealed' | 'preRevealURI' | 'provenanceHash'>(
    functionName: F,
    ...args: F extends 'tokenURI' ? [bigint] : []
  ) =>
    publicClient().readContract({
      address: contract,
      abi: layerloomCollectionAbi,
      functionName,
      args,
    } as never) as Promise<F extends 'revealed' ? boolean : string>;

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
    placeholderPng = await sharp({
      create: { width: 96, height: 96, channels: 3, background: '#6b4fd8' },
    })
      .png()
      .toBuffer();

    // A generated, published collection (publishing itself is publish.spec's subject).
    const { context, page } = await openPage(browser, app.url);
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto('/dashboard');
    collectionId = await startSampleCollection(page, {
      name: NAME,
      description: 'Hidden until the reveal',
      size: SIZE,
    });
    await waitUntilReady(page, collectionId);
    const published = await callInPage(page, `/api/v1/collections/${collectionId}/publication`, 'POST', {});
    expect(published.status).toBe(201);
    ({ slug, baseUri } = published.json.data.publication);
    await context.close();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await anvil?.stop();
  });

  it('the creator sets a placeholder: a file that is not an image is refused, then the art is hidden', async () => {
    const { context, page, errors } = await openPage(browser, app.url);
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto(`/dashboard/collections/${collectionId}`);
    // Published files are public until a placeholder makes the collection pre-reveal.
    const before = await fetchInPage(page, `/hosted/${slug}/metadata/1.json`);
    expect(JSON.parse(before.text).image).toBe(`${app.url}/hosted/${slug}/images/1.png`);

    const panel = page.getByRole('region', { name: 'Publication' });
    await panel.getByRole('button', { name: 'Set a placeholder…' }).click({ timeout: 60_000 });
    const dialog = page.getByRole('dialog', { name: 'Pre-reveal placeholder' });
    await dialogSettled(page);
    expect(await dialog.getByLabel('Name').inputValue()).toBe(`${NAME} #?`);
    expect(await dialog.getByLabel('Description').inputValue()).toBe('Revealed soon');

    // Saving without an image, then with a file that is not one: each is named, nothing is sent.
    await dialog.getByRole('button', { name: 'Save placeholder' }).click();
    await expect
      .poll(() => dialog.getByText('Choose a placeholder image (PNG, JPEG, WebP or GIF).').isVisible())
      .toBe(true);
    const input = dialog.locator('input[type="file"]');
    await input.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expect
      .poll(() => dialog.getByText('notes.txt is not a PNG, JPEG, WebP or GIF image.').isVisible())
      .toBe(true);
    expect(
      (await callInPage(page, `/api/v1/collections/${collectionId}/publication/placeholder`)).json.data,
    ).toEqual({
      placeholder: null,
    });

    // A file named .png that is not one passes the browser's check, and the server refuses it by content.
    await input.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('GIF? no, plain text'),
    });
    await dialog.getByRole('button', { name: 'Save placeholder' }).click();
    await expect
      .poll(() => dialog.getByText('fake.png is not a PNG, JPEG, WebP or GIF image').isVisible())
      .toBe(true);
    expect(
      (await callInPage(page, `/api/v1/collections/${collectionId}/publication/placeholder`)).json.data,
    ).toEqual({
      placeholder: null,
    });

    await input.setInputFiles({ name: 'veil.png', mimeType: 'image/png', buffer: placeholderPng });
    await expect
      .poll(() => dialog.getByRole('img', { name: 'The chosen placeholder' }).isVisible())
      .toBe(true);
    await dialog.getByLabel('Description').fill('Hatching soon');
    await screenshot(page, 'prereveal-placeholder-dialog');
    await dialog.getByRole('button', { name: 'Save placeholder' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await expect.poll(() => panel.getByText('Art hidden until the reveal').isVisible()).toBe(true);
    expect(await panel.getByText(`${NAME} #?`).isVisible()).toBe(true);
    expect(await panel.getByText('Hatching soon').isVisible()).toBe(true);
    const thumbnail = panel.getByRole('img', { name: `Placeholder: ${NAME} #?` });
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(96);

    // Its metadata is public; the collection's own files answer with the placeholder, never the art.
    const { placeholder } = (
      await callInPage(page, `/api/v1/collections/${collectionId}/publication/placeholder`)
    ).json.data;
    expect(await panel.getByRole('link', { name: 'Placeholder metadata' }).getAttribute('href')).toBe(
      placeholder.metadataUrl,
    );
    const metadata = JSON.parse((await fetchInPage(page, placeholder.metadataUrl)).text);
    expect(metadata).toEqual({
      name: `${NAME} #?`,
      description: 'Hatching soon',
      image: placeholder.imageUrl,
    });
    expect(
      Buffer.from((await fetchInPage(page, placeholder.imageUrl)).base64, 'base64').equals(placeholderPng),
    ).toBe(true);
    const guessed = await fetchInPage(page, `/hosted/${slug}/metadata/1.json`);
    expect(guessed.reveal).toBe('pending');
    expect(JSON.parse(guessed.text)).toEqual(metadata);
    const guessedImage = await fetchInPage(page, `/hosted/${slug}/images/1.png`);
    expect(Buffer.from(guessedImage.base64, 'base64').equals(placeholderPng)).toBe(true);
    // The browser logs the refused upload (the fake PNG) itself; nothing else went wrong.
    expect(errors.filter((error) => !/status of 400 .*\/publication\/placeholder\)$/.test(error))).toEqual(
      [],
    );
    await context.close();
  }, 120_000);

  it('reads well at every width before the launch, with no serious accessibility issue', async () => {
    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const { context, page, errors } = await openPage(browser, app.url, viewport);
      await installTestWallet(page, { rpcUrl: anvil.rpcUrl });
      await signIn(context, testAdmin.email, testAdmin.password);
      await page.goto(`/dashboard/collections/${collectionId}`);
      const panel = page.getByRole('region', { name: 'Publication' });
      await expect
        .poll(() => panel.getByText('Art hidden until the reveal').isVisible(), { timeout: 60_000 })
        .toBe(true);
      const launch = page.getByRole('region', { name: 'Launch', exact: true });
      // The reveal choice is under More options.
      await openMoreOptions(launch);
      const preReveal = launch.getByRole('radio', { name: 'Pre-reveal (placeholder until you reveal)' });
      await expect.poll(() => preReveal.isChecked(), { timeout: 60_000 }).toBe(true);
      await expect
        .poll(() =>
          panel
            .getByRole('img', { name: `Placeholder: ${NAME} #?` })
            .evaluate((image: HTMLImageElement) => image.naturalWidth),
        )
        .toBe(96);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, 'prereveal-collection');
      await panel.screenshot({
        path: join(screenshotDir, `prereveal-publication-panel-${viewports(viewport)}.png`),
      });
      // The reveal choice's field (More options has other radio groups: who receives the royalties).
      await preReveal
        .locator('xpath=ancestor::div[contains(@class,"ant-form-item")][1]')
        .screenshot({ path: join(screenshotDir, `prereveal-launch-choice-${viewports(viewport)}.png`) });
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 180_000);

  it('deploys pre-reveal: tokens resolve to the placeholder on chain and on the mint page, then the reveal shows the art', async () => {
    const { context, page, errors } = await openPage(browser, app.url);
    await installTestWallet(page, { rpcUrl: anvil.rpcUrl });
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto(`/dashboard/collections/${collectionId}`);
    const { placeholder } = (
      await callInPage(page, `/api/v1/collections/${collectionId}/publication/placeholder`)
    ).json.data;
    const { publication } = (await callInPage(page, `/api/v1/collections/${collectionId}/publication`)).json
      .data;

    const launch = page.getByRole('region', { name: 'Launch', exact: true });
    await launch.getByRole('button', { name: 'Connect Test Wallet' }).click({ timeout: 60_000 });
    await expect.poll(() => launch.getByText('Connected with Test Wallet').isVisible()).toBe(true);
    await launch.getByLabel('Network').click();
    await page.locator('.ant-select-item-option', { hasText: 'Local (anvil)' }).click();
    const deploy = launch.getByRole('button', { name: 'Deploy on Local (anvil)' });
    await expect.poll(() => deploy.isEnabled()).toBe(true);
    await openMoreOptions(launch);
    expect(
      await launch.getByRole('radio', { name: 'Pre-reveal (placeholder until you reveal)' }).isChecked(),
    ).toBe(true);
    await deploy.click();
    for (const name of ['deploy', 'record', 'provenance']) {
      await expect
        .poll(() => launchStep(page, name).textContent(), { timeout: 30_000 })
        .toContain('Confirmed');
    }
    // Pre-reveal: no reveal at launch.
    expect(await launchStep(page, 'reveal').count()).toBe(0);
    await expect
      .poll(() =>
        launch
          .getByText(/its tokens show the placeholder until you reveal them from Run the drop/)
          .isVisible(),
      )
      .toBe(true);
    const { deployments } = (await callInPage(page, `/api/v1/collections/${collectionId}/deployments`)).json
      .data;
    contract = deployments[0].address;
    expect(deployments[0].status).toBe('verified');

    // The contract's tokens point at the placeholder now: removing it is disabled before any click, with the
    // reason beside the button (the server refuses it too: placeholder.test).
    const publicationPanel = page.getByRole('region', { name: 'Publication' });
    const removeButton = publicationPanel.getByRole('button', { name: 'Remove placeholder…' });
    await expect.poll(() => removeButton.isDisabled(), { timeout: 15_000 }).toBe(true);
    const reason = publicationPanel.locator('#llc-placeholder-remove-reason');
    expect(await removeButton.getAttribute('aria-describedby')).toBe('llc-placeholder-remove-reason');
    expect(await reason.textContent()).toBe(
      `It cannot be removed: your contract on Local (anvil) (${contract.slice(0, 6)}…${contract.slice(-4)}) shows it until you reveal the collection from Run the drop.`,
    );
    expect(await publicationPanel.getByText('Art hidden until the reveal').isVisible()).toBe(true);

    // On chain: the placeholder until the reveal, the publication's provenance hash.
    expect(await read('revealed')).toBe(false);
    expect(await read('preRevealURI')).toBe(placeholder.metadataUrl);
    expect(await read('provenanceHash')).toBe(`0x${publication.provenanceHash}`);

    // A collector mints on the public page and sees the placeholder, not the art.
    const walletClient = createWalletClient({
      chain: anvilChain,
      transport: http(anvil.rpcUrl),
      account: anvilAccount0,
    });
    await setPhase({ walletClient, publicClient: publicClient(), address: contract, phase: 'public' });
    const collector = await openPage(browser, app.url);
    await installTestWallet(collector.page, { rpcUrl: anvil.rpcUrl, account: anvilAccount1 });
    await collector.page.goto(`/mint/${slug}`);
    const card = collector.page.getByRole('region', { name: 'Mint', exact: true });
    await connectOnMintCard(card);
    const mint = card.getByRole('button', { name: /^Mint \d+$/ });
    await expect.poll(() => mint.isEnabled(), { timeout: 30_000 }).toBe(true);
    await mint.click();
    await expect.poll(() => card.getByText('Mint confirmed').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await card.getByText('You minted token #1. Their images appear at the reveal.').isVisible()).toBe(
      true,
    );
    const minted = card.getByRole('list', { name: 'Your new tokens' }).getByRole('img');
    await expect.poll(() => minted.count()).toBe(1);
    expect(await minted.getAttribute('src')).toBe(placeholder.imageUrl);
    expect(await minted.getAttribute('alt')).toBe(`#1, not revealed yet: ${NAME} #?`);
    await expect.poll(() => minted.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(96);
    // The gallery shows the placeholder too: the page never loads a token's own image.
    const gallery = collector.page.getByRole('list', { name: 'Gallery' }).getByRole('img');
    for (const image of await gallery.all()) {
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(96);
    }
    expect(await seriousAxeViolations(collector.page)).toEqual([]);
    await screenshot(collector.page, 'prereveal-mint-placeholder');
    expect(collector.errors).toEqual([]);
    await collector.context.close();

    // Token 1's URI on chain is the placeholder, and it resolves to the placeholder's image.
    const preRevealUri = await read('tokenURI', 1n);
    expect(preRevealUri).toBe(placeholder.metadataUrl);
    const hidden = JSON.parse((await fetchInPage(page, preRevealUri)).text);
    expect(hidden).toEqual({ name: `${NAME} #?`, description: 'Hatching soon', image: placeholder.imageUrl });

    // The owner reveals from the drop panel, after a confirmation.
    const drop = page.getByRole('region', { name: 'Run the drop' });
    await expect
      .poll(() => drop.locator('[data-field="Balance"]').isVisible(), { timeout: 30_000 })
      .toBe(true);
    const revealCard = drop.getByRole('region', { name: 'Provenance and reveal' });
    await expect.poll(() => revealCard.getByText('Matches the publication.').isVisible()).toBe(true);
    // Said once the contract's reveal state has been read, which may come after the provenance check.
    await expect
      .poll(() =>
        revealCard.getByText('Tokens show the placeholder until the reveal, which is one-way.').isVisible(),
      )
      .toBe(true);
    await revealCard.getByRole('button', { name: 'Reveal…' }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() =>
        dialog
          .getByText(/instead of the placeholder, and the art becomes public\. A reveal cannot be undone\./)
          .isVisible(),
      )
      .toBe(true);
    await dialogSettled(page);
    await screenshot(page, 'prereveal-reveal-confirm');
    await dialog.getByRole('button', { name: 'Reveal' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await dropConfirmed(drop, 'reveal');
    await expect.poll(() => revealCard.getByRole('button', { name: 'Revealed' }).isDisabled()).toBe(true);

    // On chain and on screen: the token resolves to its own metadata and image now.
    expect(await read('revealed')).toBe(true);
    const revealedUri = await read('tokenURI', 1n);
    expect(revealedUri).toBe(`${baseUri}1.json`);
    const panel = page.getByRole('region', { name: 'Publication' });
    await expect.poll(() => panel.getByText(/^Revealed /).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await panel.getByRole('button', { name: 'Change placeholder…' }).count()).toBe(0);
    const real = await fetchInPage(page, revealedUri);
    expect(real.reveal).toBeNull();
    const realMetadata = JSON.parse(real.text);
    expect(realMetadata.image).toBe(`${app.url}/hosted/${slug}/images/1.png`);
    expect(realMetadata.name).not.toBe(`${NAME} #?`);
    const art = await fetchInPage(page, realMetadata.image);
    const ownersCopy = await fetchInPage(page, `/api/v1/collections/${collectionId}/images/1.png`);
    expect(art.base64).toBe(ownersCopy.base64);
    expect(art.base64).not.toBe(placeholderPng.toString('base64'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'prereveal-revealed');

    // The collector's page now shows the token's own image.
    const after = await openPage(browser, app.url, 'phone');
    await after.page.goto(`/mint/${slug}`);
    const firstImage = after.page.getByRole('list', { name: 'Gallery' }).getByRole('img').first();
    await expect
      .poll(() => firstImage.evaluate((image: HTMLImageElement) => image.naturalWidth), { timeout: 30_000 })
      .toBe(128);
    await screenshot(after.page, 'prereveal-mint-revealed');
    await after.context.close();
    // The browser logs the refused removal (409) itself; nothing else went wrong.
    expect(errors.filter((error) => !/status of 409 .*\/publication\/placeholder\)$/.test(error))).toEqual(
      [],
    );
    await context.close();
  }, 240_000);
});

/** The pixel width of a named viewport, for screenshot file names. */
function viewports(name: ViewportName): number {
  return { desktop: 1440, tablet: 820, phone: 390 }[name];
}
