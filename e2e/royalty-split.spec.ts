import { layerloomCollectionAbi } from '@layerloom/contracts';
import { type Address, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousAxeViolations, type ViewportName } from './support/browser.ts';
import { confirmed, launchStep, openDrop } from './support/drop-ui.ts';
import { callInPage, startSampleCollection } from './support/in-page.ts';
import { openMoreOptions } from './support/launch-form.ts';
import {
  adminPage,
  type ChainStack,
  openLaunch,
  publishHostedInPage,
  startChainStack,
} from './support/launch-setup.ts';
import { anvilAccount0, anvilAccount1, anvilAccount4, anvilAccount5 } from './support/wallet.ts';

// The creator deploys; the royalties are shared 60 / 40 by two wallets that never send a transaction (so
// their balances move only by what they are paid); a marketplace (anvil's account #1) pays a royalty.
const creator = anvilAccount0;
const marketplace = anvilAccount1 as Address;
const artist = anvilAccount4 as Address;
const coder = anvilAccount5 as Address;

describe('a launch whose royalties go to a splitter deployed with the collection', () => {
  let stack: ChainStack;
  let collectionId: string;

  beforeAll(async () => {
    stack = await startChainStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('deploys the splitter then the collection, records it, and pays one royalty wallet exactly its share', async () => {
    const { context, page, errors } = await adminPage(stack, { wallet: { account: creator } });
    await page.goto('/dashboard');
    collectionId = await startSampleCollection(page, {
      name: 'Royalty Blobs',
      description: 'Royalties shared by two wallets',
      size: 4,
    });
    await publishHostedInPage(page, collectionId);
    const launch = await openLaunch(page, collectionId);
    const deploy = launch.getByRole('button', { name: 'Deploy on Local (anvil)' });
    await expect.poll(() => deploy.isEnabled(), { timeout: 30_000 }).toBe(true);

    // A custom royalty split of two wallets, 60 / 40; a split of one wallet is refused in place.
    await openMoreOptions(launch);
    await launch.getByLabel('Royalties', { exact: true }).fill('5');
    await launch.getByRole('radio', { name: 'A custom split' }).check();
    expect(await launch.getByLabel('Royalty receiver').count()).toBe(0);
    await launch.getByLabel('Royalty wallet 1', { exact: true }).fill(artist);
    await launch.getByLabel('Royalty wallet 2', { exact: true }).fill(coder);
    await launch.getByLabel('Share of royalty wallet 1').fill('60');
    await launch.getByLabel('Share of royalty wallet 2').fill('40');
    await expect.poll(() => launch.getByText('Total: 100 % of 100 %').isVisible()).toBe(true);
    // Both fees before the wallet is asked.
    await expect
      .poll(() => launch.getByTestId('deploy-fee').textContent(), { timeout: 30_000 })
      .toMatch(
        /two confirmations: about .+ ETH for the royalty splitter, then about .+ ETH for the collection/,
      );
    await screenshot(page, 'royalty-split-form');
    await deploy.click();
    for (const name of ['splitter', 'deploy', 'record', 'reveal', 'provenance']) {
      await expect
        .poll(() => launchStep(page, name).textContent(), { timeout: 30_000 })
        .toContain('Confirmed');
    }
    expect(await launchStep(page, 'splitter').textContent()).toContain('Deploy the royalty splitter');

    // Recorded with the deployment, as the server found it on chain.
    const { deployments } = (await callInPage(page, `/api/v1/collections/${collectionId}/deployments`)).json
      .data;
    expect(deployments).toHaveLength(1);
    expect(deployments[0]).toMatchObject({
      status: 'verified',
      royaltySplitter: {
        payees: [
          { address: artist, shares: 6000 },
          { address: coder, shares: 4000 },
        ],
      },
    });
    const contract = deployments[0].address as Address;
    const splitter = deployments[0].royaltySplitter.address as Address;

    // A marketplace sells token 1 for 2 ETH: it asks the contract whom to pay and how much, and pays it.
    const [receiver, royalty] = await stack.publicClient().readContract({
      address: contract,
      abi: layerloomCollectionAbi,
      functionName: 'royaltyInfo',
      args: [1n, parseEther('2')],
    });
    expect(receiver).toBe(splitter);
    expect(royalty).toBe(parseEther('0.1'));
    const paid = await stack.walletOf(marketplace).sendTransaction({ to: receiver, value: royalty });
    await stack.publicClient().waitForTransactionReceipt({ hash: paid });

    const drop = await openDrop(page, collectionId);
    const funds = drop.getByRole('region', { name: 'Funds' });
    await drop.getByRole('button', { name: 'Refresh' }).click();
    const royalties = funds.getByRole('region', { name: 'Royalties' });
    await expect.poll(() => royalties.getByTestId('royalty-balance').textContent()).toBe('0.1 ETH');
    const row = (address: Address) => royalties.locator(`li[data-royalty-payee="${address}"]`);
    expect(await row(artist).textContent()).toContain('60 % of the royalties');
    expect(await row(artist).textContent()).toContain('owed now 0.06 ETH');
    expect(await row(coder).textContent()).toContain('40 % of the royalties');
    expect(await row(coder).textContent()).toContain('owed now 0.04 ETH');
    expect(await royalties.textContent()).toContain('Royalties paid in a token (such as WETH)');

    // Pay the coder: its balance rises by exactly its share; the artist's stays owed.
    const coderBefore = await stack.publicClient().getBalance({ address: coder });
    await royalties.getByRole('button', { name: `Pay 0.04 ETH of royalties to ${coder}` }).click();
    await confirmed(drop, 'withdraw');
    expect((await stack.publicClient().getBalance({ address: coder })) - coderBefore).toBe(
      parseEther('0.04'),
    );
    expect(await stack.publicClient().getBalance({ address: splitter })).toBe(parseEther('0.06'));
    await expect.poll(() => row(coder).textContent()).toContain('received 0.04 ETH');
    expect(
      await row(coder)
        .getByRole('button', { name: `Nothing owed in royalties to ${coder}` })
        .isDisabled(),
    ).toBe(true);
    expect(await row(artist).textContent()).toContain('owed now 0.06 ETH');
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('shows the royalties on the funds card at every width, with no serious accessibility issue', async () => {
    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const { context, page, errors } = await adminPage(stack, { viewport, wallet: { account: creator } });
      const drop = await openDrop(page, collectionId);
      const royalties = drop
        .getByRole('region', { name: 'Funds' })
        .getByRole('region', { name: 'Royalties' });
      await expect
        .poll(() => royalties.getByTestId('royalty-balance').textContent(), { timeout: 30_000 })
        .toBe('0.06 ETH');
      await royalties.scrollIntoViewIfNeeded();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `royalty-split-funds-${viewport}`);
      await royalties.screenshot({ path: `/tmp/h11-shots/royalties-${viewport}.png` });
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 240_000);

  it('shows the royalty choice and a custom split in the launch form at every width', async () => {
    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const { context, page, errors } = await adminPage(stack, { viewport, wallet: { account: creator } });
      const launch = await openLaunch(page, collectionId);
      // Once deployed, the Deploy step is folded into its summary: unfold it for the form of another contract.
      const details = page.getByRole('button', { name: 'Show details of step 2' });
      if (await details.isVisible()) await details.click();
      await launch.getByRole('button', { name: 'Deploy another contract' }).click();
      await openMoreOptions(launch);
      // Split like the sales while the sales go to one wallet: refused in place, with what to do.
      await launch.getByRole('radio', { name: 'Split like the sales' }).check();
      await expect
        .poll(() =>
          launch
            .getByText('The sales go to one wallet: split the sales first, or choose One wallet.')
            .isVisible(),
        )
        .toBe(true);
      await launch.getByRole('radio', { name: 'A custom split' }).check();
      await launch.getByLabel('Royalty wallet 2', { exact: true }).fill(coder);
      await expect.poll(() => launch.getByText('Total: 100 % of 100 %').isVisible()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      const section = launch.locator('.llc-launch-more');
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: `/tmp/h11-shots/royalty-form-${viewport}.png` });
      await screenshot(page, `royalty-split-launch-form-${viewport}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 240_000);
});
