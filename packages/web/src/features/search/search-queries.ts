import type { SearchKind, search } from '@layerloom/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call, type EndpointRef } from '../../lib/api.ts';

// By method and path only: the header's search box is on every dashboard page, whose first load carries no
// API schemas (zod).
const searchEndpoint: EndpointRef<typeof search> = { method: 'GET', path: '/api/v1/search' };

/** How long typing must pause before the dropdown searches. */
export const SEARCH_DEBOUNCE_MS = 200;

/** The value once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * Searches what the user may see: every kind's first `pageSize` results, or one kind's page. Nothing
 * is asked for an empty text; the previous answer stays on screen while the next one loads.
 */
export function useSearch(text: string, options: { kind?: SearchKind; page?: number; pageSize: number }) {
  const q = text.trim();
  return useQuery({
    queryKey: ['search', q, options.kind ?? 'all', options.page ?? 1, options.pageSize],
    queryFn: async ({ signal }) =>
      (
        await call(searchEndpoint, {
          query: { q, kind: options.kind, page: options.page, pageSize: options.pageSize },
          signal,
        })
      ).data,
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
