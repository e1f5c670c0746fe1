import { airdrop, layerloomCollectionAbi } from '@layerloom/contracts';
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
import { chooseNetwork, launchStep as step } from './support/drop-ui.ts';
import { callInPage, startSampleCollection } from './support/in-page.ts';
import { openMoreOptions } from './support/launch-form.ts';
import { anvilAccount0, installTestWallet } from './support/wallet.ts';

describe('launching a collection from the creator’s wallet', () => {
  let anvil: Anvil;
  let app: RunningApp;
  let browser: Browser;
  let collectionId: string;

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

  it('deploys, reveals and sets the provenance from the wallet, and the server verifies it on chain', async () => {
    const { context, page } = await openPage(browser, app.url);
    // The wallet was left on Ethereum: the page has to switch it to the local chain.
    const wallet = await installTestWallet(page, { rpcUrl: anvil.rpcUrl, initialChainId: '0x1' });
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto('/dashboard');
    collectionId = await startSampleCollection(page, {
      name: 'Launch Blobs',
      description: 'Deployed from the browser',
      size: 6,
    });

    await page.goto(`/dashboard/collections/${collectionId}`);
    const launch = page.getByRole('region', { name: 'Launch', exact: true });
    await expect
      .poll(() => launch.getByText('Publish the collection first').isVisible(), { timeout: 60_000 })
      .toBe(true);
    await screenshot(page, 'launch-publish-first');
    await page.getByRole('button', { name: 'Publish, hosted by Layerloom' }).click();
    await dialogSettled(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await expect
      .poll(() => launch.getByRole('button', { name: 'Connect Test Wallet' }).isVisible())
      .toBe(true);
    const { publication } = (await callInPage(page, `/api/v1/collections/${collectionId}/publication`)).json
      .data;

    await launch.getByRole('button', { name: 'Connect Test Wallet' }).click();
    await expect.poll(() => launch.getByText('Connected with Test Wallet').isVisible()).toBe(true);
    await chooseNetwork(page, 'Local (anvil)');
    await launch.getByRole('button', { name: 'Switch network to Local (anvil)' }).click();
    const deploy = launch.getByRole('button', { name: 'Deploy on Local (anvil)' });
    await expect.poll(() => deploy.isEnabled()).toBe(true);
    // The defaults come from the collection and the wallet.
    expect(await launch.getByLabel('Name').inputValue()).toBe('Launch Blobs');
    expect(await launch.getByLabel('Symbol').inputValue()).toBe('LB');
    expect(await launch.getByLabel('Max supply').inputValue()).toBe('6');
    await openMoreOptions(launch);
    expect(await launch.getByLabel('Royalty receiver').inputValue()).toBe(anvilAccount0);
    const payout = launch.getByLabel('Wallet that receives the sales');
    expect(await payout.inputValue()).toBe(anvilAccount0);

    // A mistake is named in place, before anything is sent.
    await payout.fill('0x1234');
    await deploy.click();
    await expect
      .poll(() =>
        launch
          .getByText('Enter a wallet address: 0x followed by 40 letters and digits (0-9, a-f).')
          .isVisible(),
      )
      .toBe(true);
    await payout.fill(anvilAccount0);
    await launch.getByLabel('Mint price').fill('0.01');
    await launch.getByLabel('Royalties').fill('2.5');
    await launch.getByLabel('Allowlist price').fill('0.005');
    await launch.getByLabel('Allowlist limit per wallet').fill('2');
    // The public sale opens by itself in a day (local time, as the input takes it).
    const opensAt = new Date(Date.now() + 86_400_000);
    opensAt.setSeconds(0, 0);
    const two = (value: number) => String(value).padStart(2, '0');
    await launch
      .getByLabel('Public sale opens')
      .fill(
        `${opensAt.getFullYear()}-${two(opensAt.getMonth() + 1)}-${two(opensAt.getDate())}T${two(opensAt.getHours())}:${two(opensAt.getMinutes())}`,
      );
    await deploy.click();

    for (const name of ['deploy', 'record', 'reveal', 'provenance', 'schedule']) {
      await expect.poll(() => step(page, name).textContent(), { timeout: 30_000 }).toContain('Confirmed');
    }
    await expect.poll(() => launch.getByText('Your collection is deployed').isVisible()).toBe(true);
    // Each transaction shows its hash (the local chain has no explorer to link to).
    for (const name of ['deploy', 'reveal', 'provenance', 'schedule']) {
      expect(await step(page, name).locator('code').textContent()).toMatch(/^0x[0-9a-f]{64}$/);
    }
    expect(await launch.getByText('The sale opens by itself at the times you set.').isVisible()).toBe(true);
    expect(await step(page, 'record').textContent()).toContain('Verified on chain');
    const deployed = page.getByRole('list', { name: 'Deployed contracts' });
    await expect.poll(() => deployed.getByText('Verified on chain').isVisible()).toBe(true);
    await screenshot(page, 'launch-deployed-progress');
    expect(wallet.calls).toContain('wallet_switchEthereumChain');

    // The server's record says verified.
    const { deployments } = (await callInPage(page, `/api/v1/collections/${collectionId}/deployments`)).json
      .data;
    expect(deployments).toHaveLength(1);
    const [record] = deployments;
    expect(record).toMatchObject({
      chainId: 31_337,
      chainName: 'Local (anvil)',
      name: 'Launch Blobs',
      symbol: 'LB',
      maxSupply: 6,
      status: 'verified',
      statusReason: null,
      explorerUrl: null,
    });
    expect(record.deployer.toLowerCase()).toBe(anvilAccount0.toLowerCase());
    expect(await deployed.textContent()).toContain(record.address);

    // The chain agrees: owner, settings, reveal at the hosted metadata and the provenance hash.
    const address = record.address as Address;
    const publicClient = createPublicClient({ chain: anvilChain, transport: http(anvil.rpcUrl) });
    const read = <
      const name extends
        | 'name'
        | 'symbol'
        | 'owner'
        | 'maxSupply'
        | 'mintPrice'
        | 'revealed'
        | 'baseURI'
        | 'provenanceHash'
        | 'saleSchedule'
        | 'saleConfig',
    >(
      functionName: name,
    ) => publicClient.readContract({ address, abi: layerloomCollectionAbi, functionName });
    expect(await read('name')).toBe('Launch Blobs');
    expect(await read('symbol')).toBe('LB');
    expect((await read('owner')).toLowerCase()).toBe(anvilAccount0.toLowerCase());
    expect(await read('maxSupply')).toBe(6n);
    expect(await read('mintPrice')).toBe(parseEther('0.01'));
    expect(await read('revealed')).toBe(true);
    expect(await read('baseURI')).toBe(publication.baseUri);
    expect(await read('provenanceHash')).toBe(`0x${publication.provenanceHash}`);
    expect(await read('saleSchedule')).toEqual([0, opensAt.getTime() / 1000]);
    expect(await read('saleConfig')).toMatchObject({
      phase: 0,
      allowlistPrice: parseEther('0.005'),
      allowlistMaxPerWallet: 2,
    });
    const [royaltyReceiver, royalty] = await publicClient.readContract({
      address,
      abi: layerloomCollectionAbi,
      functionName: 'royaltyInfo',
      args: [1n, 10_000n],
    });
    expect(royaltyReceiver.toLowerCase()).toBe(anvilAccount0.toLowerCase());
    expect(royalty).toBe(250n);

    // A minted token resolves to the hosted metadata file.
    const walletClient = createWalletClient({
      chain: anvilChain,
      transport: http(anvil.rpcUrl),
      account: anvilAccount0,
    });
    await airdrop({ walletClient, publicClient, address, recipients: [{ to: anvilAccount0, quantity: 1 }] });
    const tokenUri = await publicClient.readContract({
      address,
      abi: layerloomCollectionAbi,
      functionName: 'tokenURI',
      args: [1n],
    });
    expect(tokenUri).toBe(`${publication.baseUri}1.json`);
    const metadata = await fetch(tokenUri);
    expect(metadata.status).toBe(200);
    expect((await metadata.json()).image).toBe(`${publication.imageBaseUri}1.png`);
    await context.close();
  });

  it('says so when the user rejects the deploy in the wallet, and records nothing', async () => {
    const { context, page } = await openPage(browser, app.url);
    const wallet = await installTestWallet(page, { rpcUrl: anvil.rpcUrl, rejectTransactions: true });
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto(`/dashboard/collections/${collectionId}`);
    const launch = page.getByRole('region', { name: 'Launch', exact: true });
    const connect = launch.getByRole('button', { name: 'Connect Test Wallet' });
    await expect.poll(() => connect.isVisible(), { timeout: 30_000 }).toBe(true);
    await connect.click();
    await chooseNetwork(page, 'Local (anvil)');
    const deploy = launch.getByRole('button', { name: 'Deploy on Local (anvil)' });
    await expect.poll(() => deploy.isEnabled()).toBe(true);
    await deploy.click();

    await expect
      .poll(() => step(page, 'deploy').getByText('You rejected the request in your wallet.').isVisible())
      .toBe(true);
    expect(wallet.calls).toContain('eth_sendTransaction');
    expect(await step(page, 'record').textContent()).toContain('Waiting');
    // Nothing was deployed, so the form is open again for another try.
    expect(await deploy.isEnabled()).toBe(true);
    const { deployments } = (await callInPage(page, `/api/v1/collections/${collectionId}/deployments`)).json
      .data;
    expect(deployments).toHaveLength(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'launch-rejected');
    await context.close();
  });

  it('says the wallet cannot pay for gas when its balance is empty', async () => {
    // Anvil's last default account, emptied: it can sign, but not pay.
    const poorAccount = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';
    await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'anvil_setBalance',
        params: [poorAccount, '0x0'],
      }),
    });
    const { context, page } = await openPage(browser, app.url);
    await installTestWallet(page, { rpcUrl: anvil.rpcUrl, account: poorAccount });
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto(`/dashboard/collections/${collectionId}`);
    const launch = page.getByRole('region', { name: 'Launch', exact: true });
    await launch.getByRole('button', { name: 'Connect Test Wallet' }).click({ timeout: 30_000 });
    await chooseNetwork(page, 'Local (anvil)');
    const deploy = launch.getByRole('button', { name: 'Deploy on Local (anvil)' });
    await expect.poll(() => deploy.isEnabled()).toBe(true);
    await deploy.click();
    await expect
      .poll(() =>
        step(page, 'deploy')
          .getByText('This wallet does not have enough ETH on Local (anvil) to pay for gas.')
          .isVisible(),
      )
      .toBe(true);
    const { deployments } = (await callInPage(page, `/api/v1/collections/${collectionId}/deployments`)).json
      .data;
    expect(deployments).toHaveLength(1);
    await context.close();
  });

  it('reads well at every width, with no serious accessibility issue', async () => {
    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const opened = await openPage(browser, app.url, viewport);
      await installTestWallet(opened.page, { rpcUrl: anvil.rpcUrl });
      await signIn(opened.context, testAdmin.email, testAdmin.password);
      await opened.page.goto(`/dashboard/collections/${collectionId}`);
      const launch = opened.page.getByRole('region', { name: 'Launch', exact: true });
      await launch.getByRole('button', { name: 'Connect Test Wallet' }).click({ timeout: 30_000 });
      await expect.poll(() => launch.getByText('Connected with Test Wallet').isVisible()).toBe(true);
      // Once deployed, the Deploy step is folded into its summary; its details list the contract.
      await launch.getByRole('button', { name: 'Show details of step 2' }).click();
      await expect.poll(() => launch.getByText('Verified on chain').first().isVisible()).toBe(true);
      expect(await seriousAxeViolations(opened.page)).toEqual([]);
      await launch.scrollIntoViewIfNeeded();
      await screenshot(opened.page, 'launch');
      expect(opened.errors).toEqual([]);
      await opened.context.close();
    }
  });
});
