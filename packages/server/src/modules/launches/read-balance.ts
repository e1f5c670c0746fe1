import { getChain } from '@layerloom/contracts';
import { type Address, createPublicClient, http } from 'viem';

/** How long a contract's balance is reused (the dashboard and every collection card ask at once). */
const BALANCE_TTL_MS = 5_000;
const balances = new Map<string, { at: number; pending: Promise<bigint> }>();

/** A contract's balance in wei, read through `rpcUrl` and shared for a few seconds. */
export function readBalance(chainId: number, address: string, rpcUrl: string): Promise<bigint> {
  const key = `${chainId}:${address}`;
  const cached = balances.get(key);
  if (cached && Date.now() - cached.at < BALANCE_TTL_MS) return cached.pending;
  const client = createPublicClient({
    chain: getChain({ chainId }).chain,
    transport: http(rpcUrl, { timeout: 3_000, retryCount: 0 }),
  });
  const pending = client.getBalance({ address: address as Address });
  balances.set(key, { at: Date.now(), pending });
  // A failed read is not reused: the next request asks the chain again.
  pending.catch(() => balances.delete(key));
  if (balances.size > 1000) balances.delete(balances.keys().next().value as string);
  return pending;
}
