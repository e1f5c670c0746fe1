import { describe, expect, it } from 'vitest';
import { displayedMetadata, publishedImageUrl } from './token-image-link.ts';

describe('token image link', () => {
  it('hides the unpublished placeholder behind what will happen to it, and keeps a real link', () => {
    const unpublished = { name: 'Moon Cats #1', image: 'ipfs://NewUriToReplace/1.png', attributes: [] };
    expect(publishedImageUrl(unpublished)).toBeNull();
    expect(displayedMetadata(unpublished)).toEqual({
      ...unpublished,
      image: '(set when the collection is published)',
    });
    const published = { ...unpublished, image: 'ipfs://bafybeigdyrzt/1.png' };
    expect(publishedImageUrl(published)).toBe('ipfs://bafybeigdyrzt/1.png');
    expect(displayedMetadata(published)).toBe(published);
  });
});
