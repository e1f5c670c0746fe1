import { withdraw } from '@layerloom/contracts';
import { Button } from 'antd';
import { DropCard } from './drop-card.tsx';
import type { DropContext } from './drop-context.ts';
import { formatBalance } from './drop-format.ts';
import { dropNextAction } from './drop-next-action.ts';
import { DropSteps } from './drop-steps.tsx';

/** Sends the sale's funds to the payout address, or to the owner when none is set (`withdraw`). */
export function WithdrawCard({ context }: { context: DropContext }) {
  const { state, canWithdraw, actions, chainId, currency } = context;
  const to = state.payoutAddress ?? state.owner;
  const balance = formatBalance(state.balance, currency);
  return (
    <DropCard id="withdraw" title="Funds">
      <p className="llc-drop-line">
        Waiting to be withdrawn: <strong data-testid="drop-balance">{balance}</strong>
      </p>
      <p className="llc-drop-line llc-muted">
        Goes to {state.payoutAddress ? 'the payout address' : 'the owner (no payout address is set)'}:{' '}
        <code className="llc-drop-hash">{to}</code>
      </p>
      <div className="llc-drop-buttons">
        <Button
          type={dropNextAction(state) === 'withdraw' ? 'primary' : 'default'}
          disabled={!canWithdraw || actions.isRunning || state.balance === 0n}
          loading={actions.running === 'withdraw'}
          onClick={() =>
            void actions.run([
              {
                action: 'withdraw',
                title: `Withdraw ${balance}`,
                send: (clients) => withdraw({ ...clients }),
              },
            ])
          }
        >
          {state.balance === 0n ? 'Nothing to withdraw' : `Withdraw ${balance}`}
        </Button>
      </div>
      <DropSteps steps={actions.steps} actions={['withdraw']} chainId={chainId} />
    </DropCard>
  );
}
