import type { LiveEventType, liveEventTypes, streamLiveEvents } from '@layerloom/api';
import type { EndpointRef } from '../../lib/api.ts';

// By method and path and a list checked against the contract's: the dashboard's first load (the header's bell
// listens) carries no API schemas (zod), which importing the contract's values would bring.
const streamEndpoint: EndpointRef<typeof streamLiveEvents> = { method: 'GET', path: '/api/v1/events' };
/** Every event type of the stream, as the contract lists them (`satisfies` fails when the two differ). */
const eventTypes = [
  'ready',
  'resync',
  'notification',
  'notifications.read',
  'message',
  'messages.read',
  'presence',
  'project.saved',
] as const satisfies typeof liveEventTypes;

/** A handler of one event type of the user's live stream: the event's data, parsed. */
export type LiveListener = (data: unknown) => void;

/** The minimum of EventSource this module uses (tests pass a fake). */
export interface EventSourceLike {
  readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
  onerror: ((event: Event) => void) | null;
}

const CLOSED = 2;

/**
 * One connection to `GET /api/v1/events` per tab, shared by every feature that listens: it opens with
 * the first listener and closes with the last. The browser's EventSource reconnects by itself sending
 * `Last-Event-ID`, so events sent meanwhile arrive; when the server refuses (signed out, restarting) it
 * is opened again after a growing pause while anyone still listens.
 */
export function createLiveConnection(
  // Without EventSource (an old browser, a test without one) nothing is live; pages still load their data.
  open: (url: string) => EventSourceLike | undefined = (url) =>
    typeof EventSource === 'undefined' ? undefined : new EventSource(url, { withCredentials: true }),
  schedule: (run: () => void, ms: number) => unknown = (run, ms) => setTimeout(run, ms),
) {
  const listeners = new Map<LiveEventType, Set<LiveListener>>();
  let source: EventSourceLike | undefined;
  let retryMs = 2000;

  const dispatch = (type: LiveEventType) => (event: MessageEvent<string>) => {
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    if (type === 'ready') retryMs = 2000;
    for (const listener of listeners.get(type) ?? []) listener(data);
  };

  const connect = () => {
    const current = open(streamEndpoint.path);
    if (!current) return;
    source = current;
    for (const type of eventTypes) {
      current.addEventListener(type, dispatch(type));
    }
    current.onerror = () => {
      if (current.readyState !== CLOSED || source !== current) return;
      source = undefined;
      const wait = retryMs;
      retryMs = Math.min(retryMs * 2, 60_000);
      schedule(() => {
        if (!source && size() > 0) connect();
      }, wait);
    };
  };
  const size = () => [...listeners.values()].reduce((total, set) => total + set.size, 0);

  return {
    /** Listens to one event type; returns the function that stops listening. */
    listen(type: LiveEventType, listener: LiveListener): () => void {
      const set = listeners.get(type) ?? new Set();
      set.add(listener);
      listeners.set(type, set);
      if (!source) connect();
      return () => {
        set.delete(listener);
        if (size() === 0 && source) {
          source.close();
          source = undefined;
        }
      };
    },
    /** Whether a connection is open or opening (for tests). */
    get isOpen() {
      return source !== undefined;
    },
  };
}

/** The tab's shared connection. */
export const liveConnection = createLiveConnection();
