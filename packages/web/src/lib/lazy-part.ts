import { type ComponentType, createElement } from 'react';
import { lazyValue } from './lazy-value.ts';

/** A part of a page whose code loads on first use: `Part` renders it (inside a Suspense), `preload` fetches it early. */
export interface LazyPart<P> {
  /** Renders the part; suspends (the nearest Suspense shows its fallback) until its code has loaded. */
  Part: ComponentType<P>;
  /** Starts loading the code (once) and resolves when it has loaded; after that, `Part` renders at once. */
  preload: () => Promise<unknown>;
}

/**
 * A component loaded on demand, like React.lazy, except that once its code has loaded it renders in the same
 * pass: a handler that awaits `preload()` and then shows the part can focus or scroll to it right away. A
 * failed load is tried again the next time the part renders.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  const code = lazyValue(load);
  function Part(props: P) {
    const loaded = code.current();
    if (loaded) return createElement(loaded, props);
    // Suspends as React.lazy does, by throwing the load: the Suspense above retries when it settles.
    throw code.load();
  }
  return { Part, preload: code.load };
}
