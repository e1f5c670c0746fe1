import {
  type Collection,
  editCollectionMetadata,
  type GrowBody,
  getCollectionMetadata,
  getRerollChanges,
  growCollection,
  listAmendments,
  type MetadataSettingsInput,
  type RerollBody,
  rerollCollection,
} from '@layerloom/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { collectionListKey, collectionsKey } from './collections-queries.ts';

const amendmentsKey = (id: string) => [...collectionsKey, id, 'amendments'] as const;

/** The collection's rerolls and growth, newest first. */
export function useAmendments(id: string, enabled: boolean) {
  return useQuery({
    queryKey: amendmentsKey(id),
    queryFn: async ({ signal }) => (await call(listAmendments, { params: { id }, signal })).data.amendments,
    enabled,
  });
}

/** A page of a finished reroll's tokens before and after. */
export function useRerollChanges(id: string, amendmentId: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...amendmentsKey(id), amendmentId, 'changes', page, pageSize],
    queryFn: async ({ signal }) =>
      (await call(getRerollChanges, { params: { id, amendmentId }, query: { page, pageSize }, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/**
 * Puts the collection the server answered (now changing) in the cache, so the page shows its progress.
 * Only the list is refetched now: its tokens, CIDs and history are a 409 until the job ends, when the
 * live progress refreshes everything of the collection.
 */
function useStarted(id: string) {
  const client = useQueryClient();
  return (collection: Collection) => {
    client.setQueryData([...collectionsKey, id], collection);
    void client.invalidateQueries({ queryKey: collectionListKey });
  };
}

/** Starts a reroll: `keep` the chosen tokens and reroll every other one. */
export function useReroll(id: string) {
  const started = useStarted(id);
  return useMutation({
    mutationFn: (body: RerollBody) => call(rerollCollection, { params: { id }, body }),
    onSuccess: (answer) => started(answer.data.collection),
  });
}

/** Starts a growth of `count` tokens. */
export function useGrow(id: string) {
  const started = useStarted(id);
  return useMutation({
    mutationFn: (body: GrowBody) => call(growCollection, { params: { id }, body }),
    onSuccess: (answer) => started(answer.data.collection),
  });
}

const metadataKey = (id: string) => [...collectionsKey, id, 'metadata-settings'] as const;

/** The collection's metadata edits, traits (for renames), format warnings and history. */
export function useCollectionMetadata(id: string) {
  return useQuery({
    queryKey: metadataKey(id),
    queryFn: async ({ signal }) => (await call(getCollectionMetadata, { params: { id }, signal })).data,
  });
}

/** Saves the metadata edits; the collection then rewrites its metadata as a job. */
export function useSaveMetadata(id: string) {
  const started = useStarted(id);
  return useMutation({
    mutationFn: (body: MetadataSettingsInput) => call(editCollectionMetadata, { params: { id }, body }),
    onSuccess: (answer) => started(answer.data.collection),
  });
}
