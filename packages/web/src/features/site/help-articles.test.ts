import { describe, expect, it } from 'vitest';
import { helpArticles, helpCategories, searchHelp } from './help-articles.ts';

describe('help articles', () => {
  it('cover every topic the Help Center promises', () => {
    for (const category of helpCategories) {
      expect(
        helpArticles.some((article) => article.category === category),
        category,
      ).toBe(true);
    }
    expect(new Set(helpArticles.map((article) => article.id)).size).toBe(helpArticles.length);
  });

  it('match a search on every word, in questions and answers, ignoring case', () => {
    expect(searchHelp(helpArticles, 'HASHLIPS zip').map((article) => article.id)).toEqual([
      'hashlips-import',
    ]);
    expect(searchHelp(helpArticles, 'watermark').map((article) => article.id)).toContain('plans');
    expect(searchHelp(helpArticles, '#weight').map((article) => article.id)).toContain('hashlips-import');
    expect(searchHelp(helpArticles, '   ')).toHaveLength(helpArticles.length);
    expect(searchHelp(helpArticles, 'zzzz')).toEqual([]);
  });
});
