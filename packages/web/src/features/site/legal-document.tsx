import type { ReactNode } from 'react';
import { PageHero, PublicLayout } from './public-layout.tsx';

/** One numbered section of a legal document. */
export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A terms or privacy page: title, last-updated date, a table of contents and the numbered sections. */
export function LegalDocument({
  title,
  lead,
  updated,
  sections,
}: {
  title: string;
  lead: ReactNode;
  updated: string;
  sections: LegalSection[];
}) {
  return (
    <PublicLayout title={title}>
      <PageHero eyebrow="Legal" title={title} lead={lead} />
      <div className="ll-page-body">
        <div className="ll-container ll-legal">
          <nav className="ll-legal-toc" aria-label="Contents">
            <h2>Contents</h2>
            <ol>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          <article className="ll-prose">
            <p className="ll-legal-meta">Last updated {updated}</p>
            {sections.map((section, index) => (
              <section key={section.id} id={section.id}>
                <h2>
                  {index + 1}. {section.title}
                </h2>
                {section.body}
              </section>
            ))}
          </article>
        </div>
      </div>
    </PublicLayout>
  );
}
