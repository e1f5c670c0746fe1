import { getPayouts, type Payout, release, withdraw } from '@layerloom/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Typography } from 'antd';
import type { Address, Hash } from 'viem';
import { useConfig } from 'wagmi';
import { errorMessage } from '../../lib/api-error.ts';
import { useCollection } from '../collections/collections-queries.ts';
import { shortAddress } from '../launch/short-address.ts';
import { walletPublicClient } from '../launch/wallet-clients.ts';
import { useWorkspace } from '../workspaces/workspace-context.tsx';
import { releaseCallData, withdrawCallData } from './drop-call-data.ts';
import { DropCard } from './drop-card.tsx';
import type { DropContext } from './drop-context.ts';
import { formatBalance } from './drop-format.ts';
import { DropSteps } from './drop-steps.tsx';
import { FeeHint } from './fee-hint.tsx';
import { isSplitPayout, sharePercent } from './payout-view.ts';
import { RoyaltyPayouts } from './royalty-payouts.tsx';
import { dropChainStateKey } from './use-drop-state.ts';
import { useRecordWithdrawal } from './use-record-withdrawal.ts';
import './withdraw-card.css';

/**
 * The contract this state was read from: the panel reads it under `dropChainStateKey(chainId, address)`, so
 * the card finds the address by the query that holds this very state.
 */
function useContractAddress(chainId: number, state: DropContext['state']): Address | undefined {
  const queryClient = useQueryClient();
  const query = queryClient
    .getQueryCache()
    .findAll({ queryKey: ['drop', 'chain-state', chainId] })
    .find((entry) => entry.state.data === state && entry.queryKey.length === 4);
  return query?.queryKey[3] as Address | undefined;
}

/** Who is owed what: each payee's shares, what it was paid and what it may be paid now, read from the chain. */
function usePayouts(chainId: number, address: Address | undefined, balance: bigint) {
  const config = useConfig();
  return useQuery({
    // Under the state's key, so every transaction of the panel (which reads the state again) reads this too.
    queryKey: [...dropChainStateKey(chainId, address ?? ''), 'payouts', balance.toString()],
    queryFn: async () => {
      if (!address) throw new Error('The contract address is unknown');
      return getPayouts({ publicClient: await walletPublicClient(config, chainId), address });
    },
    enabled: Boolean(address),
    retry: 1,
  });
}

/**
 * The sale's funds: with one payee (the payout address, or the owner) a withdraw sends it everything; with a
 * payout split, each payee's share, what it was paid and what it is owed now, and a button anyone may use
 * to pay a payee its due (the money only ever goes to that payee). Each confirmed payment is reported to
 * Layerloom for the workspace's activity log.
 */
