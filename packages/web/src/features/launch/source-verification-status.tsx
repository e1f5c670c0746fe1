import { CheckCircleFilled, ExportOutlined, LoadingOutlined, WarningOutlined } from '@ant-design/icons';
import type { Deployment } from '@layerloom/api';
import { Button, Typography } from 'antd';
import { errorMessage } from '../../lib/api-error.ts';
import { useRefreshWhilePending, useRetrySourceVerification } from './use-retry-source-verification.ts';

/**
 * Where the contract's source stands on the chain's explorer: "Source verified on Etherscan" with a link to
 * its code, "Verifying…", the explorer's refusal with a Retry button, or that the network has no explorer
 * set up. Nothing for a contract not confirmed on chain (its source is not submitted).
 */
export function SourceVerificationStatus({ deployment }: { deployment: Deployment }) {
  const verification = deployment.sourceVerification;
  const retry = useRetrySourceVerification(deployment.collectionId, deployment.id);
  useRefreshWhilePending(deployment.collectionId, verification?.status === 'pending');
  if (!verification) return null;
  const explorer = verification.explorer ?? 'the explorer';
  const messageId = `source-verification-${deployment.id}`;
  switch (verification.status) {
    case 'verified':
      return (
        <div className="llc-source-verification llc-source-verification-verified">
          <CheckCircleFilled aria-hidden="true" />
          <span className="llc-source-verification-text">
            Source verified on {explorer}
            {verification.codeUrl ? (
              <>
                {' · '}
                <Typography.Link href={verification.codeUrl} target="_blank" rel="noreferrer">
                  View the code <ExportOutlined aria-hidden="true" />
                </Typography.Link>
              </>
            ) : null}
          </span>
        </div>
      );
    case 'pending':
      return (
        <div className="llc-source-verification" role="status">
          <LoadingOutlined aria-hidden="true" />
          <span className="llc-source-verification-text">
            Verifying the source code on {explorer}…
            {verification.message ? <span className="llc-muted"> {verification.message}</span> : null}
          </span>
        </div>
      );
    case 'not_configured':
      return (
        <div className="llc-source-verification llc-muted">
          <span className="llc-source-verification-text">
            {verification.message ?? "Source verification isn't set up for this network."}
            {verification.canRetry ? (
              <RetryButton retry={retry} describedBy={undefined} label="Verify the source now" />
            ) : null}
          </span>
        </div>
      );
    case 'failed':
      return (
        <div className="llc-source-verification llc-source-verification-failed">
          <WarningOutlined aria-hidden="true" />
          <span className="llc-source-verification-text">
            <span id={messageId}>
              The source code is not verified on {explorer}. {verification.message}
            </span>
            {verification.canRetry ? (
              <RetryButton retry={retry} describedBy={messageId} label="Retry" />
            ) : null}
          </span>
        </div>
      );
  }
}

function RetryButton({
  retry,
  describedBy,
  label,
}: {
  retry: ReturnType<typeof useRetrySourceVerification>;
  describedBy: string | undefined;
  label: string;
}) {
  return (
    <span className="llc-source-verification-retry">
      <Button
        size="small"
        loading={retry.isPending}
        onClick={() => retry.mutate()}
        aria-describedby={describedBy}
      >
        {label}
      </Button>
      {retry.isError ? (
        <Typography.Text type="danger" role="alert">
          {errorMessage(retry.error)}
        </Typography.Text>
      ) : null}
    </span>
  );
}
