import { LockFilled } from '@ant-design/icons';
import type { Token } from '@layerloom/api';
import { Link, useLocation } from 'react-router';
import { tokenThumbnailUrl } from './collections-queries.ts';
import { formatCount, tokenLabel } from './format.ts';

/** Choosing tokens to keep (lock and reroll): tiles become toggles instead of links. */
export interface GallerySelection {
  kept: ReadonlySet<number>;
  onToggle: (edition: number) => void;
}

/**
 * One page of tokens. Images are lazy and carry their size, so the grid never jumps while they
 * load; each tile is a link to the token page that remembers the gallery view to come back to,
 * or, while choosing tokens to keep, a toggle that locks the token.
 */
export function TokenGallery({
  collectionId,
  tokens,
  width,
  height,
  busy,
  revision,
  selection,
}: {
  collectionId: string;
  tokens: readonly Token[];
  width: number;
  height: number;
  busy: boolean;
  revision?: string | undefined;
  selection?: GallerySelection | undefined;
}) {
  const location = useLocation();
  const small = width <= 256;
  return (
    <ul className="llc-gallery" aria-busy={busy} data-busy={busy || undefined}>
      {tokens.map((token) => {
        const image = (
          <img
            src={tokenThumbnailUrl(collectionId, token.edition, revision)}
            alt={tokenLabel(token)}
            width={width}
            height={height}
            loading="lazy"
            decoding="async"
            className={small ? 'llc-pixelated' : undefined}
          />
        );
        const caption = (
          <span className="llc-gallery-caption" aria-hidden="true">
            <span className="llc-gallery-edition">#{token.edition}</span>
            <span className="llc-gallery-rank">Rank {formatCount(token.rank)}</span>
          </span>
        );
        if (selection) {
          const kept = selection.kept.has(token.edition);
          return (
            <li key={token.edition}>
              {/* A toggle named by the image's alt; pressed = kept through the reroll. */}
              <button
                type="button"
                aria-pressed={kept}
                className={
                  kept
                    ? 'llc-gallery-item llc-gallery-pick llc-gallery-kept'
                    : 'llc-gallery-item llc-gallery-pick'
                }
                onClick={() => selection.onToggle(token.edition)}
              >
                {image}
                {kept ? (
                  <span className="llc-gallery-lock" aria-hidden="true">
                    <LockFilled /> Kept
                  </span>
                ) : null}
                {caption}
              </button>
            </li>
          );
        }
        return (
          <li key={token.edition}>
            {/* The image's alt ("<name> #<edition>") names the link; the caption repeats it visually. */}
            <Link
              to={`/dashboard/collections/${collectionId}/tokens/${token.edition}`}
              state={{ gallerySearch: location.search }}
              className="llc-gallery-item"
            >
              {image}
              {caption}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
