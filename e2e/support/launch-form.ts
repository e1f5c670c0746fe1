import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/** Unfolds the launch form's "More options" (payout split, limits, allowlist, royalties, schedule, reveal). */
export async function openMoreOptions(launch: Locator): Promise<void> {
  const more = launch.getByRole('button', { name: /More options/ });
  // The form comes with the lazily loaded wallet chunk, which takes a while on a busy machine.
  await more.waitFor({ timeout: 60_000 });
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  await expect.poll(() => launch.getByText('Who receives the sales').isVisible()).toBe(true);
}
