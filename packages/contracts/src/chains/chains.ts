import type { Chain } from 'viem';
import {
  anvil,
  arbitrum,
  arbitrumSepolia,
  base,
  baseSepolia,
  mainnet,
  optimism,
  optimismSepolia,
  polygon,
  polygonAmoy,
  sepolia,
} from 'viem/chains';

/** How an explorer lays out its URLs: Etherscan and its family, or Blockscout. */
export type ExplorerKind = 'etherscan' | 'blockscout';

/** A chain Layerloom deploys to. */
export interface LayerloomChain {
  /** Stable identifier, stored with a deployed collection. */
  key: string;
  name: string;
  /** The viem chain (id, native currency, default RPC). */
  chain: Chain;
  testnet: boolean;
  /** The mainnet a test network stands in for; `null` on mainnets and the local chain. */
  mainnetKey: string | null;
  /** `null` on the local dev chain, which has no explorer. */
  explorer: { name: string; url: string; kind: ExplorerKind } | null;
}

function entry(
  key: string,
  name: string,
  chain: Chain,
  mainnetKey: string | null,
  kind: ExplorerKind = 'etherscan',
): LayerloomChain {
  const explorer = chain.blockExplorers?.default;
  return {
    key,
    name,
    chain,
    testnet: chain.testnet === true,
    mainnetKey,
    explorer: explorer ? { name: explorer.name, url: explorer.url, kind } : null,
  };
}

/** Every chain Layerloom supports: five mainnets, their test networks, and a local anvil chain (id 31337). */
export const layerloomChains: readonly LayerloomChain[] = [
  entry('ethereum', 'Ethereum', mainnet, null),
  entry('sepolia', 'Sepolia', sepolia, 'ethereum'),
  entry('polygon', 'Polygon', polygon, null),
  entry('polygon-amoy', 'Polygon Amoy', polygonAmoy, 'polygon'),
  entry('base', 'Base', base, null),
  entry('base-sepolia', 'Base Sepolia', baseSepolia, 'base'),
  entry('arbitrum', 'Arbitrum One', arbitrum, null),
  entry('arbitrum-sepolia', 'Arbitrum Sepolia', arbitrumSepolia, 'arbitrum'),
  entry('optimism', 'OP Mainnet', optimism, null),
  entry('optimism-sepolia', 'OP Sepolia', optimismSepolia, 'optimism', 'blockscout'),
  { key: 'local', name: 'Local (anvil)', chain: anvil, testnet: true, mainnetKey: null, explorer: null },
];
