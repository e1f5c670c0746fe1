import { getPayouts, layerloomCollectionAbi, type Payout, release } from '@layerloom/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import type { Address } from 'viem';
import { useConfig } from 'wagmi';
import { shortAddress } from '../launch/short-address.ts';
import { walletPublicClient } from '../launch/wallet-clients.ts';
import { releaseCallData } from './drop-call-data.ts';
import type { DropContext } from './drop-context.ts';
import { formatBalance } from './drop-format.ts';
import { FeeHint } from './fee-hint.tsx';
import { sharePercent } from './payout-view.ts';
import { dropChainStateKey } from './use-drop-state.ts';

/**
 * Where the collection's royalties go, read from the chain: its ERC-2981 receiver and, when that is a
 * payment splitter, who it owes what. `splitter` is null when the receiver is a plain wallet.
 */
function useRoyaltyPayouts(chainId: number, address: Address | undefined) {
  const config = useConfig();
  return useQuery({
    // Under the drop state's key: every transaction of the panel reads it again.
    queryKey: [...dropChainStateKey(chainId, address ?? ''), 'royalty-payouts'],
    queryFn: async () => {
      if (!address) throw new Error('The contract address is unknown');
      const publicClient = await walletPublicClient(config, chainId);
      const [receiver] = await publicClient.readContract({
        address,
        abi: layerloomCollectionAbi,
        functionName: 'royaltyInfo',
        args: [0n, 10_000n],
      });
      const code = await publicClient.getCode({ address: receiver });
      if (!code || code === '0x') return { receiver, splitter: null };
      return { receiver, splitter: await getPayouts({ publicClient, address: receiver }) };
    },
    enabled: Boolean(address),
    retry: 1,
  });
}

/**
 * The Funds card's Royalties part: the splitter's payees with their share, what each received and what it is
 * owed now, with Pay buttons anyone may use (the money only ever goes to that payee); or the one wallet
 * marketplaces pay.
 */
export function RoyaltyPayouts({ context, address }: { context: DropContext; address: Address | undefined }) {
  const { actions, chainId, currency } = context;
  const royalties = useRoyaltyPayouts(chainId, address);
  if (!address || royalties.isPending) return null;
  if (royalties.isError) {
    return (
      <Alert
        type="warning"
        showIcon
        title="Could not read where the royalties go"
        description="Try Refresh to read the royalty receiver again."
      />
    );
  }
  const { receiver, splitter } = royalties.data;
  if (!splitter) {
    return (
      <section className="llc-royalties" aria-label="Royalties">
        <h4 className="llc-royalties-title">Royalties</h4>
        <p className="llc-drop-line llc-muted">
          Marketplaces pay royalties straight to one wallet: <code className="llc-drop-hash">{receiver}</code>
        </p>
      </section>
    );
  }
  const totalShares = splitter.payees.reduce((sum, payee) => sum + payee.shares, 0n);
  const firstOwed = splitter.payees.find((payee) => payee.releasable > 0n);
  const pay = (payee: Payout) => {
    const amount = formatBalance(payee.releasable, currency);
    void actions.run([
      {
        action: 'withdraw',
        title: `Pay ${amount} of royalties to ${shortAddress(payee.address)}`,
        send: (clients) => release({ ...clients, address: receiver, payee: payee.address }),
      },
    ]);
  };
  return (
    <section className="llc-royalties" aria-label="Royalties">
      <h4 className="llc-royalties-title">Royalties</h4>
      <p className="llc-drop-line llc-muted">
        Marketplaces pay royalties to the royalty splitter <code className="llc-drop-hash">{receiver}</code>,
        which shares them among {splitter.payees.length} {splitter.payees.length === 1 ? 'wallet' : 'wallets'}
        . Waiting to be paid out:{' '}
        <strong data-testid="royalty-balance">{formatBalance(splitter.balance, currency)}</strong>. Anyone can
        pay a wallet what it is owed. Royalties paid in a token (such as WETH) are paid out from the same
        contract.
      </p>
      <ul className="llc-payouts" aria-label="Royalty split">
        {splitter.payees.map((payee) => {
          const due = formatBalance(payee.releasable, currency);
          return (
            <li key={payee.address} className="llc-payout" data-royalty-payee={payee.address}>
              <div className="llc-payout-who">
                <span>
                  <code title={payee.address}>{payee.address}</code>
                </span>
                <span className="llc-payout-figures">
                  {sharePercent(payee.shares, totalShares)} of the royalties · received{' '}
                  {formatBalance(payee.released, currency)} · owed now <strong>{due}</strong>
                </span>
              </div>
              <Button
                disabled={actions.isRunning || payee.releasable === 0n}
                loading={actions.running === 'withdraw'}
                aria-label={
                  payee.releasable === 0n
                    ? `Nothing owed in royalties to ${payee.address}`
                    : `Pay ${due} of royalties to ${payee.address}`
                }
                onClick={() => pay(payee)}
              >
                {payee.releasable === 0n ? 'Nothing owed' : `Pay ${due}`}
              </Button>
            </li>
          );
        })}
      </ul>
      {firstOwed ? (
        <FeeHint context={context} data={releaseCallData(firstOwed.address)} to={receiver as Address} />
      ) : null}
    </section>
  );
}
