import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The row of one launch step ("deploy", "record", "reveal", "provenance"). */
export const launchStep = (page: Page, name: string) => page.locator(`li[data-step="${name}"]`);

/** Picks a network in the launch form's picker (once a contract exists, the form waits behind a button). */
export async function chooseNetwork(page: Page, name: string) {
  const another = page.getByRole('button', { name: 'Deploy another contract' });
  // Once deployed, the Deploy step is folded into its summary.
  const details = page.getByRole('button', { name: 'Show details of step 2' });
  await expect
    .poll(async () => {
      if (await details.isVisible()) await details.click().catch(() => undefined);
      return (await another.isVisible()) || (await page.getByLabel('Network').isVisible());
    })
    .toBe(true);
  if (await another.isVisible()) await another.click();
  const option = page.locator('.ant-select-item-option', { hasText: name });
  // The deploy button names the chosen network.
  const chosen = page.getByRole('button', { name: `Deploy on ${name}` });
  // A click while the list is still sliding open can be lost: wait for it to settle, and try again
  // until the picker shows the network.
  await expect
    .poll(
      async () => {
        if (await chosen.isVisible()) return true;
        if (!(await option.isVisible())) await page.getByLabel('Network').click();
        await page.waitForFunction(
          () => document.querySelector('.ant-slide-up-appear, .ant-slide-up-enter') === null,
        );
        await option.click({ timeout: 2_000 }).catch(() => undefined);
        return chosen.isVisible();
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** The row of one of the drop panel's transactions ("phase", "price", "allowlist"…). */
export const dropTransaction = (drop: Locator, action: string) => drop.locator(`li[data-action="${action}"]`);

/** Waits until a drop transaction row says Confirmed (failing early with its reason if it failed). */
export async function confirmed(drop: Locator, action: string, title?: string) {
  const row = dropTransaction(drop, action);
  await expect
    .poll(
      async () => {
        const text = (await row.textContent()) ?? '';
        if (text.includes('Failed')) throw new Error(`The ${action} transaction failed: ${text}`);
        return title && !text.includes(title) ? 'another transaction' : text;
      },
      { timeout: 30_000 },
    )
    .toContain('Confirmed');
  expect(await row.locator('code').textContent()).toMatch(/^0x[0-9a-f]{64}$/);
}

/**
 * The "Run the drop" region of the collection page, once the wallet is connected and the state is read.
 * Connects the wallet from the Launch area unless the page reconnected it by itself (a page that was
 * connected before).
 */
export async function openDrop(page: Page, collectionId: string): Promise<Locator> {
  await page.goto(`/dashboard/collections/${collectionId}`);
  const launch = page.getByRole('region', { name: 'Launch', exact: true });
  const connect = launch.getByRole('button', { name: 'Connect Test Wallet' });
  const drop = page.getByRole('region', { name: 'Run the drop' });
  // The balance is only known from the chain (the server's cached state, shown first, has none).
  const balance = drop.locator('[data-field="Balance"]');
  await expect
    .poll(
      async () => {
        if (await balance.isVisible()) return true;
        // The button can vanish between the look and the click when the page reconnects on its own.
        if (await connect.isVisible()) await connect.click({ timeout: 2_000 }).catch(() => undefined);
        return false;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return drop;
}
