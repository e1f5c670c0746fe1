import { type ComponentType, type ReactNode, useEffect, useRef, useSyncExternalStore } from 'react';
import { Outlet, useMatches } from 'react-router';

type Wrapper = ComponentType<{ children: ReactNode }>;

/** Ant Design's providers once their code has loaded (they stay loaded). */
let antd: Wrapper | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/**
 * Loads Ant Design's theme and feedback providers (once). Every page built with antd waits for them with its
 * own code (see `page` in router.tsx); the landing page does not, so its first load carries no antd.
 */
export function loadAntd(): Promise<void> {
  loading ??= import('./antd-providers.tsx').then((module) => {
    antd = module.AntdProviders;
    for (const listener of listeners) listener();
  });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Route `handle` of a page that renders no Ant Design component (the landing page). */
export const withoutAntd = { antd: false } as const;

function needsAntd(handle: unknown): boolean {
  return (handle as Partial<typeof withoutAntd> | undefined)?.antd !== false;
}

/** antd's line height (15 px text on 23 px lines) at full precision: rounded, text moves by a pixel. */
const plainAppStyle = { lineHeight: 23 / 15 };

/** What antd's App gives a page (global.css `.ll-app`: type, colour, links), for pages without antd. */
export function PlainApp({ children }: { children: ReactNode }) {
  return (
    <div className="ll-app" style={plainAppStyle}>
      {children}
    </div>
  );
}

/**
 * The app's frame: the page on screen inside Ant Design's providers, except a page marked `withoutAntd`
 * reached before antd was ever needed. Once wrapped, pages stay wrapped, so a toast shown as the user leaves
 * a page for the landing page (e.g. "You are logged out") stays on screen; the switch itself happens only
 * as a page that needs antd comes on screen, so no page on screen is mounted again.
 */
export function AppShell() {
  const Antd = useSyncExternalStore(subscribe, () => antd);
  const matches = useMatches();
  const wrapped = useRef(false);
  const pageNeedsAntd = needsAntd(matches.at(-1)?.handle);
  // A route that renders antd without `page()` (an inline element) still gets the providers, a moment later.
  useEffect(() => {
    if (pageNeedsAntd) void loadAntd();
  }, [pageNeedsAntd]);
  if (Antd && (wrapped.current || pageNeedsAntd)) {
    wrapped.current = true;
    return (
      <Antd>
        <Outlet />
      </Antd>
    );
  }
  return (
    <PlainApp>
      <Outlet />
    </PlainApp>
  );
}
