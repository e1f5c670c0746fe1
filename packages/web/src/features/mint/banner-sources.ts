/** A banner's URL (the collage or an uploaded banner, 1600 px at most) and the server's narrower copies. */
export interface BannerSources {
  /** 640 px wide: what a phone downloads. */
  phone: string;
  /** 1024 px wide: what a tablet (or a narrow window) downloads. */
  tablet: string;
}

const BANNER_NAME = /\/(?:collage|banner-[0-9a-f]{24})\.webp$/;

/**
 * The narrower copies the server keeps beside a mint page banner (`<name>-640.webp`, `<name>-1024.webp`),
 * or null for an address that is not one of its banners (nothing narrower to offer).
 */
export function bannerSources(url: string): BannerSources | null {
  if (!BANNER_NAME.test(url)) return null;
  return {
    phone: url.replace(/\.webp$/, '-640.webp'),
    tablet: url.replace(/\.webp$/, '-1024.webp'),
  };
}
