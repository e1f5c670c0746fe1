import { useQuery } from '@tanstack/react-query';
import type { Hex } from 'viem';
import { formatFee } from '../launch/deploy-fee.ts';
import type { DropContext } from './drop-context.ts';

/**
 * "Network fee: about 0.0001 ETH" for a call the owner is about to send, estimated before the wallet asks;
 * nothing while it is worked out or when the panel cannot estimate, and a plain word when the estimate fails.
 */
export function FeeHint({ context, data }: { context: DropContext; data: Hex | null }) {
  const { estimateFee, chainId, currency } = context;
  const fee = useQuery({
    queryKey: ['drop', 'fee', chainId, data],
    queryFn: () => (estimateFee as (data: Hex) => Promise<bigint>)(data as Hex),
    enabled: Boolean(estimateFee && data),
    retry: false,
    staleTime: 30_000,
  });
  if (!estimateFee || !data) return null;
  if (fee.isError) {
    return <span className="llc-muted">The network fee could not be estimated right now.</span>;
  }
  if (fee.data === undefined) return null;
  const amount = formatFee(fee.data, currency);
  return (
    <span className="llc-muted">
      Network fee: {amount.startsWith('less than') ? amount : `about ${amount}`}
    </span>
  );
}
