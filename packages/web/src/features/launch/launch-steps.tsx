import { CheckCircleFilled, CloseCircleFilled, ExportOutlined, LoadingOutlined } from '@ant-design/icons';
import { getExplorerUrl } from '@layerloom/contracts';
import { Typography } from 'antd';
import type { Hash } from 'viem';
import { DeploymentStatusTag } from './deployment-status-tag.tsx';
import type { LaunchState, LaunchStep, StepState } from './use-launch-flow.ts';

const stepTitles: Record<LaunchStep, string> = {
  splitter: 'Deploy the royalty splitter',
  deploy: 'Deploy the contract',
  record: 'Record it with Layerloom',
  reveal: 'Reveal the tokens (base URI)',
  provenance: 'Set the provenance hash',
  schedule: 'Schedule the sale',
};

const statusText: Record<StepState['status'], string> = {
  idle: 'Waiting',
  wallet: 'Confirm in your wallet',
  pending: 'Pending',
  confirmed: 'Confirmed',
  failed: 'Failed',
};

/** A step's status as an icon: a dot while waiting, a spinner while in flight, a tick or a cross. */
export function StepIcon({ status }: { status: StepState['status'] }) {
  if (status === 'confirmed') return <CheckCircleFilled className="llc-launch-ok" aria-hidden="true" />;
  if (status === 'failed') return <CloseCircleFilled className="llc-launch-bad" aria-hidden="true" />;
  if (status === 'wallet' || status === 'pending') return <LoadingOutlined aria-hidden="true" />;
  return <span className="llc-launch-dot" aria-hidden="true" />;
}

/** A transaction hash, linked to the chain's explorer when it has one (the local chain has none). */
export function TransactionHash({ chainId, hash }: { chainId: number; hash: Hash }) {
  const url = getExplorerUrl({ chainId, type: 'transaction', hash });
  const code = (
    <code className="llc-launch-hash" title={hash}>
      {hash}
    </code>
  );
  return url ? (
    <Typography.Link
      href={url}
      target="_blank"
      rel="noreferrer"
      aria-label={`Transaction ${hash} on the explorer`}
    >
      {code} <ExportOutlined aria-hidden="true" />
    </Typography.Link>
  ) : (
    code
  );
}

/** Each step of a launch as it happens: waiting for the wallet, pending with its hash, confirmed or failed. */
export function LaunchSteps({ state, chainId }: { state: LaunchState; chainId: number }) {
  return (
    <ol className="llc-launch-steps" aria-label="Launch progress">
      {(Object.keys(stepTitles) as LaunchStep[])
        // Royalties to one wallet need no splitter.
        .filter((step) => step !== 'splitter' || Boolean(state.job?.royaltySplit))
        // A pre-reveal launch leaves the reveal to the drop panel.
        .filter((step) => step !== 'reveal' || state.job?.revealAtLaunch !== false)
        // Without start times the sale starts closed: nothing to schedule.
        .filter((step) => step !== 'schedule' || Boolean(state.job?.schedule))
        .map((step) => {
          const value = state.steps[step];
          return (
            <li key={step} className={`llc-launch-step llc-launch-step-${value.status}`} data-step={step}>
              <StepIcon status={value.status} />
              <div className="llc-launch-step-body">
                <div className="llc-launch-step-head">
                  <span className="llc-launch-step-title">{stepTitles[step]}</span>
                  <span className="llc-launch-step-status">
                    {step === 'record' && value.status === 'pending' ? 'Sending' : statusText[value.status]}
                  </span>
                </div>
                {value.hash ? <TransactionHash chainId={chainId} hash={value.hash} /> : null}
                {step === 'record' && value.status === 'confirmed' && state.deployment ? (
                  <span className="llc-launch-record">
                    Layerloom answered: <DeploymentStatusTag deployment={state.deployment} />
                    {state.deployment.statusReason ? (
                      <span className="llc-muted"> {state.deployment.statusReason}</span>
                    ) : null}
                  </span>
                ) : null}
                {value.status === 'failed' && value.error ? (
                  <Typography.Text type="danger" role="alert">
                    {value.error}
                  </Typography.Text>
                ) : null}
              </div>
            </li>
          );
        })}
    </ol>
  );
}
