import { type ReactNode, useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { postEmbedHeight } from './embed-height.ts';

/** The page's padding above and below the card (`.llm-embed-page`), part of the frame's height. */
const EMBED_PADDING_PX = 24;

/** The embedded widget's page (`?embed=1`): just the card, its height posted to the framing page. */
export function EmbedShell({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  const { slug = '' } = useParams();
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = content.current;
    return element ? postEmbedHeight(element, slug, EMBED_PADDING_PX) : undefined;
  }, [slug]);
  return (
    <main className="llm-embed-page">
      <div ref={content}>{children}</div>
    </main>
  );
}
