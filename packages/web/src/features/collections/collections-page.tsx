import { ExclamationCircleOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import type { Collection, LaunchStatus } from '@layerloom/api';
import { Empty, Skeleton } from 'antd';
import { Link } from 'react-router';
import { LinkButton } from '../../components/link-button.tsx';
import { CollectionLoadError } from './collection-not-found.tsx';
import { tokenThumbnailUrl, useCollections } from './collections-queries.ts';
import { formatCount, formatDate, progressPercent } from './format.ts';
import { GenerationProgressView } from './generation-progress.tsx';
import { LaunchStatusLine, useLaunchStatuses } from './launch-status.tsx';
import { StatusTag } from './status-tag.tsx';
import './collections.css';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useWorkspaceInUrl } from '../workspaces/workspace-context.tsx';

/** My Collection: the user's collections as a thumbnail grid, with live progress for those still generating. */
export function CollectionsPage() {
  useWorkspaceInUrl();
  const collections = useCollections();
  const launches = useLaunchStatuses();
  useDocumentTitle('My Collection');
  const count = collections.data?.length ?? 0;
  return (
    <div className="llc-col-page">
      <header className="llc-col-head">
        <div>
          <h1 className="llc-col-title">My Collection</h1>
          <p className="llc-col-sub">
            {collections.data
              ? count === 0
                ? 'Collections you generate appear here.'
                : `${formatCount(count)} ${count === 1 ? 'collection' : 'collections'}`
              : 'Your generated collections'}
          </p>
        </div>
        {collections.data && count === 0 ? null : (
          <LinkButton to="/dashboard/nft" type="primary" icon={<PlusOutlined />}>
            Generate NFT
          </LinkButton>
        )}
      </header>
      {collections.isPending ? (
        <ul className="llc-col-grid" aria-label="Loading collections">
          {[0, 1, 2, 3].map((key) => (
            <li key={key} className="llc-col-card">
              <div className="llc-shimmer" />
              <Skeleton active paragraph={{ rows: 1 }} className="llc-col-card-body" />
            </li>
          ))}
        </ul>
      ) : collections.isError ? (
        <CollectionLoadError error={collections.error} onRetry={() => void collections.refetch()} />
      ) : count === 0 ? (
        <div className="llc-col-empty">
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={<span className="llc-col-empty-text">No Collection Generated</span>}
          >
            <p className="llc-col-sub">
              Upload your layers, set their rarity and generate your first collection.
            </p>
            <LinkButton to="/dashboard/nft" type="primary" icon={<PlusOutlined />}>
              Generate NFT
            </LinkButton>
          </Empty>
        </div>
      ) : (
        <ul className="llc-col-grid">
          {collections.data.map((collection) => (
            <CollectionCard
              key={collection.id}
              collection={collection}
              launch={launches.data?.get(collection.id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function CollectionCard({ collection, launch }: { collection: Collection; launch?: LaunchStatus }) {
  // The list polls while anything generates (one event stream per card could use up the browser's connections).
  const { progress } = collection;
  const { status } = progress;
  return (
    <li className="llc-col-card">
      <div className="llc-col-thumb">
        {status === 'ready' && collection.thumbnail ? (
          <img
            src={tokenThumbnailUrl(collection.id, 1)}
            alt=""
            width={collection.width}
            height={collection.height}
            loading="lazy"
            decoding="async"
            className={collection.width <= 256 ? 'llc-pixelated' : undefined}
          />
        ) : (
          <div className={`llc-col-thumb-state llc-col-thumb-${status}`} aria-hidden="true">
            {status === 'generating' ? (
              <span className="llc-col-thumb-percent">{progressPercent(progress.done, progress.total)}%</span>
            ) : status === 'failed' ? (
              <ExclamationCircleOutlined />
            ) : (
              <StopOutlined />
            )}
          </div>
        )}
      </div>
      <div className="llc-col-card-body">
        <h2 className="llc-col-card-name">
          <Link to={`/dashboard/collections/${collection.id}`} className="llc-stretched">
            {collection.name}
          </Link>
        </h2>
        <p className="llc-col-card-meta">
          {formatCount(collection.size)} items · {collection.width} × {collection.height}px
        </p>
        <div className="llc-col-card-foot">
          <span className="llc-col-card-meta">{formatDate(collection.createdAt)}</span>
          <StatusTag status={status} />
        </div>
        {status === 'ready' && launch ? (
          <div className="llc-above-stretched llc-col-card-launch">
            <LaunchStatusLine status={launch} />
          </div>
        ) : null}
        {status === 'generating' ? (
          <div className="llc-above-stretched">
            <GenerationProgressView
              compact
              collectionId={collection.id}
              name={collection.name}
              progress={progress}
            />
          </div>
        ) : null}
        {status === 'failed' && progress.error ? (
          <p className="llc-col-card-error" title={progress.error}>
            {progress.error}
          </p>
        ) : null}
      </div>
    </li>
  );
}
