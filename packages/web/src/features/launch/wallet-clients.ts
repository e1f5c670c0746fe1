import { getChain } from '@layerloom/contracts';
import { createPublicClient, custom, type EIP1193Provider, type PublicClient, type WalletClient } from 'viem';
import type { Config } from 'wagmi';
import { getConnection, getWalletClient } from 'wagmi/actions';

/** Receipts are polled through the wallet; once a second is quick on a dev chain and light on a wallet. */
const POLLING_MS = 1_000;

const notConnected = () => Object.assign(new Error('Not connected'), { name: 'ConnectorNotConnectedError' });

/** A public client that reads through the connected wallet's own provider, so the page needs no RPC URL. */
export async function walletPublicClient(config: Config, chainId: number): Promise<PublicClient> {
  const connector = getConnection(config).connector;
  if (!connector) throw notConnected();
  const provider = (await connector.getProvider()) as EIP1193Provider;
  return createPublicClient({
    chain: getChain({ chainId }).chain,
    transport: custom(provider),
    pollingInterval: POLLING_MS,
  }) as PublicClient;
}

/** The connected wallet (which signs) and a public client over its provider, on `chainId`. */
export async function walletClients(
  config: Config,
  chainId: number,
): Promise<{ walletClient: WalletClient; publicClient: PublicClient }> {
  // Throws a chain-mismatch error when the wallet is on another network.
  const walletClient = (await getWalletClient(config, { chainId })) as unknown as WalletClient;
  if (!walletClient.account) throw notConnected();
  return { walletClient, publicClient: await walletPublicClient(config, chainId) };
}
