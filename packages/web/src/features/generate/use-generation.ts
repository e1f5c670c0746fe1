import type { Collection, GenerateProjectBody, GenerationProgress } from '@layerloom/api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, endpointUrl } from '../../lib/api.ts';
import {
  cancelGenerationEndpoint,
  collectionEventsEndpoint,
  getCollectionEndpoint,
} from '../collections/collection-endpoints.ts';
import { onProgressEvents } from '../collections/progress-events.ts';
import { generateEndpoint } from './project-endpoints.ts';

/** How often progress is polled when the event stream is not available. */
export const POLL_INTERVAL_MS = 1500;

/** A generation the page is following. */
export interface GenerationRun {
  collection: Collection;
  progress: GenerationProgress;
}

/**
 * Starts and follows a generation: live progress from the server-sent events of the collection; when
 * the stream drops before the end, it falls back to polling the collection until it ends.
 */
export function useGeneration() {
  const [run, setRun] = useState<GenerationRun | null>(null);
  const source = useRef<EventSource | null>(null);
  const poller = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const followed = useRef<string | null>(null);

  const stop = useCallback(() => {
    source.current?.close();
    source.current = null;
    clearTimeout(poller.current);
    followed.current = null;
  }, []);

  const update = useCallback(
    (id: string, progress: GenerationProgress) => {
      if (followed.current !== id) return;
      setRun((current) => (current && current.collection.id === id ? { ...current, progress } : current));
      if (progress.status !== 'generating') stop();
    },
    [stop],
  );

  const poll = useCallback(
    (id: string) => {
      const tick = async () => {
        if (followed.current !== id) return;
        try {
          const { collection } = (await call(getCollectionEndpoint, { params: { id } })).data;
          update(id, collection.progress);
        } catch {
          // A dropped connection is retried on the next tick; the bar simply pauses.
        }
        if (followed.current === id) poller.current = setTimeout(() => void tick(), POLL_INTERVAL_MS);
      };
      poller.current = setTimeout(() => void tick(), POLL_INTERVAL_MS);
    },
    [update],
  );

  /** Follows a collection's progress (one started here, or one found still generating). */
  const follow = useCallback(
    (collection: Collection) => {
      stop();
      followed.current = collection.id;
      setRun({ collection, progress: collection.progress });
      if (collection.progress.status !== 'generating') {
        followed.current = null;
        return;
      }
      const id = collection.id;
      if (typeof EventSource === 'undefined') {
        poll(id);
        return;
      }
      const events = new EventSource(endpointUrl(collectionEventsEndpoint, { id }));
      source.current = events;
      onProgressEvents(events, (progress) => update(id, progress));
      events.onerror = () => {
        // The stream dropped before the end (proxy, restart, network): poll instead of reconnecting blindly.
        if (source.current !== events) return;
        events.close();
        source.current = null;
        if (followed.current === id) poll(id);
      };
    },
    [poll, stop, update],
  );

  /** Starts generating the (saved) project with this generation's options; throws the server's refusal. */
  const start = useCallback(
    async (projectId: string, options: GenerateProjectBody = {}) => {
      const { collection } = (await call(generateEndpoint, { params: { id: projectId }, body: options }))
        .data;
      follow(collection);
      return collection;
    },
    [follow],
  );

  /** Asks the server to stop the running generation. */
  const cancel = useCallback(async () => {
    const id = run?.collection.id;
    if (!id) return;
    const { progress } = (await call(cancelGenerationEndpoint, { params: { id } })).data;
    followed.current = id;
    update(id, progress);
  }, [run, update]);

  const dismiss = useCallback(() => {
    stop();
    setRun(null);
  }, [stop]);

  useEffect(() => stop, [stop]);

  return { run, start, follow, cancel, dismiss };
}
