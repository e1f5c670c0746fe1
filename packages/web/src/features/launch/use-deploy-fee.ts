import type { CollectionSettings, PayeeShare } from '@layerloom/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Address } from 'viem';
import { useConfig } from 'wagmi';
import { estimateDeployFee } from './deploy-fee.ts';
import { walletPublicClient } from './wallet-clients.ts';

/** Waits until typing pauses: each keystroke in the form would otherwise ask the wallet for an estimate. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

const asKey = (settings: CollectionSettings | null, royaltySplit: readonly PayeeShare[] | null) =>
  JSON.stringify({ settings, royaltySplit }, (_, value) =>
    typeof value === 'bigint' ? value.toString() : value,
  );

/**
 * The deploy's network fee, estimated through the connected wallet's provider once the form is complete
 * (`settings` not null) and the wallet is on `chainId`.
 */
export function useDeployFee({
  chainId,
  account,
  settings,
  royaltySplit = null,
  enabled,
}: {
  chainId: number;
  account: Address | undefined;
  settings: CollectionSettings | null;
  /** The royalty splitter deployed first, when there is one: its fee is estimated too. */
  royaltySplit?: readonly PayeeShare[] | null;
  enabled: boolean;
}) {
  const config = useConfig();
  const key = useSettled(asKey(settings, royaltySplit), 400);
  const settled = settings && key === asKey(settings, royaltySplit) ? settings : null;
  return useQuery({
    queryKey: ['deploy-fee', chainId, account, key],
    queryFn: async () => {
      if (!settled || !account) throw new Error('Nothing to estimate');
      return estimateDeployFee({
        publicClient: await walletPublicClient(config, chainId),
        account,
        settings: settled,
        royaltySplit,
      });
    },
    enabled: enabled && Boolean(settled && account),
    staleTime: 30_000,
    retry: false,
  });
}
