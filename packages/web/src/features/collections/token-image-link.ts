/**
 * The base URI the engine writes into `image` until a collection is published (its default
 * `baseUri`): a placeholder for the address the publication will give, not a link anyone can open.
 */
export const UNPUBLISHED_IMAGE_BASE = 'ipfs://NewUriToReplace';

/** What the metadata viewer shows in place of an image link that is not set yet. */
export const UNPUBLISHED_IMAGE_TEXT = 'Set when the collection is published';

/** The token's image link as the metadata file has it, or null while it is the unpublished placeholder. */
export function publishedImageUrl(metadata: unknown): string | null {
  const image = (metadata as { image?: unknown } | null)?.image;
  if (typeof image !== 'string' || image.startsWith(UNPUBLISHED_IMAGE_BASE)) return null;
  return image;
}

/** The metadata as the page shows it: the unpublished placeholder replaced by what will happen to it. */
export function displayedMetadata(metadata: unknown): unknown {
  if (metadata === null || typeof metadata !== 'object' || !('image' in metadata)) return metadata;
  if (publishedImageUrl(metadata) !== null) return metadata;
  return { ...metadata, image: `(${UNPUBLISHED_IMAGE_TEXT.toLowerCase()})` };
}
