import type { Drop } from '@layerloom/api';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The web app's index.html with a drop's own title, description and Open Graph / Twitter card tags, so a
 * shared mint page link previews as the collection.
 */
export function mintPageHtml(index: string, drop: Drop, pageUrl: string): string {
  const title = `${drop.name} · Mint · Layerloom`;
  const description =
    drop.description.trim() || `${drop.size.toLocaleString('en-US')} unique NFTs. Mint yours on Layerloom.`;
  const image = drop.images[0];
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Layerloom" />`,
    `<meta property="og:title" content="${escape(drop.name)}" />`,
    `<meta property="og:description" content="${escape(description)}" />`,
    `<meta property="og:url" content="${escape(pageUrl)}" />`,
    ...(image ? [`<meta property="og:image" content="${escape(image)}" />`] : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escape(drop.name)}" />`,
    `<meta name="twitter:description" content="${escape(description)}" />`,
    ...(image ? [`<meta name="twitter:image" content="${escape(image)}" />`] : []),
  ].join('\n    ');
  return index
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${escape(description)}" />`,
    )
    .replace('</head>', `    ${tags}\n  </head>`);
}
