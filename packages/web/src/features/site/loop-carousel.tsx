import { type ReactNode, useEffect, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import { usePrefersReducedMotion } from '../../lib/use-prefers-reduced-motion.ts';
import { carouselReducer, firstVisibleItem, itemsPerScreen } from './carousel-breakpoints.ts';

function subscribeToResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** Items per screen for the current viewport width, updated on resize. */
export function useItemsPerScreen(): number {
  return useSyncExternalStore(
    subscribeToResize,
    () => itemsPerScreen(window.innerWidth),
    () => 3,
  );
}

/** Props of a looping carousel. */
export interface LoopCarouselProps<T> {
  items: readonly T[];
  /** Accessible name of the carousel region. */
  label: string;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** Milliseconds between automatic steps. */
  intervalMs?: number;
  className?: string;
}

/**
 * A carousel that loops forever with no arrows: it steps on by itself (pausing on hover, focus and
 * for people who prefer reduced motion), can be swiped, and has dots to jump to an item.
 */
export function LoopCarousel<T>({
  items,
  label,
  itemKey,
  renderItem,
  intervalMs = 3500,
  className,
}: LoopCarouselProps<T>) {
  const count = items.length;
  const perScreen = useItemsPerScreen();
  const reducedMotion = usePrefersReducedMotion();
  const [state, dispatch] = useReducer(carouselReducer(count), { index: 0, animate: true });
  const [paused, setPaused] = useState(false);
  const swipeStart = useRef<number | null>(null);

  useEffect(() => {
    if (paused || reducedMotion || count < 2) return;
    const timer = window.setInterval(() => {
      if (!document.hidden) dispatch({ type: 'next' });
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [paused, reducedMotion, count, intervalMs]);

  // After an unanimated jump between an end and its clone, animate again on the next frame.
  useEffect(() => {
    if (state.animate) return;
    let frame = window.requestAnimationFrame(() => {
      frame = window.requestAnimationFrame(() => dispatch({ type: 'resume' }));
    });
    return () => window.cancelAnimationFrame(frame);
  }, [state.animate]);

  // Without animation there is no transitionend: settle a step onto the clones at once.
  useEffect(() => {
    if (reducedMotion && state.index >= count) dispatch({ type: 'settled' });
  }, [reducedMotion, state.index, count]);

  const track = [...items, ...items.slice(0, Math.min(perScreen, count))];
  const first = firstVisibleItem(state, count);
  const shift = (state.index * 100) / perScreen;

  return (
    // biome-ignore lint/a11y/useSemanticElements: a carousel is a region with a roledescription (WAI-ARIA APG).
    <div
      className={`ll-carousel ${className ?? ''}`}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      data-per-screen={perScreen}
      data-first={first}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={(event) => {
        swipeStart.current = event.clientX;
      }}
      onPointerUp={(event) => {
        if (swipeStart.current === null) return;
        const distance = event.clientX - swipeStart.current;
        swipeStart.current = null;
        if (Math.abs(distance) > 40) dispatch({ type: distance < 0 ? 'next' : 'prev' });
      }}
    >
      <div className="ll-carousel-viewport">
        <div
          className="ll-carousel-track"
          style={{
            transform: `translate3d(-${shift}%, 0, 0)`,
            transition:
              state.animate && !reducedMotion ? 'transform 600ms cubic-bezier(0.22, 0.7, 0.2, 1)' : 'none',
          }}
          onTransitionEnd={(event) => {
            if (event.target === event.currentTarget) dispatch({ type: 'settled' });
          }}
        >
          {track.map((item, position) => {
            const isClone = position >= count;
            const isVisible = position >= state.index && position < state.index + perScreen;
            return (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: clones repeat an item, so the position tells them apart.
                key={`${itemKey(item)}-${position}`}
                className="ll-carousel-item"
                style={{ flexBasis: `${100 / perScreen}%` }}
                aria-hidden={isClone || !isVisible ? true : undefined}
                data-clone={isClone ? '' : undefined}
              >
                {renderItem(item)}
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 && (
        <div className="ll-carousel-dots">
          {items.map((item, index) => (
            <button
              key={itemKey(item)}
              type="button"
              className="ll-carousel-dot"
              aria-label={`Show item ${index + 1} of ${count}`}
              aria-current={index === first ? 'true' : undefined}
              onClick={() => dispatch({ type: 'go', index })}
            />
          ))}
        </div>
      )}
    </div>
  );
}
