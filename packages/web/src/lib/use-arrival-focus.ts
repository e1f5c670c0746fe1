import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Navigation state asking the page arrived at to focus its heading: given when the control that led
 * there (a dialog's button) is gone, so keyboard and screen-reader users start from the new page's title.
 */
export const arrivalFocus = { focusHeading: true } as const;

/** Focuses `heading` once it is rendered, when the page was opened with {@link arrivalFocus}. */
export function useArrivalFocus(heading: RefObject<HTMLElement | null>, isRendered: boolean): void {
  const location = useLocation();
  const wanted = (location.state as { focusHeading?: unknown } | null)?.focusHeading === true;
  // Once per arrival: a later re-render (a refetch) must not pull the focus back.
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!wanted || !isRendered || done.current === location.key || !heading.current) return;
    done.current = location.key;
    heading.current.focus();
  }, [wanted, isRendered, location.key, heading]);
}
