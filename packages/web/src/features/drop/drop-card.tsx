import type { ReactNode } from 'react';

/** One of the panel's cards: a titled region of its own, so screen readers can jump between them. */
export function DropCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `llc-drop-${id}-title`;
  return (
    <section className="llc-drop-card" aria-labelledby={headingId} data-card={id}>
      <h4 id={headingId} className="llc-drop-card-title">
        {title}
      </h4>
      {children}
    </section>
  );
}
