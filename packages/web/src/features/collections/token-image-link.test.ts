import { describe, expect, it } from 'vitest';
import { displayedMetadata, publishedImageUrl } from './token-image-link.ts';

describe('token image link', () => {
  it('hides the unpublished placeholder behind what will happen to it, and keeps a real link', () => {
    const unpublished = { name: 'Moon Cats #1', image: 'ipfs://NewUriToReplace/1.png', attributes: [] };
    expect(publishedImageUrl(unpublished)).toBeNull();
    expect(displayedMetadata(unpublished, null)).toEqual({
      ...unpublished,
      image: '(set when the collection is published)',
    });
    const published = { ...unpublished, image: 'ipfs://bafybeigdyrzt/1.png' };
    expect(publishedImageUrl(published)).toBe('ipfs://bafybeigdyrzt/1.png');
    expect(displayedMetadata(published, 'ipfs://bafybeigdyrzt/1.png')).toEqual(published);
  });

  it('shows the address the publication gives the image', () => {
    const metadata = { name: 'Moon Cats #7', image: 'ipfs://NewUriToReplace/7.png' };
    const publication = { imageBaseUri: 'https://layerloom.test/hosted/moon-cats/images/' };
    const url = publishedImageUrl(metadata, publication, 7);
    expect(url).toBe('https://layerloom.test/hosted/moon-cats/images/7.png');
    expect(displayedMetadata(metadata, url)).toEqual({ ...metadata, image: url });
  });
});
