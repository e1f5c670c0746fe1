import { useEffect } from 'react';

/** The title of the landing page, and of the app before a page sets its own. */
export const SITE_TITLE = 'Layerloom · No Code NFT Collection Generator';

/** "Generate NFT" → "Generate NFT · Layerloom"; no title → the site's own. */
export function documentTitle(title?: string | null): string {
  return title ? `${title} · Layerloom` : SITE_TITLE;
}

/** Sets the browser tab's title for the page on screen (each page names itself). */
export function useDocumentTitle(title?: string | null): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
