import { describe, expect, it } from 'vitest';
import { bannerSources } from './banner-sources.ts';

describe('bannerSources', () => {
  it("names the server's 640 and 1024 px copies of the collage and of an uploaded banner", () => {
    expect(bannerSources('https://layerloom.test/api/v1/drops/cats/images/collage.webp')).toEqual({
      phone: 'https://layerloom.test/api/v1/drops/cats/images/collage-640.webp',
      tablet: 'https://layerloom.test/api/v1/drops/cats/images/collage-1024.webp',
    });
    const banner = `/api/v1/collections/c1/mint-page/images/banner-${'a1'.repeat(12)}.webp`;
    expect(bannerSources(banner)?.phone).toBe(banner.replace('.webp', '-640.webp'));
  });

  it('offers nothing narrower for another address (a logo, a local preview)', () => {
    expect(bannerSources(`https://layerloom.test/images/logo-${'0'.repeat(24)}.webp`)).toBeNull();
    expect(bannerSources('blob:https://layerloom.test/5f1c')).toBeNull();
  });
});