export function WithdrawCard({ collectionId, context }: { collectionId: string; context: DropContext }) {
  const { state, canWithdraw, actions, chainId, currency } = context;
  const record = useRecordWithdrawal(collectionId);
  // A team's activity log is on its page; a personal workspace has none to point to.
  const { workspaces } = useWorkspace();
  const workspaceId = useCollection(collectionId).data?.workspaceId;
  const team = workspaces.find((workspace) => workspace.id === workspaceId && !workspace.personal);
  /** Runs the wallet's transaction in the card's step row, then logs it once confirmed. */
  const send = async (title: string, write: Parameters<typeof actions.run>[0][number]['send']) => {
    let hash: Hash | undefined;
    const ok = await actions.run([
      {
        action: 'withdraw',
        title,
        send: async (clients) => {
          const sent = await write(clients);
          hash = sent.hash;
          return sent;
        },
      },
    ]);
    if (ok && hash) record.mutate(hash);
  };
  const address = useContractAddress(chainId, state);
  const payouts = usePayouts(chainId, address, state.balance);
  const to = state.payoutAddress ?? state.owner;
  const balance = formatBalance(state.balance, currency);
  const payees = payouts.data?.payees ?? [];
  const isSplit = isSplitPayout(payees, to);
  const totalShares = payees.reduce((sum, payee) => sum + payee.shares, 0n);
  // Paying any payee costs about the same: priced for the first one owed.
  const firstOwed = payees.find((payee) => payee.releasable > 0n);

  const pay = (payee: Payout) => {
    const amount = formatBalance(payee.releasable, currency);
    void send(`Pay ${amount} to ${shortAddress(payee.address)}`, (clients) =>
      release({ ...clients, payee: payee.address }),
    );
  };

  return (
    <DropCard id="withdraw" title="Funds">
      <p className="llc-drop-line">
        Waiting to be {isSplit ? 'paid out' : 'withdrawn'}:{' '}
        <strong data-testid="drop-balance">{balance}</strong>
      </p>
      {isSplit ? (
        <>
          <p className="llc-drop-line llc-muted">
            The sales are split among {payees.length} {payees.length === 1 ? 'wallet' : 'wallets'}, fixed in
            the contract. Anyone can pay a wallet what it is owed; the money only ever goes to that wallet.
          </p>
          <ul className="llc-payouts" aria-label="Payout split">
            {payees.map((payee) => {
              const due = formatBalance(payee.releasable, currency);
              return (
                <li key={payee.address} className="llc-payout" data-payee={payee.address}>
                  <div className="llc-payout-who">
                    <span>
                      <code title={payee.address}>{payee.address}</code>
                    </span>
                    <span className="llc-payout-figures">
                      {sharePercent(payee.shares, totalShares)} of the sales · paid so far{' '}
                      {formatBalance(payee.released, currency)} · owed now <strong>{due}</strong>
                    </span>
                  </div>
                  <Button
                    disabled={actions.isRunning || payee.releasable === 0n}
                    loading={actions.running === 'withdraw'}
                    aria-label={
                      payee.releasable === 0n
                        ? `Nothing owed to ${payee.address}`
                        : `Pay ${due} to ${payee.address}`
                    }
                    onClick={() => pay(payee)}
                  >
                    {payee.releasable === 0n ? 'Nothing owed' : `Pay ${due}`}
                  </Button>
                </li>
              );
            })}
          </ul>
          {firstOwed ? <FeeHint context={context} data={releaseCallData(firstOwed.address)} /> : null}
        </>
      ) : (
        <>
          <p className="llc-drop-line llc-muted">
            Goes to {state.payoutAddress ? 'the payout address' : 'the owner (no payout address is set)'}:{' '}
            <code className="llc-drop-hash">{to}</code>
          </p>
          <div className="llc-drop-buttons">
            <Button
              type="primary"
              disabled={!canWithdraw || actions.isRunning || state.balance === 0n}
              loading={actions.running === 'withdraw'}
              onClick={() => void send(`Withdraw ${balance}`, (clients) => withdraw({ ...clients }))}
            >
              {state.balance === 0n ? 'Nothing to withdraw' : `Withdraw ${balance}`}
            </Button>
            {canWithdraw && state.balance > 0n ? (
              <FeeHint context={context} data={withdrawCallData()} />
            ) : null}
          </div>
        </>
      )}
      {payouts.isError ? (
        <Alert
          type="warning"
          showIcon
          title="Could not read who is owed what"
          description="The balance above is up to date; try Refresh to read the payees again."
        />
      ) : null}
      <RoyaltyPayouts context={context} address={address} />
      <DropSteps steps={actions.steps} actions={['withdraw']} chainId={chainId} />
      {record.isSuccess ? (
        <Typography.Text className="llc-muted" role="status">
          {team
            ? `${record.data.amount} withdrawn: noted in ${team.name}'s activity log.`
            : `${record.data.amount} withdrawn.`}
        </Typography.Text>
      ) : null}
      {record.isError ? (
        <Typography.Text type="danger" role="alert">
          The withdrawal went through, but Layerloom could not add it to the activity log:{' '}
          {errorMessage(record.error)}
        </Typography.Text>
      ) : null}
    </DropCard>
  );
}
