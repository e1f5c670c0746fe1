import { getDrop, getDropState } from '@layerloom/api';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

/** How often the live sale figures are read again (the server reads the chain at most every 5 s). */
export const STATE_REFRESH_MS = 10_000;

export const dropKey = (slug: string) => ['drop', slug] as const;
export const dropStateKey = (slug: string) => ['drop', slug, 'state'] as const;

/** A published collection's public page data; a 404 means there is no such mint page. */
export function useDrop(slug: string, enabled = true) {
  return useQuery({
    queryKey: dropKey(slug),
    queryFn: async ({ signal }) => (await call(getDrop, { params: { slug }, signal })).data.drop,
    enabled,
  });
}

/** The sale as the chain reports it, refreshed every few seconds while the page is open. */
export function useDropState(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: dropStateKey(slug),
    queryFn: async ({ signal }) => (await call(getDropState, { params: { slug }, signal })).data,
    enabled,
    staleTime: 0,
    refetchInterval: STATE_REFRESH_MS,
  });
}
