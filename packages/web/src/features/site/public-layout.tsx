import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import './site.css';

/** The shell of every public page: header, main content and footer; sets the document title. */
export function PublicLayout({ title, children }: { title?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="ll-site">
      <a className="ll-skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="ll-main">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** A public content page: a banded title block and a readable column. */
export function PageHero({ eyebrow, title, lead }: { eyebrow?: string; title: string; lead?: ReactNode }) {
  return (
    <section className="ll-page-hero">
      <div className="ll-container">
        {eyebrow && <p className="ll-eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        {lead && <p className="ll-page-lead">{lead}</p>}
      </div>
    </section>
  );
}
