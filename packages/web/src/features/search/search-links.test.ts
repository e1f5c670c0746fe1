import { describe, expect, it } from 'vitest';
import { hitDetail, hitPath, hitTitle, searchPagePath } from './search-links.ts';
import { sampleHits } from './search-test-data.ts';

describe('search links', () => {
  it('leads each kind of result to its page', () => {
    expect(hitPath(sampleHits.project[0]!)).toBe('/dashboard/nft?project=p1');
    expect(hitPath(sampleHits.collection[0]!)).toBe('/dashboard/collections/c1');
    expect(hitPath(sampleHits.token[0]!)).toBe('/dashboard/collections/c1/tokens/12');
    expect(hitPath(sampleHits.user[0]!)).toBe(
      '/dashboard/user-requests?tab=users&search=olive%40example.com',
    );
    expect(searchPagePath('  gold & hat ')).toBe('/dashboard/search?q=gold%20%26%20hat');
  });

  it('names a token by collection and edition, detailed by its trait values', () => {
    expect(hitTitle(sampleHits.token[0]!)).toBe('Golden Apes #12');
    expect(hitDetail(sampleHits.token[0]!)).toBe('Gold · Crown');
    expect(hitDetail(sampleHits.collection[0]!)).toBe('Collection · 100 tokens');
    expect(hitDetail(sampleHits.user[0]!)).toBe('olive@example.com');
  });
});
