import { useQuery } from '@tanstack/react-query';
import type { Address, Hex } from 'viem';
import type { DropContext } from './drop-context.ts';
import { feeFailureMessage, networkFeeLine } from './network-fee.ts';

/**
 * "Network fee: about 0.0001 ETH" for the call (or calls, one after the other) the owner is about to send,
 * estimated before the wallet asks and again whenever `data` changes; nothing while it is worked out or
 * when the panel cannot estimate, and why in plain words when the estimate fails (e.g. the call would be
 * refused). `to` is the contract called when it is not the collection (a royalty splitter).
 */
export function FeeHint({
  context,
  data,
  to,
}: {
  context: DropContext;
  data: Hex | readonly Hex[] | null;
  to?: Address;
}) {
  const { estimateFee, chainId, currency } = context;
  const calls = data === null ? [] : typeof data === 'string' ? [data] : data;
  const fee = useQuery({
    queryKey: ['drop', 'fee', chainId, to ?? null, calls],
    queryFn: async () => {
      const estimate = estimateFee as NonNullable<DropContext['estimateFee']>;
      const fees = await Promise.all(calls.map((each) => (to ? estimate(each, to) : estimate(each))));
      return fees.reduce((sum, each) => sum + each, 0n);
    },
    enabled: Boolean(estimateFee) && calls.length > 0,
    retry: false,
    staleTime: 30_000,
  });
  if (!estimateFee || calls.length === 0) return null;
  if (fee.isError) return <span className="llc-muted">{feeFailureMessage(fee.error, currency)}</span>;
  if (fee.data === undefined) return null;
  return <span className="llc-muted">{networkFeeLine(fee.data, currency)}</span>;
}
