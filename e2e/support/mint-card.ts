import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Connects a wallet from a mint page's card: presses Connect wallet (which loads the wallet code), then the
 * wallet's own button; or nothing when the page reconnected it by itself (a wallet connected there before).
 */
export async function connectOnMintCard(card: Locator, walletName = 'Test Wallet'): Promise<void> {
  const open = card.getByRole('button', { name: 'Connect wallet', exact: true });
  const choose = card.getByRole('button', { name: `Connect ${walletName}` });
  await expect
    .poll(
      async () => {
        if (await card.getByText(`Connected with ${walletName}`).isVisible()) return true;
        // Either button can vanish between the look and the click when the page reconnects on its own.
        // isVisible does not wait for the button (isEnabled would, and block the poll until it exists).
        if (await open.isVisible()) await open.click({ timeout: 2_000 }).catch(() => undefined);
        else if (await choose.isVisible()) await choose.click({ timeout: 2_000 }).catch(() => undefined);
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}
