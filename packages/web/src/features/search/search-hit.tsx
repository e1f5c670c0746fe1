import { AppstoreOutlined, ExperimentOutlined, PictureOutlined, UserOutlined } from '@ant-design/icons';
import type { SearchHit } from '@layerloom/api';
import { tokenThumbnailUrl } from '../collections/collections-queries.ts';
import { hitDetail, hitTitle } from './search-links.ts';

const icons = {
  project: <ExperimentOutlined />,
  collection: <AppstoreOutlined />,
  user: <UserOutlined />,
  token: <PictureOutlined />,
};

/** A result's picture (a token's thumbnail, else its kind's icon), name and detail line. */
export function SearchHitContent({ hit }: { hit: SearchHit }) {
  return (
    <>
      {hit.kind === 'token' ? (
        <img
          className="ll-search-hit__image"
          src={tokenThumbnailUrl(hit.collectionId, hit.edition)}
          alt=""
          width={36}
          height={36}
          loading="lazy"
        />
      ) : (
        <span className="ll-search-hit__icon" aria-hidden="true">
          {icons[hit.kind]}
        </span>
      )}
      <span className="ll-search-hit__text">
        <span className="ll-search-hit__title">{hitTitle(hit)}</span>
        <span className="ll-search-hit__detail">{hitDetail(hit)}</span>
      </span>
    </>
  );
}
