import { Skeleton, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { usePublication } from '../collections/collections-queries.ts';
import './launch-section.css';

// Wallet code (wagmi, viem, the contract's bytecode) loads only when a published collection shows this.
const LaunchPanel = lazy(() => import('./launch-panel.tsx'));

/**
 * The deploy step of a published collection: its contracts, the wallet and the form to deploy one. Once it
 * has a contract, the wallet and "Run the drop" show in `runTarget` (the next step) when given. Nothing
 * before the collection is published: the contract's tokens point to the published metadata.
 */
export function LaunchSection({
  collectionId,
  name,
  size,
  runTarget = null,
}: {
  collectionId: string;
  name: string;
  size: number;
  runTarget?: HTMLElement | null;
}) {
  const publication = usePublication(collectionId, true);
  if (publication.isPending) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (publication.isError)
    return <Typography.Text type="danger">{errorMessage(publication.error)}</Typography.Text>;
  if (!publication.data) return null;
  return (
    <div className="llc-launch">
      <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: 4 }} />}>
        <LaunchPanel
          collectionId={collectionId}
          name={name}
          size={size}
          publication={publication.data}
          runTarget={runTarget}
        />
      </Suspense>
    </div>
  );
}
