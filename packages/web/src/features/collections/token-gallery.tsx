import type { Token } from '@layerloom/api';
import { Link, useLocation } from 'react-router';
import { tokenThumbnailUrl } from './collections-queries.ts';
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
    <ul className="llc-gallery" aria-busy={busy} data-busy={busy || undefined}>
      {tokens.map((token) => (
        <li key={token.edition}>
          {/* The image's alt ("<name> #<edition>") names the link; the caption repeats it visually. */}
          <Link
            to={`/dashboard/collections/${collectionId}/tokens/${token.edition}`}
            state={{ gallerySearch: location.search }}
            className="llc-gallery-item"
          >
            <img
              src={tokenThumbnailUrl(collectionId, token.edition)}
              alt={tokenLabel(token)}
              width={width}
              height={height}
              loading="lazy"
              decoding="async"
              className={small ? 'llc-pixelated' : undefined}
            />
            <span className="llc-gallery-caption" aria-hidden="true">
              <span className="llc-gallery-edition">#{token.edition}</span>
              <span className="llc-gallery-rank">Rank {formatCount(token.rank)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
