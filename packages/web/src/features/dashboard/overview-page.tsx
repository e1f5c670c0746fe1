import {
  AppstoreAddOutlined,
  CrownOutlined,
  LoadingOutlined,
  PictureOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import {
  type Collection,
  type LaunchStatus,
  type listCollections,
  planById,
  type User,
} from '@layerloom/api';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Progress, Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { PageLoading } from '../../app/route-error.tsx';
import { LinkButton } from '../../components/link-button.tsx';
import { WATERMARK_TEXT } from '../../components/watermark-note.tsx';
import { call, type EndpointRef } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { PLANS_PATH } from '../../lib/plans-path.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSession } from '../auth/session.ts';
import { LaunchStatusLine, useLaunchStatuses } from '../collections/launch-status.tsx';
import { UserAvatar } from './user-badge.tsx';

const number = new Intl.NumberFormat('en-US');
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

// By method and path only: the dashboard's first screen loads no API schemas (zod).
const listCollectionsEndpoint: EndpointRef<typeof listCollections> = {
  method: 'GET',
  path: '/api/v1/collections',
};

/** The signed-in user's collections (shared with My Collection under the same key). */
export function useCollections() {
  return useQuery({
    queryKey: ['collections'],
    queryFn: async () => (await call(listCollectionsEndpoint)).data.collections,
  });
}

/** Figures of the front page, computed from the user's real collections. */
export function collectionStats(collections: readonly Collection[]) {
  return {
    collections: collections.length,
    tokens: collections.reduce(
      (sum, collection) =>
        sum + (collection.progress.status === 'ready' ? collection.size : collection.progress.done),
      0,
    ),
    generating: collections.filter((collection) => collection.progress.status === 'generating').length,
    ready: collections.filter((collection) => collection.progress.status === 'ready').length,
  };
}

function greeting(hour: number): string {
  if (hour < 5) return 'Good evening';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

const statusTag: Record<Collection['progress']['status'], { tone: string; label: string }> = {
  ready: { tone: 'ok', label: 'Ready' },
  generating: { tone: 'busy', label: 'Generating' },
  failed: { tone: 'bad', label: 'Failed' },
  cancelled: { tone: 'off', label: 'Cancelled' },
};

function StatCard({
  icon,
  label,
  value,
  note,
  tone,
}: {
  icon: React.ReactNode;
  label: string;
  value: React.ReactNode;
  note?: React.ReactNode;
  tone: 'violet' | 'coral' | 'teal' | 'ink';
}) {
  return (
    <section className={`ll-stat ll-stat--${tone}`} aria-label={label}>
      <span className="ll-stat__icon" aria-hidden="true">
        {icon}
      </span>
      <p className="ll-stat__label">{label}</p>
      <p className="ll-stat__value ll-display">{value}</p>
      {note && <p className="ll-stat__note">{note}</p>}
    </section>
  );
}

function CollectionTile({ collection, launch }: { collection: Collection; launch?: LaunchStatus }) {
  const { status, done, total } = collection.progress;
  const tag = statusTag[status];
  return (
    <Link to={`/dashboard/collections/${collection.id}`} className="ll-tile">
      <div className="ll-tile__image">
        {collection.thumbnail ? (
          <img src={collection.thumbnail} alt="" loading="lazy" />
        ) : status === 'generating' ? (
          <LoadingOutlined aria-hidden="true" />
        ) : (
          <PictureOutlined aria-hidden="true" />
        )}
      </div>
      <div className="ll-tile__body">
        <span className="ll-tile__name">{collection.name}</span>
        <span className="ll-tile__meta">
          <Tag className={`ll-state-tag ll-state-tag--${tag.tone}`} variant="filled">
            {tag.label}
          </Tag>
          {number.format(collection.size)} tokens · {dateFormat.format(new Date(collection.createdAt))}
        </span>
        {status === 'ready' && launch ? (
          <span className="ll-tile__launch">
            {/* The whole tile is a link: the mint page's own link is on the collection page and My Collection. */}
            <LaunchStatusLine status={launch} withLink={false} />
          </span>
        ) : null}
        {status === 'generating' && (
          <Progress
            percent={total > 0 ? Math.floor((done / total) * 100) : 0}
            size="small"
            aria-label={`${collection.name}: ${done} of ${total} tokens rendered`}
          />
        )}
      </div>
    </Link>
  );
}

function Overview({ user }: { user: User }) {
  const collections = useCollections();
  const launches = useLaunchStatuses();
  const plan = planById(user.planId);
  const stats = collections.data ? collectionStats(collections.data) : null;
  const latest = [...(collections.data ?? [])]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, 4);
  const figure = (value: number | undefined) =>
    value === undefined ? <Skeleton.Button active size="small" aria-label="Loading" /> : number.format(value);

  return (
    <div className="ll-overview">
      <div className="ll-overview__head">
        <div>
          <h1 className="ll-overview__title">Dashboard</h1>
          <p className="ll-overview__greeting">
            <UserAvatar user={user} size={28} />
            <span>
              {greeting(new Date().getHours())}, <strong>{user.name.first}</strong>. Here is where your
              collections stand.
            </span>
          </p>
        </div>
        <LinkButton to="/dashboard/nft" type="primary" size="large" icon={<AppstoreAddOutlined />}>
          Generate NFT
        </LinkButton>
      </div>

      {collections.isError && (
        <Alert
          type="error"
          showIcon
          className="ll-overview__alert"
          title="Your collections could not be loaded"
          description={errorMessage(collections.error)}
          action={
            <Button size="small" onClick={() => void collections.refetch()}>
              Retry
            </Button>
          }
        />
      )}

      <div className="ll-stats">
        <StatCard
          tone="violet"
          icon={<PictureOutlined />}
          label="Collections"
          value={figure(stats?.collections)}
        />
        <StatCard
          tone="coral"
          icon={<AppstoreAddOutlined />}
          label="Tokens generated"
          value={figure(stats?.tokens)}
          note="Images rendered, with their metadata"
        />
        <StatCard
          tone="teal"
          icon={<ThunderboltOutlined />}
          label="Generating now"
          value={figure(stats?.generating)}
          note={stats && (stats.generating > 0 ? 'Rendering in the background' : 'No generation running')}
        />
        <StatCard
          tone="ink"
          icon={<CrownOutlined />}
          label="Plan"
          value={plan.name}
          note={
            plan.watermark ? (
              <>
                Up to {number.format(plan.maxAssets)} assets per collection, watermarked “{WATERMARK_TEXT}”.{' '}
                <Link to={PLANS_PATH} className="ll-stat__link">
                  See plans
                </Link>
              </>
            ) : (
              `Up to ${number.format(plan.maxAssets)} assets per collection`
            )
          }
        />
      </div>

      <section className="ll-panel" aria-labelledby="ll-latest">
        <div className="ll-panel__head">
          <h2 id="ll-latest" className="ll-panel__title">
            Latest collections
          </h2>
          {latest.length > 0 && <Link to="/dashboard/collections">See all</Link>}
        </div>
        {collections.isPending ? (
          <Skeleton active />
        ) : latest.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="No Collection Generated"
            className="ll-overview__empty"
          >
            <LinkButton to="/dashboard/nft" type="primary">
              Generate your first collection
            </LinkButton>
          </Empty>
        ) : (
          <div className="ll-tiles">
            {latest.map((collection) => (
              <CollectionTile
                key={collection.id}
                collection={collection}
                launch={launches.data?.get(collection.id)}
              />
            ))}
          </div>
        )}
      </section>

      <section className="ll-panel" aria-labelledby="ll-actions">
        <h2 id="ll-actions" className="ll-panel__title">
          Quick actions
        </h2>
        <div className="ll-actions">
          <Link to="/dashboard/nft" className="ll-action">
            <AppstoreAddOutlined aria-hidden="true" />
            <span className="ll-action__text">
              <strong>Generate NFT</strong>
              <span>Upload layers, set rarity and generate a collection.</span>
            </span>
          </Link>
          <Link to="/dashboard/collections" className="ll-action">
            <PictureOutlined aria-hidden="true" />
            <span className="ll-action__text">
              <strong>My Collection</strong>
              <span>Browse, download and export what you generated.</span>
            </span>
          </Link>
        </div>
      </section>
    </div>
  );
}

/** `/dashboard`: the front page with the signed-in user's real figures and latest collections. */
export function OverviewPage() {
  const session = useSession();
  useDocumentTitle('Dashboard');
  if (!session.data) return <PageLoading />;
  return <Overview user={session.data} />;
}
