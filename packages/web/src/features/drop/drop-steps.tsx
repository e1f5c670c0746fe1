import { Typography } from 'antd';
import { StepIcon, TransactionHash } from '../launch/launch-steps.tsx';
import type { DropAction, DropStep } from './use-drop-actions.ts';

const statusText: Record<DropStep['status'], string> = {
  idle: 'Waiting',
  wallet: 'Confirm in your wallet',
  pending: 'Pending',
  confirmed: 'Confirmed',
  failed: 'Failed',
};

/** The transactions of one card as they happen, in the launch's step rows (hash, explorer link, reason). */
export function DropSteps({
  steps,
  actions,
  chainId,
}: {
  steps: Partial<Record<DropAction, DropStep>>;
  actions: readonly DropAction[];
  chainId: number;
}) {
  const shown = actions.flatMap((action) => {
    const step = steps[action];
    return step ? [{ action, step }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <ol className="llc-launch-steps" aria-label="Transactions">
      {shown.map(({ action, step }) => (
        <li key={action} className={`llc-launch-step llc-launch-step-${step.status}`} data-action={action}>
          <StepIcon status={step.status} />
          <div className="llc-launch-step-body">
            <div className="llc-launch-step-head">
              <span className="llc-launch-step-title">{step.title}</span>
              <span className="llc-launch-step-status">{statusText[step.status]}</span>
            </div>
            {step.hash ? <TransactionHash chainId={chainId} hash={step.hash} /> : null}
            {step.status === 'failed' && step.error ? (
              <Typography.Text type="danger" role="alert">
                {step.error}
              </Typography.Text>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
