import { Button, Skeleton, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { usePublication } from '../collections/collections-queries.ts';
import './launch-section.css';

// Wallet code (wagmi, viem, the contract's bytecode) loads only when a published collection shows this.
const LaunchPanel = lazy(() => import('./launch-panel.tsx'));

/** Brings the Publication panel into view and onto its button, since launching needs it first. */
function goToPublication() {
  const title = document.getElementById('llc-publish-title');
  title?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  const button = title?.parentElement?.querySelector<HTMLButtonElement>('button');
  button?.focus({ preventScroll: true });
}

/** The Launch area of a ready collection: deploy its contract once it is published. */
export function LaunchSection({
  collectionId,
  name,
  size,
}: {
  collectionId: string;
  name: string;
  size: number;
}) {
  const publication = usePublication(collectionId, true);
  return (
    <section className="llc-panel llc-launch" aria-labelledby="llc-launch-title">
      <h2 id="llc-launch-title" className="llc-section-title">
        Launch
      </h2>
      {publication.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : publication.isError ? (
        <Typography.Text type="danger">{errorMessage(publication.error)}</Typography.Text>
      ) : publication.data ? (
        <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: 4 }} />}>
          <LaunchPanel collectionId={collectionId} name={name} size={size} publication={publication.data} />
        </Suspense>
      ) : (
        <div className="llc-launch-first">
          <p className="llc-muted">
            Publish the collection first: your contract&apos;s tokens point to the published metadata.
          </p>
          <div>
            <Button onClick={goToPublication}>Go to Publication</Button>
          </div>
        </div>
      )}
    </section>
  );
}
