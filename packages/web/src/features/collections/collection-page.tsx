import { DeleteOutlined, ExclamationCircleOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, App, Breadcrumb, Button, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useFeedback } from '../../app/feedback.ts';
import { WatermarkNote } from '../../components/watermark-note.tsx';
import { AmendTools } from './amend-tools.tsx';
import { ArtEditor } from './art-editor.tsx';
import { CollectionGallery } from './collection-gallery.tsx';
import { CollectionLoadError } from './collection-not-found.tsx';
import {
  useCollection,
  useDeleteCollection,
  useLiveProgress,
  usePublication,
} from './collections-queries.ts';
import { DownloadsMenu } from './downloads-menu.tsx';
import { formatCount, formatDate, progressPercent } from './format.ts';
import { GenerationProgressView } from './generation-progress.tsx';
import { GrowPanel } from './grow-panel.tsx';
import { IpfsPanel } from './ipfs-panel.tsx';
import { LaunchGuide } from './launch-guide.tsx';
import { LaunchStatusLine, useLaunchStatus } from './launch-status.tsx';
import { LookAlikesPanel } from './look-alikes-panel.tsx';
import { MetadataEditor } from './metadata-editor.tsx';
import { RaritySection } from './rarity-section.tsx';
import { RerollPanel } from './reroll-panel.tsx';
import { SectionMenu, useSectionScroll } from './section-menu.tsx';
import { StatusTag } from './status-tag.tsx';
import './collections.css';
import './collection-sections.css';
import { useArrivalFocus } from '../../lib/use-arrival-focus.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ApprovalPanel } from '../review/approval-panel.tsx';
import { usePermission } from '../workspaces/workspace-context.tsx';
import { type CollectionSection, sectionElementId } from './collection-sections.ts';
import { deleteBlockedReason } from './delete-blocked-reason.ts';

/** The sections of a generated collection, in page order. */
const readySections: readonly CollectionSection[] = ['overview', 'launch', 'metadata', 'gallery', 'rarity'];

/**
 * One collection: its overview (image, facts, launch status, downloads, delete), then, once generated, the
 * launch as three steps, its metadata and the tools that change it until it is published, the token
 * gallery and its rarity, each reachable from a sticky section menu. While generating: its progress.
 */
