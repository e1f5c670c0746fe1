/**
 * The base URI the engine writes into `image` until a collection is published (its default
 * `baseUri`): a placeholder for the address the publication will give, not a link anyone can open.
 */
export const UNPUBLISHED_IMAGE_BASE = 'ipfs://NewUriToReplace';

/** What the metadata viewer shows in place of an image link that is not set yet. */
export const UNPUBLISHED_IMAGE_TEXT = 'Set when the collection is published';

/**
 * The token's image link: the published address (`imageBaseUri` of the collection's publication) once
 * there is one, else the metadata's own unless it is the unpublished placeholder; null when not set yet.
 */
export function publishedImageUrl(
  metadata: unknown,
  publication?: { imageBaseUri: string } | null,
  edition?: number,
): string | null {
  if (publication && edition !== undefined) return `${publication.imageBaseUri}${edition}.png`;
  const image = (metadata as { image?: unknown } | null)?.image;
  if (typeof image !== 'string' || image.startsWith(UNPUBLISHED_IMAGE_BASE)) return null;
  return image;
}

/** The metadata as the page shows it: the published image link, or what will happen to the placeholder. */
export function displayedMetadata(metadata: unknown, imageUrl: string | null): unknown {
  if (metadata === null || typeof metadata !== 'object' || !('image' in metadata)) return metadata;
  return { ...metadata, image: imageUrl ?? `(${UNPUBLISHED_IMAGE_TEXT.toLowerCase()})` };
}
