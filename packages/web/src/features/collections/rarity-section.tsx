import { SortAscendingOutlined } from '@ant-design/icons';
import { Skeleton, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { LinkButton } from '../../components/link-button.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { SECTION_PARAM, sectionElementId } from './collection-sections.ts';
import { readGalleryState, writeGalleryState } from './gallery-state.ts';
import { RarityReportLink } from './rarity-link.tsx';
import { useCollectionRarity } from './rarity-queries.ts';

/** How many of the rarest tokens the section lists (the report lists more). */
const SHOWN = 5;

/**
 * The collection page's Rarity section: its rarest tokens by OpenRarity rank, the way to the full report, and
 * the gallery sorted rarest first (its filters kept).
 */
export function RaritySection({ collectionId }: { collectionId: string }) {
  const rarity = useCollectionRarity(collectionId, true);
  const [params] = useSearchParams();
  const sorted = writeGalleryState({ ...readGalleryState(params), sort: 'rarity', page: 1 });
  sorted.set(SECTION_PARAM, 'gallery');
  const path = `/dashboard/collections/${collectionId}`;
  return (
    <section
      id={sectionElementId('rarity')}
      className="llc-panel llc-rarity-section"
      aria-labelledby="llc-rarity-title"
    >
      <h2 id="llc-rarity-title" className="llc-section-title">
        Rarity
      </h2>
      <p className="llc-muted">
        Each token is ranked by how rare its traits are (OpenRarity); the report shows how often each trait
        came out against the rarity you set.
      </p>
      {rarity.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : rarity.isError ? (
        <Typography.Text type="danger">{errorMessage(rarity.error)}</Typography.Text>
      ) : rarity.data.rarest.length > 0 ? (
        <ol className="llc-rarity-rarest" aria-label="Rarest tokens">
          {rarity.data.rarest.slice(0, SHOWN).map((token) => (
            <li key={token.edition}>
              {/* The rank is part of the link's name: the gallery has a link named after the token too. */}
              <Link to={`${path}/tokens/${token.edition}`}>
                <span className="llc-rarity-rank">Rank {token.rank}</span> {token.name}
              </Link>
            </li>
          ))}
        </ol>
      ) : null}
      <div className="llc-actions">
        <RarityReportLink collectionId={collectionId} />
        <LinkButton to={`${path}?${sorted.toString()}`} icon={<SortAscendingOutlined aria-hidden />}>
          Sort the gallery by rarity
        </LinkButton>
      </div>
    </section>
  );
}
