/** The message the embedded mint card posts to the page that frames it, each time its height changes. */
export const EMBED_HEIGHT_MESSAGE = 'layerloom:mint-height';

/** `{ type: 'layerloom:mint-height', slug, height }`: the card's full height in CSS pixels. */
export interface EmbedHeightMessage {
  type: typeof EMBED_HEIGHT_MESSAGE;
  slug: string;
  height: number;
}

/**
 * Posts `element`'s height to the framing page whenever it changes (a status, an error, the connected
 * wallet), so the snippet's script sizes the frame to it and nothing is hidden below the frame's edge.
 * Returns the function that stops it. Does nothing when the page is not framed.
 */
export function postEmbedHeight(element: HTMLElement, slug: string, extra = 0): () => void {
  if (window.parent === window || typeof ResizeObserver === 'undefined') return () => undefined;
  let last = -1;
  const post = () => {
    const height = Math.ceil(element.getBoundingClientRect().height + extra);
    if (height === last) return;
    last = height;
    const message: EmbedHeightMessage = { type: EMBED_HEIGHT_MESSAGE, slug, height };
    // Any origin may frame the card (the creator's own site): the height is not a secret.
    window.parent.postMessage(message, '*');
  };
  const observer = new ResizeObserver(post);
  observer.observe(element);
  post();
  return () => observer.disconnect();
}
