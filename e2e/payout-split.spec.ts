import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, screenshotDir, seriousAxeViolations, type ViewportName } from './support/browser.ts';
import { openMoreOptions } from './support/launch-form.ts';
import {
  adminPage,
  type ChainStack,
  openLaunch,
  publishHosted,
  readySampleCollection,
  startChainStack,
} from './support/launch-setup.ts';
import { anvilAccount0 } from './support/wallet.ts';

const creator = anvilAccount0;

describe('the launch form of a sales split', () => {
  let stack: ChainStack;
  let collectionId: string;

  beforeAll(async () => {
    stack = await startChainStack();
    // Deploying with a split, paying a payee and the fee line are contract-checklist's: this spec shows the form.
    const { context, page } = await adminPage(stack);
    collectionId = await readySampleCollection(page, { name: 'Split Blobs', description: 'Sales shared' });
    await publishHosted(page, collectionId);
    await context.close();
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('shows the launch form folded and unfolded at every width, with no serious accessibility issue', async () => {
    for (const viewport of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
      const { context, page, errors } = await adminPage(stack, {
        viewport,
        wallet: { account: creator, initialChainId: '0x1' },
      });
      const launch = await openLaunch(page, collectionId);
      const form = launch.locator('.llc-launch-form');
      // The wallet is on Ethereum, which this server does not read: the form starts on the local chain and
      // offers to switch the wallet.
      await expect
        .poll(() => launch.getByRole('button', { name: 'Switch network to Local (anvil)' }).isVisible())
        .toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await form.scrollIntoViewIfNeeded();
      await screenshot(page, `launch-form-folded-${viewport}`);
      await form.screenshot({
        path: join(screenshotDir, `launch-form-folded-${viewport}-form.png`),
      });
      await openMoreOptions(launch);
      await launch.getByRole('button', { name: 'Split the sales with another wallet' }).click();
      await expect.poll(() => launch.getByText('Total: 100 % of 100 %').isVisible()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `launch-form-unfolded-${viewport}`);
      await form.screenshot({
        path: join(screenshotDir, `launch-form-unfolded-${viewport}-form.png`),
      });
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 240_000);
});
