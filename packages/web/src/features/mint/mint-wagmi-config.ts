import { layerloomChains } from '@layerloom/contracts';
import type { Chain, Transport } from 'viem';
import { type Config, createConfig, fallback, injected, unstable_connector } from 'wagmi';
import { walletConnect } from 'wagmi/connectors';

const [first, ...rest] = layerloomChains.map((entry) => entry.chain);
if (!first) throw new Error('No chains to mint on');
const chains: readonly [Chain, ...Chain[]] = [first, ...rest];

const configs = new Map<string, Config>();

/**
 * The mint page's wallets: the browser's own (injected, and each one announced through EIP-6963), plus
 * WalletConnect when the server has a project for it: a QR code on a computer, a choice of wallet apps
 * on a phone (WalletConnect's own modal). Reads go through the connected wallet, so no RPC URL is needed.
 * One config per project id, made once: a new config would drop the connection.
 */
export function mintWagmiConfig(walletConnectProjectId: string | null): Config {
  const key = walletConnectProjectId ?? '';
  let config = configs.get(key);
  if (!config) {
    const transports = Object.fromEntries(
      chains.map((chain) => [
        chain.id,
        walletConnectProjectId
          ? fallback([unstable_connector(injected), unstable_connector(walletConnect)])
          : unstable_connector(injected),
      ]),
    ) as Record<number, Transport>;
    config = createConfig({
      chains,
      connectors: [
        injected(),
        ...(walletConnectProjectId
          ? [
              walletConnect({
                projectId: walletConnectProjectId,
                showQrModal: true,
                metadata: {
                  name: 'Layerloom mint',
                  description: 'Mint an NFT with your own wallet',
                  url: window.location.origin,
                  icons: [`${window.location.origin}/favicon.svg`],
                },
              }),
            ]
          : []),
      ],
      multiInjectedProviderDiscovery: true,
      transports,
    });
    configs.set(key, config);
  }
  return config;
}
