import type { DropState, getDrop, getDropState } from '@layerloom/api';
import { useQuery } from '@tanstack/react-query';
import { call, type EndpointRef } from '../../lib/api.ts';

// By method and path only: a collector's mint page does not load the API's schemas (zod) to read its drop.
const dropEndpoint: EndpointRef<typeof getDrop> = { method: 'GET', path: '/api/v1/drops/:slug' };
const dropStateEndpoint: EndpointRef<typeof getDropState> = {
  method: 'GET',
  path: '/api/v1/drops/:slug/state',
};

/** How often the live sale figures are read again (the server reads the chain at most every 5 s). */
export const STATE_REFRESH_MS = 10_000;

export const dropKey = (slug: string) => ['drop', slug] as const;
export const dropStateKey = (slug: string) => ['drop', slug, 'state'] as const;

/** A published collection's public page data; a 404 means there is no such mint page. */
export function useDrop(slug: string, enabled = true) {
  return useQuery({
    queryKey: dropKey(slug),
    queryFn: async ({ signal }) => (await call(dropEndpoint, { params: { slug }, signal })).data.drop,
    enabled,
  });
}

/** How long the server may still answer a read older than the collector's own (its cache 5 s, HTTP 5 s). */
const LOCAL_READ_MS = 15_000;

/** Sales read from the chain by this page right after its own mint, by slug, with when they stop counting. */
const localReads = new Map<string, { state: DropState; until: number }>();

/**
 * Keeps a sale read from the chain after the collector's own mint: for a few seconds, a server answer with
 * fewer tokens minted is an older cached read and is not shown over it.
 */
export function keepLocalRead(slug: string, state: DropState): void {
  localReads.set(slug, { state, until: Date.now() + LOCAL_READ_MS });
}

/** The sale as the chain reports it, refreshed every few seconds while the page is open. */
export function useDropState(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: dropStateKey(slug),
    queryFn: async ({ signal }) => {
      const data = (await call(dropStateEndpoint, { params: { slug }, signal })).data;
      const local = localReads.get(slug);
      if (!local || Date.now() > local.until) return data;
      if (data.state && data.state.minted >= local.state.minted) return data;
      return { state: local.state, notice: null };
    },
    enabled,
    staleTime: 0,
    refetchInterval: STATE_REFRESH_MS,
  });
}
