/** A place to share the referral link, as a plain share URL (no scripts of the network load on the page). */
export interface ShareLink {
  network: 'X' | 'Facebook' | 'LinkedIn' | 'Telegram' | 'WhatsApp';
  url: string;
}

export const SHARE_TEXT = 'I generate my NFT collections with Layerloom, no code needed. Try it:';

/** The share URLs of the five networks for a link. */
export function shareLinks(link: string, text = SHARE_TEXT): ShareLink[] {
  const u = encodeURIComponent(link);
  const t = encodeURIComponent(text);
  return [
    { network: 'X', url: `https://x.com/intent/tweet?text=${t}&url=${u}` },
    { network: 'Facebook', url: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'LinkedIn', url: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { network: 'Telegram', url: `https://t.me/share/url?url=${u}&text=${t}` },
    { network: 'WhatsApp', url: `https://wa.me/?text=${encodeURIComponent(`${text} ${link}`)}` },
  ];
}
