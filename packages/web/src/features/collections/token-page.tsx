import { ArrowLeftOutlined, CopyOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Alert, Breadcrumb, Button, Skeleton, Tag } from 'antd';
import { useEffect, useMemo } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useFeedback } from '../../app/feedback.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { WatermarkNote } from '../../components/watermark-note.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { CollectionLoadError, CollectionNotReady, NotFoundResult } from './collection-not-found.tsx';
import {
  tokenImageUrl,
  tokenMetadataUrl,
  useCollection,
  usePublication,
  useTokenMetadata,
  useTokens,
} from './collections-queries.ts';
import { formatCount, formatShare, rankLabel, tokenLabel, traitTypeLabel } from './format.ts';
import { type GalleryState, traitKey, writeGalleryState } from './gallery-state.ts';
import { gatewayLink } from './ipfs-links.ts';
import { animationFileName, TokenAnimation } from './token-animation.tsx';
import { displayedMetadata, publishedImageUrl } from './token-image-link.ts';
import './collections.css';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { CommentThread } from '../review/comment-thread.tsx';

/** Where the gallery link came from, so "back" returns to the same page, sort and filters. */
interface TokenLocationState {
  gallerySearch?: string;
}

/** One token: its image large, rank and score, attributes with their share, metadata, previous/next. */
export function TokenPage() {
  const { id = '', edition: editionParam = '' } = useParams();
  const edition = Number(editionParam);
  const location = useLocation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const gallerySearch = (location.state as TokenLocationState | null)?.gallerySearch ?? '';
  const collection = useCollection(id);
  useDocumentTitle(`#${editionParam} · ${collection.data?.name ?? 'Collection'}`);
  const size = collection.data?.size ?? 0;
  const ready = collection.data?.progress.status === 'ready';
  const inRange = /^[1-9]\d*$/.test(editionParam) && edition <= size;
  // With no filter and edition order, page N of size 1 is exactly token N.
  const single = useMemo<GalleryState>(
    () => ({ page: edition, pageSize: 1, sort: 'edition', traits: [] }),
    [edition],
  );
  const tokens = useTokens(id, single, ready && inRange);
  const metadata = useTokenMetadata(id, edition, ready && inRange);
  const publication = usePublication(id, ready);
  const collectionPath = `/dashboard/collections/${id}`;
  const backTo = `${collectionPath}${gallerySearch}`;
  const tokenPath = (other: number) => `${collectionPath}/tokens/${other}`;
  const previous = edition > 1 ? edition - 1 : null;
  const next = edition < size ? edition + 1 : null;

  // ← and → step through the collection, as in any image viewer.
  useEffect(() => {
    if (!ready || !inRange) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (
        event.altKey ||
        event.ctrlKey ||
        event.metaKey ||
        target?.closest('input, textarea, [contenteditable]')
      ) {
        return;
      }
      const to = event.key === 'ArrowLeft' ? previous : event.key === 'ArrowRight' ? next : null;
      if (to !== null) void navigate(tokenPath(to), { state: location.state });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (collection.isError) {
    return (
      <div className="llc-col-page">
        <CollectionLoadError error={collection.error} onRetry={() => void collection.refetch()} />
      </div>
    );
  }
  if (collection.data && !inRange) {
    return (
      <div className="llc-col-page">
        <NotFoundResult what="Token" backTo={collectionPath} />
      </div>
    );
  }
  if (collection.data && !ready) return <CollectionNotReady what="Its tokens" backTo={collectionPath} />;

  const token = tokens.data?.tokens[0];
  const traits = tokens.data?.traits ?? {};
  // The file as the engine made it (copied and downloaded), and as shown: no placeholder passed off as a link.
  const metadataText = metadata.data === undefined ? '' : JSON.stringify(metadata.data, null, 2);
  const imageLink =
    metadata.data === undefined ? null : publishedImageUrl(metadata.data, publication.data, edition);
  const shownText =
    metadata.data === undefined ? '' : JSON.stringify(displayedMetadata(metadata.data, imageLink), null, 2);
  const copyMetadata = () => {
    navigator.clipboard.writeText(metadataText).then(
      () => feedback.success('Metadata copied'),
      (error: unknown) => feedback.error(error),
    );
  };

  return (
    <div className="llc-col-page">
      <Breadcrumb
        className="llc-breadcrumb"
        items={[
          { title: <Link to="/dashboard/collections">My Collection</Link> },
          { title: <Link to={backTo}>{collection.data?.name ?? 'Collection'}</Link> },
          { title: `#${editionParam}` },
        ]}
      />
      <nav className="llc-token-nav" aria-label="Token navigation">
        <Link to={backTo} className="llc-back-link">
          <ArrowLeftOutlined aria-hidden="true" /> Back to collection
        </Link>
        <div className="llc-token-steps">
          {previous !== null ? (
            <LinkButton
              to={tokenPath(previous)}
              state={location.state}
              icon={<LeftOutlined />}
              aria-label={`Previous token, #${previous}`}
            >
              #{previous}
            </LinkButton>
          ) : (
            <Button icon={<LeftOutlined />} disabled>
              Previous
            </Button>
          )}
          <span className="llc-token-position">
            {formatCount(edition)} / {formatCount(size)}
          </span>
          {next !== null ? (
            <LinkButton to={tokenPath(next)} state={location.state} aria-label={`Next token, #${next}`}>
              #{next} <RightOutlined />
            </LinkButton>
          ) : (
            <Button disabled>
              Next <RightOutlined />
            </Button>
          )}
        </div>
      </nav>
      {tokens.isError ? (
        <Alert
          type="error"
          showIcon
          title="The token could not be loaded"
          description={errorMessage(tokens.error)}
          action={
            <Button size="small" onClick={() => void tokens.refetch()}>
              Try again
            </Button>
          }
        />
      ) : !token || !collection.data ? (
        <div className="llc-token">
          <div className="llc-shimmer" />
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      ) : (
        <article className="llc-token" aria-labelledby="llc-token-name">
          <div className="llc-token-media">
            {token.animation ? (
              <TokenAnimation
                src={token.animation}
                poster={tokenImageUrl(id, edition)}
                label={tokenLabel(token)}
                width={collection.data.width}
                height={collection.data.height}
                className={collection.data.width <= 256 ? 'llc-pixelated' : undefined}
              />
            ) : (
              <img
                src={tokenImageUrl(id, edition)}
                alt={tokenLabel(token)}
                width={collection.data.width}
                height={collection.data.height}
                className={collection.data.width <= 256 ? 'llc-pixelated' : undefined}
              />
            )}
            {collection.data.watermark ? <WatermarkNote what="This collection's images" /> : null}
            <div className="llc-token-files">
              <a href={tokenImageUrl(id, edition)} target="_blank" rel="noreferrer">
                {token.animation ? 'Poster' : 'Image'} file ({edition}.png)
              </a>
              {token.animation ? (
                <a href={token.animation} target="_blank" rel="noreferrer">
                  Animation file ({animationFileName(token.animation)})
                </a>
              ) : null}
              <a href={tokenMetadataUrl(id, edition)} target="_blank" rel="noreferrer">
                Metadata file ({edition}.json)
              </a>
            </div>
          </div>
          <div className="llc-token-info">
            <p className="llc-eyebrow">{collection.data.name}</p>
            <h1 id="llc-token-name" className="llc-hero-title">
              {tokenLabel(token)}
            </h1>
            <div className="llc-rank">
              <Tag color="purple" variant="solid" className="llc-rank-tag">
                {rankLabel(token.rank, size)}
              </Tag>
              <span className="llc-muted">Rarity score {token.score.toFixed(3)}</span>
            </div>
            <h2 className="llc-section-title">Attributes</h2>
            {token.attributes.length === 0 ? (
              <p className="llc-muted">This token has no attributes.</p>
            ) : (
              <ul className="llc-attrs">
                {token.attributes.map((attribute) => {
                  const value = String(attribute.value);
                  const stats = traits[attribute.trait_type]?.[value];
                  const filterSearch = writeGalleryState({
                    page: 1,
                    pageSize: 48,
                    sort: 'edition',
                    traits: [traitKey(attribute.trait_type, value)],
                  }).toString();
                  return (
                    <li key={attribute.trait_type} className="llc-attr">
                      <span className="llc-attr-type">{traitTypeLabel(attribute.trait_type)}</span>
                      <span className="llc-attr-value">{value}</span>
                      {stats ? (
                        <span className="llc-attr-share">
                          <strong>{formatShare(stats.share)}</strong> have this ·{' '}
                          <Link
                            className="llc-attr-link"
                            to={`${collectionPath}?${filterSearch}`}
                            aria-label={`Show the ${formatCount(stats.count)} ${stats.count === 1 ? 'token' : 'tokens'} with ${traitTypeLabel(attribute.trait_type)} ${value}`}
                          >
                            {formatCount(stats.count)} {stats.count === 1 ? 'token' : 'tokens'}
                          </Link>
                        </span>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            )}
            <div className="llc-metadata-head">
              <h2 className="llc-section-title">Metadata</h2>
              <Button size="small" icon={<CopyOutlined />} onClick={copyMetadata} disabled={!metadataText}>
                Copy JSON
              </Button>
            </div>
            {metadata.isError ? (
              <Alert
                type="error"
                showIcon
                title="The metadata file could not be loaded"
                description={errorMessage(metadata.error)}
              />
            ) : metadata.isPending || publication.isPending ? (
              <Skeleton active paragraph={{ rows: 6 }} />
            ) : (
              <>
                <p className="llc-image-link">
                  <strong>Image link:</strong>{' '}
                  {imageLink ? (
                    <a
                      href={gatewayLink(imageLink)}
                      target="_blank"
                      rel="noreferrer"
                      className="llc-underlined"
                    >
                      {imageLink}
                    </a>
                  ) : (
                    <span data-testid="image-link-unpublished">
                      The link is set when the collection is published. Until then the metadata file keeps the
                      generator's placeholder address.
                    </span>
                  )}
                </p>
                <section className="llc-json-frame" aria-label={`Metadata of ${tokenLabel(token)}`}>
                  {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be reachable by keyboard */}
                  <pre className="llc-json" tabIndex={0}>
                    {shownText}
                  </pre>
                </section>
              </>
            )}
          </div>
        </article>
      )}
      {ready && inRange ? (
        <CommentThread
          resource={{ kind: 'collection', id }}
          target={{ token: edition }}
          title={`Comments on #${edition}`}
        />
      ) : null}
    </div>
  );
}
