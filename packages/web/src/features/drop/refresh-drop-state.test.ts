import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshDropState } from './refresh-drop-state.ts';
import { allowlistKey } from './use-allowlist.ts';
import { dropChainStateKey } from './use-drop-state.ts';

const address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('refreshDropState', () => {
  it('reads the contract on screen again before it resolves, and marks the sale, launch status and allowlist stale', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The drop panel's read of the chain: "not set" at first, the launch's provenance hash once set.
    let provenanceHash: string | null = null;
    const observer = new QueryObserver(client, {
      queryKey: dropChainStateKey(31_337, address),
      queryFn: async () => ({ provenanceHash }),
      staleTime: Number.POSITIVE_INFINITY,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await observer.refetch();
    expect(observer.getCurrentResult().data).toEqual({ provenanceHash: null });
    client.setQueryData(['drop', 'server-state', 'loom-cats'], { phase: 'closed' });
    client.setQueryData(['launch-status', 'c1'], { stage: 'published' });
    client.setQueryData(allowlistKey('c1'), null);
    client.setQueryData(['launch-status', 'c2'], { stage: 'draft' });

    provenanceHash = `0x${'ab'.repeat(32)}`;
    await refreshDropState(client, { collectionId: 'c1', chainId: 31_337, address });

    // Read again at once, even though the panel's answer was not stale yet (its poll is 15 s).
    expect(observer.getCurrentResult().data).toEqual({ provenanceHash });
    expect(client.getQueryState(['drop', 'server-state', 'loom-cats'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['launch-status', 'c1'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(allowlistKey('c1'))?.isInvalidated).toBe(true);
    // Another collection's status is left alone.
    expect(client.getQueryState(['launch-status', 'c2'])?.isInvalidated).toBe(false);
    unsubscribe();
  });
});
