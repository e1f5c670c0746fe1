import { getTraitImage, getTraitThumbnail, type Trait } from '@layerloom/api';
import { endpointUrl } from '../../lib/api.ts';

/**
 * A trait's file in the layer list, playing when it moves: still and animated images (GIF, WebP, APNG)
 * in an `<img>`, which browsers animate; videos muted and looping in a `<video>`, its first frame as poster.
 */
export function TraitMedia({ projectId, trait }: { projectId: string; trait: Trait }) {
  const ids = { id: projectId, traitId: trait.id };
  if (trait.image.contentType.startsWith('video/')) {
    return (
      <video
        src={endpointUrl(getTraitImage, ids)}
        poster={endpointUrl(getTraitThumbnail, ids)}
        aria-label={trait.name}
        width={trait.image.width}
        height={trait.image.height}
        autoPlay
        loop
        muted
        playsInline
        preload="metadata"
        data-testid="trait-video"
      />
    );
  }
  return (
    <img
      src={endpointUrl(getTraitImage, ids)}
      alt={trait.name}
      loading="lazy"
      width={trait.image.width}
      height={trait.image.height}
    />
  );
}
