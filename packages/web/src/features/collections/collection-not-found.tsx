import { FileSearchOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { LinkButton } from '../../components/link-button.tsx';
import { isApiError } from '../../lib/api-error.ts';

/** A failed load: "not found" for a 404 (unknown or someone else's id), otherwise the error with a retry. */
export function CollectionLoadError({
  error,
  what = 'Collection',
  onRetry,
}: {
  error: unknown;
  what?: 'Collection' | 'Token';
  onRetry: () => void;
}) {
  if (isApiError(error, 'NOT_FOUND') || (isApiError(error) && error.status === 404)) {
    return <NotFoundResult what={what} />;
  }
  return (
    <Result
      status="error"
      title={<h1 className="llc-result-title">The {what.toLowerCase()} could not be loaded</h1>}
      subTitle={isApiError(error) ? error.message : 'Something went wrong. Please try again.'}
      extra={[
        <Button key="retry" type="primary" onClick={onRetry}>
          Try again
        </Button>,
        <LinkButton key="back" to="/dashboard/collections">
          Back to My Collection
        </LinkButton>,
      ]}
    />
  );
}

/** "Collection not found" / "Token not found", with the way back. */
export function NotFoundResult({ what, backTo }: { what: 'Collection' | 'Token'; backTo?: string }) {
  return (
    <Result
      icon={<FileSearchOutlined className="llc-result-icon" />}
      title={<h1 className="llc-result-title">{what} not found</h1>}
      subTitle={
        what === 'Collection'
          ? 'There is no collection at this address in your account. It may have been deleted, or the link belongs to another account.'
          : 'This collection has no token with that number.'
      }
      extra={
        what === 'Token' && backTo ? (
          <LinkButton to={backTo} type="primary">
            Back to the collection
          </LinkButton>
        ) : (
          <LinkButton to="/dashboard/collections" type="primary">
            Back to My Collection
          </LinkButton>
        )
      }
    />
  );
}

/** A page of a collection that is still generating: says what can be viewed once it has finished. */
export function CollectionNotReady({ what, backTo }: { what: string; backTo: string }) {
  return (
    <div className="llc-col-page">
      <Result
        status="info"
        title={<h1 className="llc-result-title">This collection is not ready</h1>}
        subTitle={`${what} can be viewed once the generation has finished.`}
        extra={
          <LinkButton to={backTo} type="primary">
            Back to the collection
          </LinkButton>
        }
      />
    </div>
  );
}
