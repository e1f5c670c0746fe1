import type { LaunchChain, NetworkKind } from '@layerloom/api';
import { type LayerloomChain, layerloomChains } from '@layerloom/contracts';

/** A labelled group of the network picker. */
export interface ChainGroup {
  kind: NetworkKind;
  label: string;
  chains: LayerloomChain[];
}

/** The local development chain (anvil, Hardhat): no explorer, no real money. */
export const localChainId = 31_337;

/** What the picker starts on before the server has said which networks it reads: a test network. */
export const defaultChainId = 84_532;

/** How the form names each kind of network, with what it means for the creator's money. */
export const networkKindLabels: Record<NetworkKind, string> = {
  mainnet: 'Mainnet',
  testnet: 'Testnet',
  local: 'Local test chain',
};

/** One line under the picker saying what deploying on that kind of network means. */
export const networkKindHints: Record<NetworkKind, string> = {
  mainnet: 'A live network: deploying and every transaction cost real money.',
  testnet: 'A public practice network: its coins are free and worth nothing.',
  local: 'A chain running on this machine for trying things out; nobody else can see it.',
};

/** Mainnet, Testnet or Local test chain. */
export function networkKind(chain: LayerloomChain): NetworkKind {
  if (chain.chain.id === localChainId) return 'local';
  return chain.testnet ? 'testnet' : 'mainnet';
}

/** True when deploying there costs real money (a mainnet, not a test network or the local chain). */
export function isMainnet(chain: LayerloomChain): boolean {
  return networkKind(chain) === 'mainnet';
}

/**
 * The networks to offer, as the picker groups them (Mainnet, Testnet, Local test chain): those the server
 * has an RPC for, since only there does it verify a contract and open its mint page. Before the server has
 * answered (`available` undefined), every supported network.
 */
export function chainGroups(available?: readonly LaunchChain[]): ChainGroup[] {
  const offered = (chain: LayerloomChain) =>
    !available || available.some((entry) => entry.chainId === chain.chain.id && entry.hasRpc);
  return (['mainnet', 'testnet', 'local'] as const)
    .map((kind) => ({
      kind,
      label: networkKindLabels[kind],
      chains: layerloomChains.filter((chain) => networkKind(chain) === kind && offered(chain)),
    }))
    .filter((group) => group.chains.length > 0);
}

/**
 * The network the form starts on: the wallet's own when the server reads it, else the first the server
 * reads (a test network before a mainnet, so a first deploy never costs real money by default, then the
 * local chain), else a test network.
 */
export function defaultNetwork({
  walletChainId,
  available,
}: {
  walletChainId?: number | undefined;
  available: readonly LaunchChain[];
}): number {
  const readable = available.filter((entry) => entry.hasRpc && findLaunchChain(entry.chainId));
  if (walletChainId !== undefined && readable.some((entry) => entry.chainId === walletChainId)) {
    return walletChainId;
  }
  const order: NetworkKind[] = ['testnet', 'mainnet', 'local'];
  for (const kind of order) {
    const first = readable.find((entry) => entry.kind === kind);
    if (first) return first.chainId;
  }
  return defaultChainId;
}

/**
 * Whether the wallet must switch before deploying on `chainId`: connected, and on another network. The
 * answer says what to show: nothing, or a "Switch network" button naming both networks.
 */
export function networkSwitch({
  isConnected,
  walletChainId,
  chainId,
}: {
  isConnected: boolean;
  walletChainId?: number | undefined;
  chainId: number;
}): { needed: false } | { needed: true; from: string; to: string } {
  if (!isConnected || walletChainId === undefined || walletChainId === chainId) return { needed: false };
  return {
    needed: true,
    from: findLaunchChain(walletChainId)?.name ?? `an unsupported network (chain ${walletChainId})`,
    to: findLaunchChain(chainId)?.name ?? `chain ${chainId}`,
  };
}

/** The supported chain with this id, or undefined (a wallet can sit on any network). */
export function findLaunchChain(chainId: number | undefined): LayerloomChain | undefined {
  return layerloomChains.find((chain) => chain.chain.id === chainId);
}
