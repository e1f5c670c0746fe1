import type { Collection, GenerationProgress } from '@layerloom/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { call, endpointUrl } from '../../lib/api.ts';
import { useWorkspaceScope } from '../workspaces/workspace-context.tsx';
import {
  cancelGenerationEndpoint,
  collectionEventsEndpoint,
  collectionIpfsEndpoint,
  deleteCollectionEndpoint,
  getCollectionEndpoint,
  listCollectionsEndpoint,
  listTokensEndpoint,
  publicationEndpoint,
} from './collection-endpoints.ts';
import { type GalleryState, tokensQuery } from './gallery-state.ts';
import { onProgressEvents } from './progress-events.ts';

export const collectionsKey = ['collections'] as const;
/** The lists of collections, one per workspace (`[...collectionListKey, workspace]`). */
export const collectionListKey = [...collectionsKey, 'list'] as const;
const collectionKey = (id: string) => [...collectionsKey, id] as const;

/** While something generates, lists and details refresh on their own (the detail also listens to events). */
const LIST_POLL_MS = 2_000;
const DETAIL_POLL_MS = 5_000;

const isGenerating = (collection: Collection | undefined) => collection?.progress.status === 'generating';

/**
 * The collections of the current workspace, newest first; read again on a switch of workspace, and every
 * 2 s while one is generating.
 */
export function useCollections() {
  const workspace = useWorkspaceScope();
  return useQuery({
    queryKey: [...collectionListKey, workspace.key],
    queryFn: async ({ signal }) =>
      (await call(listCollectionsEndpoint, { query: { workspace: workspace.param }, signal })).data
        .collections,
    enabled: workspace.ready,
    refetchInterval: (query) => (query.state.data?.some(isGenerating) ? LIST_POLL_MS : false),
  });
}

/** One collection; 404 for an unknown id or someone else's. */
export function useCollection(id: string) {
  return useQuery({
    queryKey: collectionKey(id),
    queryFn: async ({ signal }) =>
      (await call(getCollectionEndpoint, { params: { id }, signal })).data.collection,
    // Events drive the live view; this slow poll only catches up if the event stream drops.
    refetchInterval: (query) => (isGenerating(query.state.data) ? DETAIL_POLL_MS : false),
  });
}

/** A page of a finished collection's tokens with the collection-wide trait counts. */
export function useTokens(id: string, state: GalleryState, enabled: boolean) {
  return useQuery({
    queryKey: [...collectionKey(id), 'tokens', state],
    queryFn: async ({ signal }) =>
      (await call(listTokensEndpoint, { params: { id }, query: tokensQuery(state), signal })).data,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

/** The IPFS CIDs of a finished collection's images and metadata folders. */
export function useCollectionIpfs(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...collectionKey(id), 'ipfs'],
    queryFn: async ({ signal }) => (await call(collectionIpfsEndpoint, { params: { id }, signal })).data,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The collection's publication (where its token URIs point), or null before it is published. */
export function usePublication(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...collectionKey(id), 'publication'],
    queryFn: async ({ signal }) =>
      (await call(publicationEndpoint, { params: { id }, signal })).data.publication,
    enabled,
  });
}

/** A token's metadata file (`metadata/N.json`) exactly as it is stored. */
export function useTokenMetadata(id: string, edition: number, enabled: boolean) {
  return useQuery({
    queryKey: [...collectionKey(id), 'metadata', edition],
    queryFn: ({ signal }) => call({ method: 'GET', path: metadataPath }, { params: { id, edition }, signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

const imagePath = '/api/v1/collections/:id/images/:edition.png';
const metadataPath = '/api/v1/collections/:id/metadata/:edition.json';

/** URL of a token's image. */
export function tokenImageUrl(id: string, edition: number): string {
  return endpointUrl({ path: imagePath }, { id, edition });
}

const thumbnailPath = '/api/v1/collections/:id/thumbnails/:edition.webp';

/**
 * URL of a token's gallery image: at most 384 px a side (WebP), or the image itself when it is that small.
 * `revision` (the collection's) changes with every reroll, so a browser never shows a replaced image.
 */
export function tokenThumbnailUrl(id: string, edition: number, revision?: string): string {
  return endpointUrl({ path: thumbnailPath }, { id, edition }, revision ? { v: revision } : {});
}

/** URL of a token's metadata file. */
export function tokenMetadataUrl(id: string, edition: number): string {
  return endpointUrl({ path: metadataPath }, { id, edition });
}

/**
 * Deletes a collection and drops it from the cached list. `forget` clears its own cached answers;
 * call it once its page has unmounted, or the still-mounted page would fetch them again and meet a 404.
 */
export function useDeleteCollection() {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (id: string) => call(deleteCollectionEndpoint, { params: { id } }),
    onSuccess: (_data, id) => {
      client.setQueriesData<Collection[]>({ queryKey: collectionListKey }, (list) =>
        list?.filter((item) => item.id !== id),
      );
    },
  });
  const forget = useCallback((id: string) => client.removeQueries({ queryKey: collectionKey(id) }), [client]);
  return { ...mutation, forget };
}

/** Cancels a running generation. */
export function useCancelGeneration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(cancelGenerationEndpoint, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: collectionsKey }),
  });
}

/**
 * Live progress of a generating collection from its server-sent events. Returns the newest
 * progress (or `initial` until the first event); when it ends, the collection is fetched again.
 */
export function useLiveProgress(
  id: string,
  initial: GenerationProgress | undefined,
): GenerationProgress | undefined {
  const client = useQueryClient();
  const [live, setLive] = useState<{ id: string; progress: GenerationProgress }>();
  const generating = initial?.status === 'generating';
  useEffect(() => {
    if (!generating || typeof EventSource === 'undefined') return;
    const source = new EventSource(endpointUrl(collectionEventsEndpoint, { id }));
    onProgressEvents(source, (progress) => {
      setLive({ id, progress });
      if (progress.status !== 'generating') {
        source.close();
        void client.invalidateQueries({ queryKey: collectionsKey });
      }
    });
    return () => source.close();
  }, [id, generating, client]);
  if (initial?.status !== 'generating') return initial;
  return live?.id === id ? live.progress : initial;
}
