import { getDropState } from '@layerloom/api';
import { getCollectionState } from '@layerloom/contracts';
import { useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { useConfig, useConnection } from 'wagmi';
import { call } from '../../lib/api.ts';
import { walletPublicClient } from '../launch/wallet-clients.ts';

/** The query key of a contract's state read from the chain. */
export const dropChainStateKey = (chainId: number, address: string) =>
  ['drop', 'chain-state', chainId, address.toLowerCase()] as const;

/** While the panel is open the sale moves on its own (collectors mint), so the state is read again now and then. */
const CHAIN_POLL_MS = 15_000;

/**
 * The contract's full state (owner, sale, supply, balance…) read through the connected wallet: only when
 * the wallet is on the contract's chain, since a wallet's provider reads whatever network it is on.
 */
export function useDropChainState({ chainId, address }: { chainId: number; address: Address }) {
  const config = useConfig();
  const connection = useConnection();
  const isReadable = connection.status === 'connected' && connection.chainId === chainId;
  return useQuery({
    queryKey: dropChainStateKey(chainId, address),
    queryFn: async () =>
      getCollectionState({ publicClient: await walletPublicClient(config, chainId), address }),
    enabled: isReadable,
    refetchInterval: CHAIN_POLL_MS,
    retry: 1,
  });
}

/** The server's cached sale state (phase, supply, prices, limits), for when no wallet is on the chain. */
export function useServerDropState(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: ['drop', 'server-state', slug],
    queryFn: async ({ signal }) => (await call(getDropState, { params: { slug }, signal })).data,
    enabled,
  });
}
