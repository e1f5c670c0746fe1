import { AppstoreOutlined, ExperimentOutlined, PictureOutlined, UserOutlined } from '@ant-design/icons';
import type { SearchHit } from '@layerloom/api';
import { tokenThumbnailUrl } from '../collections/collections-queries.ts';
import { useWorkspace } from '../workspaces/workspace-context.tsx';
import { hitDetail, hitTitle, hitWorkspace } from './search-links.ts';

const icons = {
  project: <ExperimentOutlined />,
  collection: <AppstoreOutlined />,
  user: <UserOutlined />,
  token: <PictureOutlined />,
};

/**
 * A result's picture (a token's thumbnail, else its kind's icon), name and detail line; for a member of a team,
 * the workspace it is in beside its name (the search reads all of theirs).
 */
export function SearchHitContent({ hit }: { hit: SearchHit }) {
  const { workspaces } = useWorkspace();
  const workspace = workspaces.length > 1 ? hitWorkspace(hit) : null;
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
        <span className="ll-search-hit__heading">
          <span className="ll-search-hit__title">{hitTitle(hit)}</span>
          {workspace ? (
            <span className="ll-search-hit__workspace">
              <span className="ll-visually-hidden">{' in '}</span>
              {workspace}
            </span>
          ) : null}
        </span>
        <span className="ll-search-hit__detail">{hitDetail(hit)}</span>
      </span>
    </>
  );
}
