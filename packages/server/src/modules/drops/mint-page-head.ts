import type { Drop } from '@layerloom/api';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The web app's index.html with a drop's own title, description and Open Graph / Twitter card tags, so a
 * shared mint page link previews as the collection.
 */
export function mintPageHtml(index: string, drop: Drop, pageUrl: string): string {
  const name = drop.page.title;
  const title = `${name} · Mint · Layerloom`;
  const description =
    drop.description.trim() || `${drop.size.toLocaleString('en-US')} unique NFTs. Mint yours on Layerloom.`;
  // The banner (the collection's collage unless the creator uploaded one) is the share card's image.
  const image = drop.page.bannerUrl;
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Layerloom" />`,
    `<meta property="og:title" content="${escapeHtml(name)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(pageUrl)}" />`,
    ...(image ? [`<meta property="og:image" content="${escapeHtml(image)}" />`] : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(name)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    ...(image ? [`<meta name="twitter:image" content="${escapeHtml(image)}" />`] : []),
  ].join('\n    ');
  return index
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${escapeHtml(description)}" />`,
    )
    .replace('</head>', `    ${tags}\n  </head>`);
}
