import { Alert, Button } from 'antd';
import { errorMessage } from '../../lib/api-error.ts';
import { useCollectionApproval, useSetApproval } from './review-queries.ts';
import './review.css';

function day(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * The collection's approval before launch, when its team asks for one or it has one: waiting (with the
 * Approve button for Owners and Admins, and why when an earlier approval lapsed) or approved by whom and when.
 */
export function ApprovalPanel({ collectionId }: { collectionId: string }) {
  const approval = useCollectionApproval(collectionId);
  const change = useSetApproval(collectionId);
  const data = approval.data;
  if (approval.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="Whether this collection is approved could not be loaded"
        description={errorMessage(approval.error)}
        action={
          <Button size="small" onClick={() => void approval.refetch()}>
            Try again
          </Button>
        }
      />
    );
  if (!data || (data.state !== 'approved' && data.state !== 'waiting')) return null;
  const failure = change.isError ? (
    <p className="ll-comments-error" role="alert">
      {errorMessage(change.error)}
    </p>
  ) : null;
  if (data.state === 'approved')
    return (
      <section className="ll-review-panel" aria-label="Approval">
        <Alert
          type="success"
          showIcon
          title={`Approved by ${data.approvedBy} on ${day(data.approvedAt ?? '')}`}
          description={
            <>
              <p className="ll-review-text">
                {data.required
                  ? 'It can be published and deployed. Any change of its metadata or art withdraws the approval.'
                  : 'Your team does not require an approval at the moment.'}
              </p>
              {data.canApprove ? (
                <Button size="small" loading={change.isPending} onClick={() => change.mutate(false)}>
                  Withdraw approval
                </Button>
              ) : null}
            </>
          }
        />
        {failure}
      </section>
    );
  return (
    <section className="ll-review-panel" aria-label="Approval">
      <Alert
        type="warning"
        showIcon
        title="Needs an Owner's or Admin's approval before it is published or deployed"
        description={
          <>
            <p className="ll-review-text">
              {data.lapsedAt
                ? `Its metadata or art changed on ${day(data.lapsedAt)}, after the last approval, so it needs approving again.`
                : 'Your team asks for an approval before a collection is launched.'}{' '}
              {data.canApprove
                ? 'Check the tokens and their metadata, then approve it as it is now.'
                : 'Ask an Owner or Admin of your team to approve it.'}
            </p>
            {data.canApprove ? (
              <Button
                type="primary"
                size="small"
                loading={change.isPending}
                onClick={() => change.mutate(true)}
              >
                Approve collection
              </Button>
            ) : null}
          </>
        }
      />
      {failure}
    </section>
  );
}
