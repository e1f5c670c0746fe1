import { notifyManager, type QueryClient } from '@tanstack/react-query';
import { allowlistKey } from './use-allowlist.ts';
import { dropChainStateKey } from './use-drop-state.ts';

/** The contract a transaction changed, and its collection. */
export interface RefreshDropStateParameters {
  collectionId: string;
  chainId: number;
  address: string;
}

/**
 * After a transaction that changed a contract (the launch's reveal, provenance hash or schedule), reads what
 * shows it again at once instead of at the next poll: the contract's state from the chain (Run the drop), the
 * server's copy of the sale, the collection's launch status and its allowlist. Resolves once the queries on
 * screen have their new answers and have told the screens, so a step is only shown confirmed when the panel
 * below agrees with it.
 */
export async function refreshDropState(
  client: QueryClient,
  { collectionId, chainId, address }: RefreshDropStateParameters,
): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: dropChainStateKey(chainId, address) }),
    client.invalidateQueries({ queryKey: ['drop', 'server-state'] }),
    client.invalidateQueries({ queryKey: ['launch-status', collectionId] }),
    client.invalidateQueries({ queryKey: allowlistKey(collectionId) }),
  ]);
  // The screens hear of new answers in a batch a moment later: wait until it is delivered, so what the caller
  // shows next (a step confirmed) comes after the panel shows the new state.
  await new Promise<void>((resolve) => notifyManager.schedule(resolve));
}
