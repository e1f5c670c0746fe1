import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

/** The landing page's sections, as the header names them (spec section 2), with their element ids. */
export const landingSections = [
  { id: 'home', label: 'Home' },
  { id: 'about', label: 'About' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'features', label: 'Features' },
] as const;

/** Scrolls to a landing page section (smoothly, unless the visitor prefers reduced motion). */
export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  return true;
}

/** A link to a landing page section: scrolls on the landing page, navigates to `/#id` elsewhere. */
export function SectionLink({
  id,
  children,
  className,
  onNavigate,
}: {
  id: string;
  children: ReactNode;
  className?: string;
  onNavigate?: () => void;
}) {
  const location = useLocation();
  if (location.pathname !== '/') {
    return (
      <Link to={{ pathname: '/', hash: `#${id}` }} className={className} onClick={onNavigate}>
        {children}
      </Link>
    );
  }
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onNavigate?.();
    if (scrollToSection(id)) window.history.replaceState(window.history.state, '', `#${id}`);
  };
  return (
    <a href={`#${id}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
