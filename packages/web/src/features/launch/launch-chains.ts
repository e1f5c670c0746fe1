import { type LayerloomChain, layerloomChains } from '@layerloom/contracts';

/** A labelled group of the network picker. */
export interface ChainGroup {
  label: string;
  chains: LayerloomChain[];
}

/** The local development chain (anvil, Hardhat): no explorer, no real money. */
export const localChainId = 31_337;

/** What the picker starts on: a test network, so a first deploy never costs real money. */
export const defaultChainId = 84_532;

/** True when deploying there costs real money (a mainnet, not a test network or the local chain). */
export function isMainnet(chain: LayerloomChain): boolean {
  return !chain.testnet;
}

/** The supported chains as the picker groups them: mainnets, their test networks, the local chain. */
export function chainGroups(): ChainGroup[] {
  return [
    { label: 'Mainnets (real money)', chains: layerloomChains.filter(isMainnet) },
    {
      label: 'Test networks',
      chains: layerloomChains.filter((chain) => chain.testnet && chain.chain.id !== localChainId),
    },
    {
      label: 'Local development',
      chains: layerloomChains.filter((chain) => chain.chain.id === localChainId),
    },
  ];
}

/** The supported chain with this id, or undefined (a wallet can sit on any network). */
export function findLaunchChain(chainId: number | undefined): LayerloomChain | undefined {
  return layerloomChains.find((chain) => chain.chain.id === chainId);
}
