import type { Token } from '@layerloom/api';
import { Link, useLocation } from 'react-router';
import { tokenImageUrl } from './collections-queries.ts';
import { formatCount, tokenLabel } from './format.ts';

/**
 * One page of tokens. Images are lazy and carry their size, so the grid never jumps while they
 * load; each tile is a link to the token page that remembers the gallery view to come back to.
 */
export function TokenGallery({
  collectionId,
  tokens,
  width,
  height,
  busy,
}: {
  collectionId: string;
  tokens: readonly Token[];
  width: number;
  height: number;
  busy: boolean;
}) {
  const location = useLocation();
  const small = width <= 256;
  return (
    <ul className="ll-gallery" aria-busy={busy} data-busy={busy || undefined}>
      {tokens.map((token) => (
        <li key={token.edition}>
          <Link
            to={`/dashboard/collections/${collectionId}/tokens/${token.edition}`}
            state={{ gallerySearch: location.search }}
            className="ll-gallery-item"
            aria-label={tokenLabel(token)}
          >
            <img
              src={tokenImageUrl(collectionId, token.edition)}
              alt=""
              width={width}
              height={height}
              loading="lazy"
              decoding="async"
              className={small ? 'll-pixelated' : undefined}
            />
            <span className="ll-gallery-caption" aria-hidden="true">
              <span className="ll-gallery-edition">#{token.edition}</span>
              <span className="ll-gallery-rank">Rank {formatCount(token.rank)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
