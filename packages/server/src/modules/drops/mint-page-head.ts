import type { Drop } from '@layerloom/api';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The web app's index.html with a drop's own title, description and Open Graph / Twitter card tags, so a
 * shared mint page link previews as the collection with `image` (see `shareImageUrl`: never empty).
 */
export function mintPageHtml(index: string, drop: Drop, pageUrl: string, image: string): string {
  const name = drop.page.title;
  const title = `${name} · Mint · Layerloom`;
  const description =
    drop.description.trim() || `${drop.size.toLocaleString('en-US')} unique NFTs. Mint yours on Layerloom.`;
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Layerloom" />`,
    `<meta property="og:title" content="${escapeHtml(name)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(pageUrl)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:image:alt" content="${escapeHtml(name)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(name)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
  ].join('\n    ');
  return index
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${escapeHtml(description)}" />`,
    )
    .replace('</head>', `    ${tags}\n  </head>`);
}