export function CollectionPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const collection = useCollection(id);
  useDocumentTitle(collection.data?.name ?? (collection.isError ? 'Collection not found' : 'Collection'));
  const live = useLiveProgress(id, collection.data?.progress);
  const remove = useDeleteCollection();
  const deleted = useRef(false);
  // The tokens chosen to keep through a reroll; null while not choosing.
  const [kept, setKept] = useState<Set<number> | null>(null);
  const publication = usePublication(id, collection.data?.progress.status === 'ready');
  const launch = useLaunchStatus(id, collection.data?.progress.status === 'ready');
  const { forget } = remove;
  const heading = useRef<HTMLHeadingElement>(null);
  useArrivalFocus(heading, collection.isSuccess);
  useSectionScroll(collection.isSuccess);
  // Deleting needs the Editor role in the collection's workspace: a Viewer sees why beside the button.
  const deleting = usePermission(
    'edit',
    'deleting a collection',
    (collection.data as { workspaceId?: string } | undefined)?.workspaceId,
  );
  // Cached answers of a deleted collection are dropped once this page is gone (not before: a mounted page would refetch them).
  useEffect(
    () => () => {
      if (deleted.current) forget(id);
    },
    [forget, id],
  );

  if (collection.isPending) {
    return (
      <div className="llc-col-page" aria-busy="true">
        <Skeleton active paragraph={{ rows: 1 }} />
        <div className="llc-hero">
          <div className="llc-shimmer" />
          <Skeleton active paragraph={{ rows: 5 }} />
        </div>
      </div>
    );
  }
  if (collection.isError) {
    return (
      <div className="llc-col-page">
        <CollectionLoadError error={collection.error} onRetry={() => void collection.refetch()} />
      </div>
    );
  }

  const data = collection.data;
  const progress = live ?? data.progress;
  // Tokens exist once the server says so; the event stream may say "ready" a moment before the refetch lands.
  const ready = data.progress.status === 'ready';
  // Published: the provenance hash and token URLs are public, so the server refuses any change (409). The
  // tools that change tokens then give way to the launch's first step, which says so.
  const isPublished = publication.data != null;
  const blocked = deleteBlockedReason(progress.status, launch.data) ?? deleting.reason;
  const onDelete = () => {
    modal.confirm({
      title: `Delete “${data.name}”?`,
      icon: <ExclamationCircleOutlined />,
      content: `Its ${formatCount(data.size)} images, metadata and downloads are deleted for good. The project it came from stays.`,
      okText: 'Delete collection',
      okButtonProps: { danger: true },
      cancelText: 'Keep it',
      onOk: () =>
        remove.mutateAsync(data.id).then(
          () => {
            feedback.success('Collection deleted');
            deleted.current = true;
            void navigate('/dashboard/collections');
          },
          (error: unknown) => feedback.notifyError('Could not delete the collection', error),
        ),
    });
  };

  return (
    <div className="llc-col-page">
      <Breadcrumb
        className="llc-breadcrumb"
        items={[{ title: <Link to="/dashboard/collections">My Collection</Link> }, { title: data.name }]}
      />
      {ready ? <SectionMenu sections={readySections} /> : null}
      <section id={sectionElementId('overview')} className="llc-hero" aria-labelledby="llc-collection-name">
        <div className="llc-hero-image">
          {ready && data.thumbnail ? (
            <img
              src={data.thumbnail}
              alt={`${data.name}, token #1`}
              width={data.width}
              height={data.height}
              className={data.width <= 256 ? 'llc-pixelated' : undefined}
            />
          ) : (
            <div className={`llc-col-thumb-state llc-col-thumb-${progress.status}`} aria-hidden="true">
              {progress.status === 'generating' ? (
                <span className="llc-col-thumb-percent">
                  {progressPercent(progress.done, progress.total)}%
                </span>
              ) : progress.status === 'failed' ? (
                <ExclamationCircleOutlined />
              ) : progress.status === 'cancelled' ? (
                <StopOutlined />
              ) : null}
            </div>
          )}
        </div>
        <div className="llc-hero-info">
          <div className="llc-hero-title-row">
            <h1 id="llc-collection-name" className="llc-hero-title" ref={heading} tabIndex={-1}>
              {data.name}
            </h1>
            <StatusTag status={progress.status} />
            {progress.status === 'ready' && launch.data ? <LaunchStatusLine status={launch.data} /> : null}
          </div>
          {data.description ? (
            <p className="llc-hero-description">{data.description}</p>
          ) : (
            <p className="llc-hero-description llc-muted">No description.</p>
          )}
          <dl className="llc-facts">
            <div>
              <dt>Items</dt>
              <dd>{formatCount(data.size)}</dd>
            </div>
            <div>
              <dt>Dimensions</dt>
              <dd>
                {data.width} × {data.height}px
              </dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>{formatDate(data.createdAt)}</dd>
            </div>
            {data.watermark ? (
              <div>
                <dt>Watermark</dt>
                <dd>Free plan</dd>
              </div>
            ) : null}
          </dl>
          {data.watermark ? <WatermarkNote what="This collection's images" /> : null}
          <div className="llc-actions">
            {ready ? <DownloadsMenu collectionId={data.id} size={data.size} /> : null}
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={onDelete}
              loading={remove.isPending}
              disabled={blocked !== null}
              aria-describedby={blocked ? 'llc-delete-reason' : undefined}
            >
              Delete
            </Button>
          </div>
          {blocked ? (
            <p id="llc-delete-reason" className="llc-muted llc-delete-reason">
              {blocked}
            </p>
          ) : null}
        </div>
      </section>
      {ready ? <ApprovalPanel collectionId={data.id} /> : null}
      {ready ? <LaunchGuide collection={data} status={launch.data} /> : null}
      {progress.status === 'generating' ? (
        <section className="llc-panel" aria-labelledby="llc-progress-title">
          <h2 id="llc-progress-title" className="llc-section-title">
            Generating your collection
          </h2>
          <p className="llc-muted">
            You can leave this page: generation continues on the server and the collection appears here when
            it is done.
          </p>
          <GenerationProgressView collectionId={data.id} name={data.name} progress={progress} />
        </section>
      ) : progress.status === 'failed' ? (
        <Alert
          type="error"
          showIcon
          className="llc-panel-alert"
          title="Generation failed"
          description={progress.error ?? 'The generation stopped with an error.'}
        />
      ) : progress.status === 'cancelled' ? (
        <Alert
          type="warning"
          showIcon
          className="llc-panel-alert"
          title="Generation cancelled"
          description={`It stopped after ${formatCount(progress.done)} of ${formatCount(progress.total)} images. Generate again from your project, or delete this collection.`}
        />
      ) : ready ? (
        <>
          <section
            id={sectionElementId('metadata')}
            className="llc-page-section"
            aria-labelledby="llc-metadata-section-title"
          >
            <div className="llc-panel">
              <h2 id="llc-metadata-section-title" className="llc-section-title">
                Metadata
              </h2>
              <p className="llc-muted">
                {isPublished
                  ? 'The collection is published: you can still edit the metadata and replace a token’s art below, each as a new version. Each token’s files are at the addresses under Launch, step 1.'
                  : 'Until you publish, you can edit the metadata, add tokens or reroll them below.'}
              </p>
              <IpfsPanel collectionId={data.id} />
            </div>
            {/* Until the publication is known, nothing offers a change the server might refuse. */}
            {publication.isSuccess && isPublished ? <MetadataEditor collection={data} published /> : null}
            {publication.data ? <ArtEditor collection={data} publication={publication.data} /> : null}
            {publication.isSuccess && !isPublished ? (
              <AmendTools choosing={kept !== null}>
                <MetadataEditor collection={data} />
                <RerollPanel collection={data} kept={kept} onKeptChange={setKept} />
                <GrowPanel collection={data} />
              </AmendTools>
            ) : null}
          </section>
          <div id={sectionElementId('gallery')} className="llc-page-section">
            <CollectionGallery
              collection={data}
              selection={
                kept
                  ? {
                      kept,
                      onToggle: (edition) => {
                        const next = new Set(kept);
                        if (!next.delete(edition)) next.add(edition);
                        setKept(next);
                      },
                    }
                  : undefined
              }
            />
          </div>
          <RaritySection collectionId={data.id} />
          <LookAlikesPanel collectionId={data.id} />
        </>
      ) : null}
    </div>
  );
}
