import type { Account, Address, WalletClient } from 'viem';
import { MissingAccountError } from '../errors.ts';

/** The account to send from: the one passed, else the wallet client's own. */
export function resolveAccount(
  walletClient: WalletClient,
  account: Account | Address | undefined,
): Account | Address {
  const resolved = account ?? walletClient.account;
  if (!resolved) throw new MissingAccountError();
  return resolved;
}
