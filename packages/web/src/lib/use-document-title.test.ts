import { describe, expect, it } from 'vitest';
import { documentTitle, SITE_TITLE } from './use-document-title.ts';

describe('documentTitle', () => {
  it('names the page, then the product; the landing page has the site title', () => {
    expect(documentTitle('Generate NFT')).toBe('Generate NFT · Layerloom');
    expect(documentTitle()).toBe(SITE_TITLE);
    expect(documentTitle('')).toBe(SITE_TITLE);
  });
});
