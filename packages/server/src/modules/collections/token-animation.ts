import type { TokenMetadata } from '@layerloom/engine';

/** Files a token folder serves, by extension, with their content types: images hold the PNG and any animation beside it. */
export const FILE_TYPES: Record<'images' | 'metadata', Record<string, string>> = {
  images: { png: 'image/png', webp: 'image/webp', gif: 'image/gif', mp4: 'video/mp4' },
  metadata: { json: 'application/json' },
};

/**
 * Where the app loads a token's animation, when its metadata has one (`animation_url` ends in the
 * file's extension: `N.webp`, `N.gif` or `N.mp4`, stored beside the poster).
 */
export function tokenAnimation(
  collectionId: string,
  edition: number,
  token: TokenMetadata,
): { animation?: string } {
  const url = token.animation_url;
  if (typeof url !== 'string') return {};
  const extension = url.slice(url.lastIndexOf('.') + 1);
  if (!(extension in FILE_TYPES.images) || extension === 'png') return {};
  return { animation: `/api/v1/collections/${collectionId}/images/${edition}.${extension}` };
}
