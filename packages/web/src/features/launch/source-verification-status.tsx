import { CheckCircleFilled, ExportOutlined, LoadingOutlined, WarningOutlined } from '@ant-design/icons';
import type { Deployment } from '@layerloom/api';
import { Button, Typography } from 'antd';
import { errorMessage } from '../../lib/api-error.ts';
import {
  useRefreshWhilePending,
  useRetrySourceVerification,
  type VerifiedContract,
} from './use-retry-source-verification.ts';

/** How each contract is named in its status line. */
const WORDS: Record<VerifiedContract, { source: string; code: string; retry: string }> = {
  collection: { source: 'Source', code: 'the source code', retry: 'Retry' },
  royaltySplitter: {
    source: "Royalty splitter's source",
    code: "the royalty splitter's source code",
    retry: 'Retry the royalty splitter',
  },
};

/**
 * Where a contract's source stands on the chain's explorer: "Source verified on Etherscan" with a link to
 * its code, "Verifying…", the explorer's refusal with a Retry button, or that the network has no explorer
 * set up. `contract` picks the collection (default) or the royalty splitter deployed with it, which has a
 * line of its own. Nothing for a contract not confirmed on chain (its source is not submitted).
 */
export function SourceVerificationStatus({
  deployment,
  contract = 'collection',
}: {
  deployment: Deployment;
  contract?: VerifiedContract;
}) {
  const verification =
    contract === 'collection'
      ? deployment.sourceVerification
      : (deployment.royaltySplitterVerification ?? null);
  const retry = useRetrySourceVerification(deployment.collectionId, deployment.id, contract);
  useRefreshWhilePending(deployment.collectionId, verification?.status === 'pending');
  if (!verification) return null;
  const explorer = verification.explorer ?? 'the explorer';
  const words = WORDS[contract];
  const messageId = `source-verification-${deployment.id}-${contract}`;
  switch (verification.status) {
    case 'verified':
      return (
        <div className="llc-source-verification llc-source-verification-verified">
          <CheckCircleFilled aria-hidden="true" />
          <span className="llc-source-verification-text">
            {words.source} verified on {explorer}
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
            Verifying {words.code} on {explorer}…
            {verification.message ? <span className="llc-muted"> {verification.message}</span> : null}
          </span>
        </div>
      );
    case 'not_configured':
      return (
        <div className="llc-source-verification llc-muted">
          <span className="llc-source-verification-text">
            {contract === 'royaltySplitter' ? 'Royalty splitter: ' : null}
            {verification.message ?? "Source verification isn't set up for this network."}
            {verification.canRetry ? (
              <RetryButton
                retry={retry}
                describedBy={undefined}
                label={
                  contract === 'collection' ? 'Verify the source now' : 'Verify the royalty splitter now'
                }
              />
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
              {words.code.charAt(0).toUpperCase()}
              {words.code.slice(1)} is not verified on {explorer}. {verification.message}
            </span>
            {verification.canRetry ? (
              <RetryButton retry={retry} describedBy={messageId} label={words.retry} />
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
