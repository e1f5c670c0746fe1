import { layerloomChains } from '@layerloom/contracts';
import type { Chain, Transport } from 'viem';
import { createConfig, injected, unstable_connector } from 'wagmi';

const [first, ...rest] = layerloomChains.map((entry) => entry.chain);
if (!first) throw new Error('No chains to launch on');
const chains: readonly [Chain, ...Chain[]] = [first, ...rest];

// Reads go through the connected wallet's own provider, so the browser needs no RPC URL.
const transports = Object.fromEntries(
  chains.map((chain) => [chain.id, unstable_connector(injected)]),
) as Record<number, Transport>;

/**
 * Wallets for the launch feature: the injected connector, plus one connector per wallet that
 * announces itself through EIP-6963 (MetaMask, Rabby, Coinbase Wallet… each by its name).
 */
export const launchWagmiConfig = createConfig({
  chains,
  connectors: [injected()],
  multiInjectedProviderDiscovery: true,
  transports,
});
