import type { Drop, DropState } from '@layerloom/api';
import sharp from 'sharp';
import { formatEther } from 'viem';
import type { App } from '../../types.ts';
import { placeholderUrls, withheldBy } from '../publications/placeholder.service.ts';
import { publishedBySlug } from '../publications/publications.service.ts';
import * as drops from './drops.service.ts';
import { COLLAGE_BANNER } from './mint-page-images.ts';

/** The share card's size: what X and the Open Graph readers show largest (1.91:1). */
export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

/** Where a drop's generated share card is served. */
export function shareCardUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/api/v1/drops/${encodeURIComponent(slug)}/share-card.png`;
}

/**
 * Whether the collection's art must stay out of share previews: its files are withheld behind a placeholder,
 * or its contract reads as not revealed (a chain that does not answer counts as not revealed: the collage
 * must never leak the art before the reveal).
 */
async function isBeforeReveal(app: App, drop: Drop): Promise<boolean> {
  const published = await publishedBySlug(app, drop.slug);
  if (published && (await withheldBy(app, published))) return true;
  if (!drop.contract) return false;
  const { state } = await drops.getDropState(app, drop.slug);
  return state === null || !state.revealed;
}

/**
 * The image a shared link to `/mint/{slug}` previews with, never empty: the creator's own banner; the
 * collage banner once the art is public; before the reveal the placeholder image, else a generated card.
 */
export async function shareImageUrl(app: App, drop: Drop): Promise<string> {
  const banner = drop.page.bannerUrl;
  const isCollage = banner?.endsWith(`/${COLLAGE_BANNER}`) ?? false;
  if (banner && !isCollage) return banner;
  if (!(await isBeforeReveal(app, drop))) return banner ?? shareCardUrl(app.config.publicUrl, drop.slug);
  const published = await publishedBySlug(app, drop.slug);
  const placeholder = published ? await withheldBy(app, published) : undefined;
  if (placeholder) return placeholderUrls(app.config.publicUrl, drop.slug, placeholder).imageUrl;
  return shareCardUrl(app.config.publicUrl, drop.slug);
}

/** Text for the SVG: XML's special characters escaped, control characters (invalid in XML 1.0) left out. */
const escapeXml = (text: string) =>
  [...text]
    .filter((char) => char >= ' ')
    .join('')
    .replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Cuts a line to `max` characters with an ellipsis (SVG text does not wrap or clip by itself). */
const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/** The price line: the open sale's price, else the public one; free says so. */
function priceLine(state: DropState | null, currency: string | undefined): string | null {
  if (!state || !currency) return null;
  const wei = BigInt(state.phase === 'allowlist' ? state.allowlistPrice : state.publicPrice);
  return wei === 0n ? 'Free mint' : `${formatEther(wei)} ${currency} each`;
}

/** The share card's SVG: the page's title, supply and price on the creator's accent. */
export function shareCardSvg(drop: Drop, state: DropState | null): string {
  const accent = drop.page.accentColor ?? '#7c4dff';
  const supply = `${drop.size.toLocaleString('en-US')} unique NFTs`;
  const price = priceLine(state, drop.contract?.currency);
  const facts = [supply, price].filter((fact): fact is string => fact !== null).join('  ·  ');
  const font = 'font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD_WIDTH}" height="${SHARE_CARD_HEIGHT}" viewBox="0 0 ${SHARE_CARD_WIDTH} ${SHARE_CARD_HEIGHT}">
  <defs>
    <radialGradient id="glow" cx="0.9" cy="0" r="0.9">
      <stop offset="0" stop-color="${escapeXml(accent)}" stop-opacity="0.75"/>
      <stop offset="1" stop-color="${escapeXml(accent)}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="#16112b"/>
  <rect width="100%" height="100%" fill="url(#glow)"/>
  <rect x="0" y="${SHARE_CARD_HEIGHT - 14}" width="100%" height="14" fill="${escapeXml(accent)}"/>
  <text x="80" y="150" ${font} font-size="34" font-weight="bold" fill="#b9a6ff" letter-spacing="4">MINT NOW</text>
  <text x="80" y="290" ${font} font-size="76" font-weight="bold" fill="#ffffff">${escapeXml(cut(drop.page.title, 26))}</text>
  <text x="80" y="380" ${font} font-size="40" fill="#e8e2ff">${escapeXml(cut(facts, 48))}</text>
  <text x="80" y="540" ${font} font-size="28" fill="#b9a6ff">${escapeXml(cut(drop.description.split('\n')[0] ?? '', 70))}</text>
</svg>`;
}

/** Rendered cards by their SVG: the same drop and price is drawn once. */
const rendered = new Map<string, Promise<Buffer>>();

/** The drop's generated share card as a PNG, from its current title, supply and price. */
export async function renderShareCard(app: App, slug: string): Promise<Buffer> {
  const drop = await drops.getDrop(app, slug);
  const state = drop.contract ? (await drops.getDropState(app, slug)).state : null;
  const svg = shareCardSvg(drop, state);
  let png = rendered.get(svg);
  if (!png) {
    png = sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
    rendered.set(svg, png);
    png.catch(() => rendered.delete(svg));
    if (rendered.size > 200) rendered.delete(rendered.keys().next().value as string);
  }
  return png;
}
