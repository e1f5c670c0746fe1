import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  type CollectionSection,
  collectionSections,
  readSection,
  sectionElementId,
  withSection,
} from './collection-sections.ts';

/** Brings a section's top under the sticky menu (its `scroll-margin-top` leaves room for the menu). */
function scrollToSection(section: CollectionSection) {
  document.getElementById(sectionElementId(section))?.scrollIntoView?.({ block: 'start' });
}

/** Input that means the user is scrolling or acting on their own, after which the page stops following a section. */
const userInput = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls to the section the URL names (`?section=gallery`) once the page is rendered, and again when the
 * URL names another one (a menu link, back and forward). Panels above it load after the jump (the launch's
 * wallet code, the gallery's tokens) and would push it down, so the page follows the section as it moves,
 * until the user scrolls or acts themselves.
 */
export function useSectionScroll(isRendered: boolean) {
  const [params] = useSearchParams();
  const named = readSection(params);
  // A plain URL opens at the top by itself; Overview is scrolled to only when the page comes back to it.
  const hasMoved = useRef(named !== null);
  if (named !== null) hasMoved.current = true;
  const section = named ?? (hasMoved.current ? 'overview' : null);
  useEffect(() => {
    if (!isRendered || !section) return;
    let isFollowing = true;
    const follow = () => {
      if (isFollowing) scrollToSection(section);
    };
    follow();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(follow);
    observer?.observe(document.body);
    const stop = () => {
      isFollowing = false;
      observer?.disconnect();
    };
    for (const type of userInput) window.addEventListener(type, stop, { passive: true, once: true });
    return () => {
      stop();
      for (const type of userInput) window.removeEventListener(type, stop);
    };
  }, [isRendered, section]);
}

/** How far below the window's top a section starts to count as the one being read (under the header and menu). */
const READING_LINE_PX = 160;

/**
 * The section being read as the page scrolls: the last one whose top has passed the reading line (the last
 * section once the page is scrolled to its end); null until the user scrolls.
 */
function useSectionInView(sections: readonly CollectionSection[]): CollectionSection | null {
  const [inView, setInView] = useState<CollectionSection | null>(null);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      let reading: CollectionSection | null = null;
      for (const section of sections) {
        const element = document.getElementById(sectionElementId(section));
        if (element && element.getBoundingClientRect().top <= READING_LINE_PX) reading = section;
      }
      setInView(atEnd && window.scrollY > 0 ? (sections.at(-1) ?? reading) : reading);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [sections]);
  return inView;
}

/**
 * The collection page's section menu, sticky under the dashboard header: each link goes to its section and
 * keeps it in the URL, so a reload, a shared link and back/forward come back to the same place. The link of
 * the section being read is marked as the current one.
 */
export function SectionMenu({ sections }: { sections: readonly CollectionSection[] }) {
  const [params, setParams] = useSearchParams();
  const current = readSection(params) ?? 'overview';
  const shown = useSectionInView(sections) ?? current;
  const onClick = (event: MouseEvent<HTMLAnchorElement>, section: CollectionSection) => {
    // A new tab or window opens the link as it is.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    if (section === current) scrollToSection(section);
    else setParams(withSection(params, section));
  };
  return (
    <nav className="llc-section-menu" aria-label="Sections of this collection">
      <ul>
        {collectionSections
          .filter((section) => sections.includes(section.key))
          .map((section) => (
            <li key={section.key}>
              <a
                href={`?${withSection(params, section.key).toString()}`}
                aria-current={section.key === shown ? 'location' : undefined}
                onClick={(event) => onClick(event, section.key)}
              >
                {section.label}
              </a>
            </li>
          ))}
      </ul>
    </nav>
  );
}
