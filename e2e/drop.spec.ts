import { deployCollection, layerloomCollectionAbi, mint } from '@layerloom/contracts';
import type { Browser } from 'playwright-core';
import { type Address, createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { anvil as anvilChain } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Anvil, startAnvil } from './support/anvil.ts';
import { type RunningApp, startApp } from './support/app.ts';
import {
  dialogSettled,
  launchBrowser,
  openPage,
  screenshot,
  seriousAxeViolations,
  signIn,
  testAdmin,
  type ViewportName,
} from './support/browser.ts';
import { confirmed, openDrop } from './support/drop-ui.ts';
import { callInPage, startSampleCollection, waitUntilReady } from './support/in-page.ts';
import {
  anvilAccount0,
  anvilAccount1,
  anvilAccount2,
  anvilAccount3,
  anvilAccount4,
  anvilAccount5,
  installTestWallet,
} from './support/wallet.ts';

describe('running the drop from the owner’s wallet', () => {
  let anvil: Anvil;
  let app: RunningApp;
  let browser: Browser;
  let collectionId: string;
  let contract: Address;
  let provenanceHash: string;
  let baseUri: string;

  const publicClient = () => createPublicClient({ chain: anvilChain, transport: http(anvil.rpcUrl) });
  const walletClient = (account: Address) =>
    createWalletClient({ chain: anvilChain, transport: http(anvil.rpcUrl), account });
  const saleConfig = () =>
    publicClient().readContract({
      address: contract,
      abi: layerloomCollectionAbi,
      functionName: 'saleConfig',
    });

  const saleSchedule = () =>
    publicClient().readContract({
      address: contract,
      abi: layerloomCollectionAbi,
      functionName: 'saleSchedule',
    });
  /** A date as a datetime-local input takes it, in local time ("2026-12-01T14:00"). */
  const localInput = (date: Date) => {
    const two = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
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

    // A published collection whose contract was deployed (from Node, as the owner's wallet) and recorded.
    const { context, page } = await openPage(browser, app.url);
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto('/dashboard');
    collectionId = await startSampleCollection(page, {
      name: 'Drop Blobs',
      description: 'A drop run from the browser',
      size: 6,
    });
    await waitUntilReady(page, collectionId);
    const published = await callInPage(page, `/api/v1/collections/${collectionId}/publication`, 'POST', {});
    expect(published.status).toBeLessThan(300);
    ({ provenanceHash, baseUri } = published.json.data.publication);

    const deployed = await deployCollection({
      walletClient: walletClient(anvilAccount0),
      publicClient: publicClient(),
      collection: {
        name: 'Drop Blobs',
        symbol: 'DROP',
        maxSupply: 6,
        mintPrice: parseEther('0.01'),
        maxPerWallet: 2,
        preRevealURI: `${baseUri}hidden.json`,
        payoutAddress: anvilAccount5,
      },
    });
    contract = deployed.address;
    const recorded = await callInPage(page, `/api/v1/collections/${collectionId}/deployments`, 'POST', {
      chainId: 31_337,
      address: contract,
      deployer: anvilAccount0,
      transactionHash: deployed.hash,
      name: 'Drop Blobs',
      symbol: 'DROP',
      maxSupply: 6,
    });
    expect(recorded.json.data.deployment.status).toBe('verified');
    await context.close();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await anvil?.stop();
  });

  it('sets the provenance, the allowlist, prices and phases, airdrops, withdraws and reveals', async () => {
    const { context, page, errors } = await openPage(browser, app.url);
    await installTestWallet(page, { rpcUrl: anvil.rpcUrl });
    await signIn(context, testAdmin.email, testAdmin.password);
    const drop = await openDrop(page, collectionId);

    // The live state, read from the chain.
    const state = drop.getByRole('definition');
    expect(await drop.getByTestId('drop-state').textContent()).toContain('Minted0 of 6');
    expect(await state.nth(0).textContent()).toBe('Closed');
    const stateText = await drop.getByTestId('drop-state').textContent();
    expect(stateText).toContain('0.01 ETH');
    expect(stateText).toContain('2 per wallet');
    expect(stateText).toContain(anvilAccount5);
    expect(await drop.getByText('Connect the wallet that owns this contract').count()).toBe(0);

    // Provenance, before anything is minted.
    const reveal = drop.getByRole('region', { name: 'Provenance and reveal' });
    await reveal.getByRole('button', { name: 'Set the provenance hash' }).click();
    await confirmed(drop, 'provenance');
    await expect.poll(() => reveal.getByText('Matches the publication.').isVisible()).toBe(true);
    expect(
      await publicClient().readContract({
        address: contract,
        abi: layerloomCollectionAbi,
        functionName: 'provenanceHash',
      }),
    ).toBe(`0x${provenanceHash}`);

    // The allowlist: a malformed line is named in place, then a good list is uploaded and set on chain.
    const allowlist = drop.getByRole('region', { name: 'Allowlist' });
    await expect.poll(() => allowlist.getByText('No allowlist yet').isVisible()).toBe(true);
    const csv = allowlist.getByLabel('Wallets, one per line');
    await csv.fill(`address\n${anvilAccount1}\n0x1234\n${anvilAccount3},2`);
    await allowlist.getByRole('button', { name: 'Upload the list' }).click();
    const lines = allowlist.getByRole('list', { name: 'Lines to fix' });
    await expect.poll(() => lines.isVisible()).toBe(true);
    expect(await lines.textContent()).toContain('Line 3: "0x1234" is not an address');
    await screenshot(page, 'drop-allowlist-line-error');
    await csv.fill(`address\n${anvilAccount1}\n${anvilAccount3},2`);
    await allowlist.getByRole('button', { name: 'Upload the list' }).click();
    await expect.poll(() => allowlist.getByText('Uploaded: 2 wallets.').isVisible()).toBe(true);
    expect(await allowlist.getByTestId('allowlist-count').textContent()).toContain('2 wallets');
    expect(await allowlist.getByText('Not on chain yet').isVisible()).toBe(true);
    const { allowlist: uploaded } = (await callInPage(page, `/api/v1/collections/${collectionId}/allowlist`))
      .json.data;
    expect(uploaded.count).toBe(2);

    await allowlist.getByLabel('Allowlist price').fill('0.005');
    await allowlist.getByLabel('Allowlist limit per wallet').fill('1');
    await allowlist.getByRole('button', { name: 'Set the allowlist on chain' }).click();
    await confirmed(drop, 'allowlist');
    await expect
      .poll(() => allowlist.getByText('On chain: the contract checks this list.').isVisible())
      .toBe(true);
    expect(
      await publicClient().readContract({
        address: contract,
        abi: layerloomCollectionAbi,
        functionName: 'merkleRoot',
      }),
    ).toBe(uploaded.merkleRoot);
    expect(await saleConfig()).toMatchObject({
      allowlistPrice: parseEther('0.005'),
      allowlistMaxPerWallet: 1,
    });

    // A schedule: out of order is named in place and nothing is sent; then the public sale opens in a day.
    const phase = drop.getByRole('region', { name: 'Sale phase' });
    const inOneDay = new Date(Date.now() + 86_400_000);
    inOneDay.setSeconds(0, 0);
    await phase.getByLabel('Allowlist sale opens').fill(localInput(new Date(inOneDay.getTime() + 3_600_000)));
    await phase.getByLabel('Public sale opens').fill(localInput(inOneDay));
    await phase.getByRole('button', { name: 'Set the schedule' }).click();
    await expect
      .poll(() => phase.getByText('The public sale must open after the allowlist sale.').isVisible())
      .toBe(true);
    expect(await drop.locator('[data-action="schedule"]').count()).toBe(0);
    await phase.getByLabel('Allowlist sale opens').fill('');
    await phase.getByRole('button', { name: 'Set the schedule' }).click();
    await confirmed(drop, 'schedule');
    expect(await saleSchedule()).toEqual([0, inOneDay.getTime() / 1000]);
    await expect.poll(() => phase.getByTestId('drop-schedule').textContent()).toContain('public sale');
    await screenshot(page, 'drop-schedule');

    // Open the allowlist sale by hand, which ends the schedule.
    await phase.getByRole('button', { name: 'Open the allowlist sale' }).click();
    await confirmed(drop, 'phase', 'Open the allowlist sale');
    expect((await saleConfig()).phase).toBe(1);
    expect(await saleSchedule()).toEqual([0, 0]);
    await expect.poll(() => state.nth(0).textContent()).toBe('Allowlist sale');

    // The public price and limit, then the public sale.
    const sale = drop.getByRole('region', { name: 'Public sale' });
    await sale.getByLabel('Public price').fill('0.02');
    await sale.getByLabel('Public limit per wallet').fill('3');
    await sale.getByRole('button', { name: 'Save price and limit' }).click();
    await confirmed(drop, 'price');
    await confirmed(drop, 'limit');
    expect(await saleConfig()).toMatchObject({ publicPrice: parseEther('0.02'), maxPerWallet: 3 });
    await expect.poll(() => drop.getByTestId('drop-state').textContent()).toContain('0.02 ETH');
    await phase.getByRole('button', { name: 'Open the public sale' }).click();
    await confirmed(drop, 'phase', 'Open the public sale');
    expect((await saleConfig()).phase).toBe(2);
    await expect.poll(() => state.nth(0).textContent()).toBe('Public sale');

    // An airdrop of one token.
    const airdropCard = drop.getByRole('region', { name: 'Airdrop' });
    const recipients = airdropCard.getByLabel('Recipients, one per line');
    await recipients.fill('not-an-address');
    await expect
      .poll(() => airdropCard.getByText('Line 1: "not-an-address" is not an address').isVisible())
      .toBe(true);
    expect(await airdropCard.getByRole('button', { name: 'Airdrop' }).isDisabled()).toBe(true);
    await recipients.fill(`${anvilAccount4},1`);
    await airdropCard.getByRole('button', { name: 'Airdrop 1 token' }).click();
    await confirmed(drop, 'airdrop');
    expect(
      await publicClient().readContract({
        address: contract,
        abi: layerloomCollectionAbi,
        functionName: 'balanceOf',
        args: [anvilAccount4],
      }),
    ).toBe(1n);
    await expect.poll(() => drop.getByTestId('drop-state').textContent()).toContain('Minted1 of 6');

    // A collector mints (from Node); the owner sees the balance and withdraws it to the payout address.
    const funds = drop.getByRole('region', { name: 'Funds' });
    expect(await funds.getByRole('button', { name: 'Nothing to withdraw' }).isDisabled()).toBe(true);
    await mint({
      walletClient: walletClient(anvilAccount2),
      publicClient: publicClient(),
      address: contract,
      quantity: 1,
    });
    await drop.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => funds.getByTestId('drop-balance').textContent()).toBe('0.02 ETH');
    const payoutBefore = await publicClient().getBalance({ address: anvilAccount5 });
    await funds.getByRole('button', { name: 'Withdraw 0.02 ETH' }).click();
    await confirmed(drop, 'withdraw');
    expect(await publicClient().getBalance({ address: contract })).toBe(0n);
    expect((await publicClient().getBalance({ address: anvilAccount5 })) - payoutBefore).toBe(
      parseEther('0.02'),
    );
    await expect.poll(() => funds.getByTestId('drop-balance').textContent()).toBe('0 ETH');

    // The reveal asks first, then is one-way.
    await reveal.getByRole('button', { name: 'Reveal…' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('A reveal cannot be undone.').isVisible()).toBe(true);
    await dialogSettled(page);
    await dialog.getByRole('button', { name: 'Reveal' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await confirmed(drop, 'reveal');
    await expect.poll(() => reveal.getByRole('button', { name: 'Revealed' }).isDisabled()).toBe(true);
    expect(
      await publicClient().readContract({
        address: contract,
        abi: layerloomCollectionAbi,
        functionName: 'baseURI',
      }),
    ).toBe(baseUri);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await drop.scrollIntoViewIfNeeded();
    await screenshot(page, 'drop-owner');
    // The browser logs the refused upload (the malformed line) itself; nothing else went wrong.
    expect(errors.filter((error) => !/status of 400 .*\/allowlist\)$/.test(error))).toEqual([]);
    await context.close();
  });

  it('tells a wallet that does not own the contract which one does, and offers no action', async () => {
    const { context, page } = await openPage(browser, app.url);
    await installTestWallet(page, { rpcUrl: anvil.rpcUrl, account: anvilAccount2 });
    await signIn(context, testAdmin.email, testAdmin.password);
    const drop = await openDrop(page, collectionId);
    await expect
      .poll(() =>
        drop.getByText(`Connect the wallet that owns this contract (${anvilAccount0}).`).isVisible(),
      )
      .toBe(true);
    const phaseButtons = drop
      .getByRole('region', { name: 'Sale phase' })
      .getByRole('button', { name: /^(Open|Close) the/ });
    expect(await phaseButtons.count()).toBe(2);
    expect(await drop.getByRole('button', { name: 'Set the schedule' }).isDisabled()).toBe(true);
    for (const button of await phaseButtons.all()) expect(await button.isDisabled()).toBe(true);
    expect(await drop.getByRole('button', { name: 'Save price and limit' }).isDisabled()).toBe(true);
    expect(await drop.getByRole('button', { name: 'Set the allowlist on chain' }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'drop-not-owner');
    await context.close();
  });

  it('shows the cached state before a wallet connects, and switches a wallet on another network', async () => {
    const { context, page, errors } = await openPage(browser, app.url);
    const wallet = await installTestWallet(page, { rpcUrl: anvil.rpcUrl, initialChainId: '0x1' });
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto(`/dashboard/collections/${collectionId}`);
    const drop = page.getByRole('region', { name: 'Run the drop' });
    await expect
      .poll(
        () => drop.getByText(`Connect the wallet that owns this contract (${anvilAccount0}).`).isVisible(),
        {
          timeout: 60_000,
        },
      )
      .toBe(true);
    // Until then the server's cached read of the chain shows the sale, without the funds.
    await expect.poll(() => drop.getByTestId('drop-state').textContent()).toContain('Minted2 of 6');
    expect(await drop.locator('[data-field="Balance"]').count()).toBe(0);

    await page
      .getByRole('region', { name: 'Launch', exact: true })
      .getByRole('button', { name: 'Connect Test Wallet' })
      .click();
    await expect.poll(() => drop.getByText('Your wallet is on Ethereum').isVisible()).toBe(true);
    await drop.getByRole('button', { name: 'Switch to Local (anvil)' }).click();
    await expect.poll(() => drop.locator('[data-field="Balance"]').isVisible()).toBe(true);
    expect(wallet.calls).toContain('wallet_switchEthereumChain');
    expect(await drop.getByRole('button', { name: 'Close the sale' }).isEnabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads well at every width, with no serious accessibility issue', async () => {
    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const opened = await openPage(browser, app.url, viewport);
      await installTestWallet(opened.page, { rpcUrl: anvil.rpcUrl });
      await signIn(opened.context, testAdmin.email, testAdmin.password);
      const drop = await openDrop(opened.page, collectionId);
      await expect
        .poll(() => drop.getByText('On chain: the contract checks this list.').isVisible())
        .toBe(true);
      expect(await seriousAxeViolations(opened.page)).toEqual([]);
      await drop.scrollIntoViewIfNeeded();
      await screenshot(opened.page, 'drop');
      expect(opened.errors).toEqual([]);
      await opened.context.close();
    }
  });
});
