import { describe, expect, it } from 'vitest';
import { hitDetail, hitPath, hitTitle, hitWorkspace, searchPagePath } from './search-links.ts';
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

  it("names the workspace of another workspace's result in its link, so the header switches to it, and in its label", () => {
    const team = { workspaceId: 'ws 1', workspaceName: 'Moon Studio' };
    const project = { ...sampleHits.project[0]!, ...team };
    const collection = { ...sampleHits.collection[0]!, ...team };
    const token = { ...sampleHits.token[0]!, ...team };
    expect(hitPath(project)).toBe('/dashboard/nft?project=p1&workspace=ws%201');
    expect(hitPath(collection)).toBe('/dashboard/collections/c1?workspace=ws%201');
    expect(hitPath(token)).toBe('/dashboard/collections/c1/tokens/12?workspace=ws%201');
    // Already in that workspace: the link stays as it was.
    expect(hitPath(collection, 'ws 1')).toBe('/dashboard/collections/c1');
    expect(hitPath(token, 'wsp_me')).toBe('/dashboard/collections/c1/tokens/12?workspace=ws%201');
    expect([project, collection, token].map((hit) => hitWorkspace(hit))).toEqual([
      'Moon Studio',
      'Moon Studio',
      'Moon Studio',
    ]);
    expect(hitWorkspace(sampleHits.user[0]!)).toBeNull();
    expect(hitWorkspace(sampleHits.project[0]!)).toBeNull();
  });
});
